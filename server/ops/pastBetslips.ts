// fetch-past-submitted-betslips (CONTRACTS.md "Results and operations API"): a subscriber's submissions,
// newest first, each with its picks against the results so far. Until the betslip is settled nothing is
// marked right or wrong (isCorrect null) but correctCount says how many are right so far; once settled
// the stored counts, prizes and the betslip's statistics are served, with the rows the slip stands for and
// the rows it won per tier (winningRows.ts).
import type { Kysely } from 'kysely';
import {
  asStoredResult,
  correctCount,
  isPickCorrect,
  outcomesOf,
  pickToWire,
  resultToWire,
} from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import { formatMaseru } from '../lib/maseruTime.ts';
import { type Betslip, findBetslip } from '../play/betslips.ts';
import { winningRowsOf } from '../play/winningRows.ts';
import { toCents } from '../wallet/ledger.ts';
import type { StoredStatistics } from './settle.ts';

type Db = Kysely<Database>;

/** A subscriber sees at most this many past submissions (the screen pages through them, 8 at a time). */
export const PAST_LIMIT = 500;

/** Shares to four decimals: enough for a percentage with two. */
const share = (x: number) => Math.round(x * 10_000) / 10_000;

export async function pastBetslips(db: Db, msisdn: string) {
  const submissions = await db
    .selectFrom('submissions as s')
    .leftJoin('slip_results as r', 'r.submission_id', 's.id')
    .select([
      's.betslip_sid',
      's.predictions',
      's.created_at',
      's.reference',
      's.msisdn',
      's.rows',
      's.system_id',
      'r.correct_count',
      'r.amount_won_cents',
      'r.prize_won',
      'r.winning_rows',
    ])
    .where('s.msisdn', '=', msisdn)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(PAST_LIMIT)
    .execute();
  const sids = [...new Set(submissions.map((s) => s.betslip_sid))];
  const betslips = new Map<string, Betslip>();
  const statistics = new Map<string, StoredStatistics | null>();
  if (sids.length) {
    for (const sid of sids) {
      const b = await findBetslip(db, sid);
      if (b) betslips.set(sid, b);
    }
    const rows = await db
      .selectFrom('betslips')
      .select(['sid', 'statistics'])
      .where('sid', 'in', sids)
      .execute();
    for (const r of rows) statistics.set(r.sid, r.statistics == null ? null : fromJson(r.statistics));
  }

  return submissions.flatMap((s) => {
    const betslip = betslips.get(s.betslip_sid);
    if (!betslip) return [];
    const closed = betslip.status === 'SETTLED';
    const results = betslip.matches.map((m) => asStoredResult(m.result));
    const outcomes = outcomesOf(fromJson<StoredPrediction[]>(s.predictions), betslip.matches.length);
    const amountWonCents = closed ? toCents(s.amount_won_cents) : 0;
    const stats = closed ? statistics.get(s.betslip_sid) : null;
    const betDate = formatMaseru(s.created_at);
    return [
      {
        sid: s.betslip_sid,
        reference: s.reference,
        won: closed && amountWonCents > 0,
        betSlipClosed: closed,
        subscriberId: s.msisdn,
        createdAt: betDate,
        amountWon: amountWonCents / 100,
        prizeWon: closed ? (s.prize_won ?? '') : '',
        rows: s.rows,
        systemId: s.system_id,
        winningRows: winningRowsOf(s, closed),
        correctCount: closed
          ? (s.correct_count ?? correctCount(outcomes, results))
          : results.some((r) => r !== null)
            ? correctCount(outcomes, results)
            : null,
        placedBets: betslip.matches.map((m, i) => ({
          positionInBetSlip: m.position + 1,
          pick: pickToWire(outcomes[i] ?? null),
          result: resultToWire(results[i]),
          isCorrect: closed ? isPickCorrect(outcomes[i] ?? null, results[i] ?? null) : null,
          tournament: m.tournament,
          homeTeam: m.homeTeam,
          awayTeam: m.awayTeam,
          matchDate: formatMaseru(m.startAt),
          betDate,
        })),
        statistics: stats
          ? {
              matches: stats.matches.map((x) => ({
                position: x.position,
                home: share(x.home),
                draw: share(x.draw),
                away: share(x.away),
              })),
              tiers: stats.tiers.map((t) => ({
                prizeType: t.prizeType,
                winners: t.winners,
                amountEach: t.amountEachCents / 100,
              })),
              // Statistics stored before systems have no rule: those rounds counted slips.
              settlementRule: stats.rule ?? 'SLIP',
            }
          : null,
      },
    ];
  });
}
