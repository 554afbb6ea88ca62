// Enter or correct a betslip's results, one match at a time (the API takes one result per call).
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AdminBetslip, MATCH_RESULTS, type MatchResult, setResult } from '../../api/admin';

const MATCHES = 14;

export function ResultsForm({
  betslip,
  run,
}: {
  betslip: AdminBetslip;
  run: (action: () => Promise<string>) => Promise<void>;
}) {
  const { t } = useLingui();
  const sid = betslip.sid;
  const matches = Array.isArray(betslip.matches) ? betslip.matches : [];
  const count = Math.max(MATCHES, matches.length);
  const known = (position: number) =>
    matches.find((m) => (m.position ?? m.betslipPosotion) === position) ?? matches[position - 1];
  const [chosen, setChosen] = useState<Record<number, MatchResult | ''>>({});
  const labels: Record<MatchResult, string> = {
    HOME_WIN: t`Home win`,
    AWAY_WIN: t`Away win`,
    DRAW: t`Draw`,
    VOID: t`Void`,
  };
  return (
    <ol className="admin-results" aria-label={t`Results of ${sid}`}>
      {Array.from({ length: count }, (_, i) => i + 1).map((position) => {
        const match = known(position);
        const name = match?.homeTeam ? `${match.homeTeam} – ${match.awayTeam ?? ''}` : t`Match ${position}`;
        const sent = match?.result;
        const current = MATCH_RESULTS.find((r) => r === sent) ?? '';
        const value = chosen[position] ?? current;
        const selectId = `result-${betslip.sid}-${position}`;
        return (
          <li key={position} className="admin-result">
            <label htmlFor={selectId}>
              {position}. {name}
            </label>
            <select
              id={selectId}
              value={value}
              onChange={(e) => setChosen((c) => ({ ...c, [position]: e.target.value as MatchResult | '' }))}
            >
              <option value="">{t`No result yet`}</option>
              {MATCH_RESULTS.map((r) => (
                <option key={r} value={r}>
                  {labels[r]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={!value}
              aria-label={t`Save the result of match ${position}`}
              onClick={() => {
                if (!value) return;
                void run(async () => {
                  await setResult(betslip.sid, position, value);
                  return t`Result of match ${position} saved.`;
                });
              }}
            >
              <Trans>Save</Trans>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
