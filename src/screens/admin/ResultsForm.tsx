// Enter or correct a betslip's results: all 14 in one form, saved at once (the server checks the list as
// a whole and saves all or none). A match not kicked off yet cannot take a result (the server refuses it
// too), so its choice is disabled.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AdminBetslip, MATCH_RESULTS, type MatchResult, setResults } from '../../api/admin';

const MATCHES = 14;

export function ResultsForm({
  betslip,
  run,
  now = () => Date.now(),
}: {
  betslip: AdminBetslip;
  run: (action: () => Promise<string>) => Promise<unknown>;
  now?: () => number;
}) {
  const { t } = useLingui();
  const sid = betslip.sid;
  const matches = betslip.matches;
  const count = Math.max(MATCHES, matches.length);
  const known = (position: number) => matches.find((m) => m.position === position) ?? matches[position - 1];
  const [chosen, setChosen] = useState<Record<number, MatchResult | ''>>({});
  const labels: Record<MatchResult, string> = {
    HOME_WIN: t`Home win`,
    AWAY_WIN: t`Away win`,
    DRAW: t`Draw`,
    VOID: t`Void`,
  };
  const positions = Array.from({ length: count }, (_, i) => i + 1);
  const chosenFor = (position: number) =>
    chosen[position] ?? MATCH_RESULTS.find((r) => r === known(position)?.result) ?? '';
  const entered = positions
    .map((position) => ({ position, result: chosenFor(position) }))
    .filter((r): r is { position: number; result: MatchResult } => r.result !== '');

  return (
    <form
      className="admin-results-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (entered.length === 0) return;
        void run(async () => {
          const { changed } = await setResults(sid, entered);
          return t`Results saved: ${changed} changed.`;
        });
      }}
    >
      <ol className="admin-results" aria-label={t`Results of ${sid}`}>
        {positions.map((position) => {
          const match = known(position);
          const name = match?.homeTeam ? `${match.homeTeam} – ${match.awayTeam ?? ''}` : t`Match ${position}`;
          const startsAt = match ? Date.parse(match.startsAt) : Number.NaN;
          const notYet = !Number.isNaN(startsAt) && startsAt > now();
          const selectId = `result-${sid}-${position}`;
          return (
            <li key={position} className="admin-result">
              <label htmlFor={selectId}>
                {position}. {name}
              </label>
              <select
                id={selectId}
                value={chosenFor(position)}
                disabled={notYet}
                onChange={(e) => setChosen((c) => ({ ...c, [position]: e.target.value as MatchResult | '' }))}
              >
                <option value="">{notYet ? t`Not kicked off yet` : t`No result yet`}</option>
                {MATCH_RESULTS.map((r) => (
                  <option key={r} value={r}>
                    {labels[r]}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ol>
      <button type="submit" className="btn btn-gold" disabled={entered.length === 0}>
        <Trans>Save results</Trans>
      </button>
    </form>
  );
}
