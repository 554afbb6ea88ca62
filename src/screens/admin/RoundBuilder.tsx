// The round builder: 14 matches (tournament, teams picked from the known ones with their badges or typed,
// kick-off in Maseru time), the closing time (the first kick-off unless changed), prices, prizes and the
// jackpot rollover; checked with the server's own rules (machines/rules/round.ts) before sending, with a
// preview of the betslip as subscribers will see it. A past round can be copied as a start (a week later).
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { ALL_TEAMS, logoPath } from '../../../machines/data/teams';
import { PRIZE_TIERS } from '../../../machines/rules/prizeTiers';
import { firstKickOff, MATCH_COUNT, roundProblem } from '../../../machines/rules/round';
import { ROUND_TEXT_LIMITS } from '../../../machines/rules/roundTextLimits';
import { type AdminBetslip, createBetslip, type NewBetslip } from '../../api/admin';
import { roundProblemText } from './roundProblemText';

/**
 * Maseru is UTC+2 all year: a datetime-local value (to the minute, or to the second when one was given)
 * read as Maseru time, and back.
 */
const fromMaseru = (local: string) => {
  const at = local ? Date.parse(`${local.length === 16 ? `${local}:00` : local}+02:00`) : Number.NaN;
  return Number.isNaN(at) ? '' : new Date(at).toISOString();
};
const toMaseru = (iso: string) =>
  iso ? new Date(Date.parse(iso) + 2 * 3_600_000).toISOString().slice(0, 16) : '';
const WEEK = 7 * 86_400_000;

interface Row {
  tournament: string;
  homeTeam: string;
  awayTeam: string;
  /** datetime-local, Maseru time */
  kickOff: string;
}

const emptyRows = (): Row[] =>
  Array.from({ length: MATCH_COUNT }, () => ({ tournament: '', homeTeam: '', awayTeam: '', kickOff: '' }));

const logoOf = (name: string) => {
  const known = ALL_TEAMS.find((t) => t.name.toLowerCase() === name.trim().toLowerCase());
  return known ? logoPath(known) : null;
};

export function RoundBuilder({
  past,
  run,
  busy = false,
  now = () => new Date(),
}: {
  past: readonly AdminBetslip[];
  /** Runs the operation; true when it was done. */
  run: (action: () => Promise<string>) => Promise<boolean>;
  busy?: boolean;
  now?: () => Date;
}) {
  const { t, i18n } = useLingui();
  const paramLabels: Record<keyof typeof params, string> = {
    defaultBetslipPrice: t`Price of a slip of singles (M)`,
    thirdChance: t`Most triples on a slip`,
    multipleChance: t`Most doubles and triples on a slip`,
    feePerSecond: t`A double multiplies the price by`,
    feePerThird: t`A triple multiplies the price by`,
  };
  const [rows, setRows] = useState<Row[]>(emptyRows);
  const [closing, setClosing] = useState('');
  const [params, setParams] = useState({
    defaultBetslipPrice: 2,
    thirdChance: 3,
    multipleChance: 6,
    feePerSecond: 2,
    feePerThird: 3,
  });
  const [prizes, setPrizes] = useState<Record<number, string>>({});
  const [rollover, setRollover] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const matches = rows.map((r) => ({
    tournament: r.tournament,
    homeTeam: r.homeTeam,
    awayTeam: r.awayTeam,
    startDate: fromMaseru(r.kickOff),
  }));
  const endDate = closing ? fromMaseru(closing) : (firstKickOff(matches) ?? '');
  const body: NewBetslip & { prizes: { prizeType: number; amount: number }[]; rollover: boolean } = {
    endDate,
    matches,
    betslipParams: params,
    prizes: PRIZE_TIERS.filter((tier) => prizes[tier]?.trim()).map((tier) => ({
      prizeType: tier,
      amount: Number(prizes[tier]),
    })),
    rollover,
  };
  const closesAt = toMaseru(endDate).replace('T', ' ');
  const preview = useMemo(() => rows.filter((r) => r.homeTeam && r.awayTeam), [rows]);

  const setRow = (i: number, change: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const copy = (sid: string) => {
    const from = past.find((b) => b.sid === sid);
    if (!from) return;
    setRows(
      emptyRows().map((empty, i) => {
        const m = from.matches[i];
        if (!m) return empty;
        const later = new Date(Date.parse(m.startsAt) + WEEK).toISOString();
        return {
          tournament: m.tournament,
          homeTeam: m.homeTeam,
          awayTeam: m.awayTeam,
          kickOff: toMaseru(later),
        };
      }),
    );
    setClosing('');
  };

  return (
    <form
      className="admin-card form round-builder"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const why = endDate ? roundProblem(body, now()) : 'every match needs a kick-off';
        setProblem(why);
        if (why) return;
        void run(async () => {
          const { sid } = await createBetslip(body);
          return t`Betslip ${sid} created as a draft.`;
        }).then((done) => {
          // A second tap must not create the same round twice: the form starts again empty.
          if (!done) return;
          setRows(emptyRows());
          setClosing('');
          setPrizes({});
          setRollover(false);
        });
      }}
    >
      <h2>
        <Trans>Build a round</Trans>
      </h2>
      {past.length > 0 && (
        <label className="admin-field">
          <span>
            <Trans>Copy a past round (a week later)</Trans>
          </span>
          <select defaultValue="" onChange={(e) => e.target.value && copy(e.target.value)}>
            <option value="">–</option>
            {past.map((b) => (
              <option key={b.sid} value={b.sid}>
                {b.sid}
              </option>
            ))}
          </select>
        </label>
      )}
      <datalist id="known-teams">
        {ALL_TEAMS.map((team) => (
          <option key={team.slug} value={team.name} />
        ))}
      </datalist>
      <h3 className="round-rows-title">
        <Trans>Matches (kick-off in Maseru time)</Trans>
      </h3>
      <ol className="round-rows">
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the 14 positions are fixed
          <li key={i} className="round-row">
            <span className="round-row-number" aria-hidden="true">
              {i + 1}
            </span>
            <input
              className="round-row-tournament"
              aria-label={t`Tournament of match ${i + 1}`}
              placeholder={t`Tournament`}
              maxLength={ROUND_TEXT_LIMITS.tournament}
              value={r.tournament}
              onChange={(e) => setRow(i, { tournament: e.target.value })}
            />
            <input
              className="round-row-home"
              aria-label={t`Home team of match ${i + 1}`}
              placeholder={t`Home`}
              maxLength={ROUND_TEXT_LIMITS.team}
              list="known-teams"
              value={r.homeTeam}
              onChange={(e) => setRow(i, { homeTeam: e.target.value })}
            />
            <input
              className="round-row-away"
              aria-label={t`Away team of match ${i + 1}`}
              placeholder={t`Away`}
              maxLength={ROUND_TEXT_LIMITS.team}
              list="known-teams"
              value={r.awayTeam}
              onChange={(e) => setRow(i, { awayTeam: e.target.value })}
            />
            <input
              className="round-row-kickoff"
              type="datetime-local"
              aria-label={t`Kick-off of match ${i + 1} (Maseru time)`}
              value={r.kickOff}
              onChange={(e) => setRow(i, { kickOff: e.target.value })}
            />
          </li>
        ))}
      </ol>
      <label className="admin-field">
        <span>
          <Trans>Closing time (Maseru time; empty: the first kick-off)</Trans>
        </span>
        <input
          type="datetime-local"
          value={closing}
          placeholder={toMaseru(endDate)}
          onChange={(e) => setClosing(e.target.value)}
        />
      </label>
      <fieldset className="round-params">
        <legend>
          <Trans>Prices</Trans>
        </legend>
        {(Object.keys(params) as Array<keyof typeof params>).map((key) => (
          <label key={key} className="admin-field">
            <span>{paramLabels[key]}</span>
            <input
              type="number"
              step="any"
              value={params[key]}
              onChange={(e) => setParams((p) => ({ ...p, [key]: Number(e.target.value) }))}
            />
          </label>
        ))}
      </fieldset>
      <fieldset className="round-params">
        <legend>
          <Trans>Prizes (M; empty: the default table)</Trans>
        </legend>
        {PRIZE_TIERS.map((tier) => (
          <label key={tier} className="admin-field">
            <span>{t`${tier} correct`}</span>
            <input
              type="number"
              step="0.01"
              min="0"
              value={prizes[tier] ?? ''}
              onChange={(e) => setPrizes((p) => ({ ...p, [tier]: e.target.value }))}
            />
          </label>
        ))}
        <label className="admin-check">
          <input type="checkbox" checked={rollover} onChange={(e) => setRollover(e.target.checked)} />
          <Trans>Roll an unwon jackpot over to the next round</Trans>
        </label>
      </fieldset>
      {problem && (
        <p className="form-error" role="alert">
          {roundProblemText(problem, i18n)}
        </p>
      )}
      {preview.length > 0 && (
        <section className="round-preview" aria-label={t`Preview of the betslip`}>
          <h3>
            <Trans>Preview</Trans>
          </h3>
          {endDate && (
            <p>
              <Trans>Closes {closesAt} (Maseru time)</Trans>
            </p>
          )}
          <ol>
            {preview.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positions
              <li key={i}>
                {logoOf(r.homeTeam) && <img src={logoOf(r.homeTeam)!} alt="" width={20} height={20} />}{' '}
                {r.homeTeam} – {r.awayTeam}{' '}
                {logoOf(r.awayTeam) && <img src={logoOf(r.awayTeam)!} alt="" width={20} height={20} />}{' '}
                <small>{r.kickOff.replace('T', ' ')}</small>
              </li>
            ))}
          </ol>
        </section>
      )}
      <button type="submit" className="btn btn-gold" disabled={busy}>
        <Trans>Create the round</Trans>
      </button>
    </form>
  );
}
