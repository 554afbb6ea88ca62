// Settlement's reads: a betslip's submissions a page at a time, each counted against the results with
// the pure rules as it arrives, so no stretch of work is long (the embedded database runs on the
// JavaScript thread) and the picks themselves are not kept.
import { setImmediate } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import {
  correctCount,
  type MatchShares,
  outcomesOf,
  type PrizePool,
  pickCounts,
  type StoredResult,
  tierOf,
} from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';

type Db = Kysely<Database>;

export interface StoredSlip {
  id: string;
  msisdn: string;
  predictions: StoredPrediction[];
}

/**
 * The picks as 'position:prediction,…' built in SQL: the embedded database hands rows to JavaScript
 * slowly, and this is a fifth the size of the stored JSON and reads several times faster. Only
 * numbers are kept, as JSON.parse would give them.
 */
const COMPACT_PICKS = sql<string | null>`(
  SELECT string_agg((e->>'betSlipPosition') || ':' || (e->>'prediction'), ',')
  FROM jsonb_array_elements(predictions) AS e
  WHERE jsonb_typeof(e->'betSlipPosition') = 'number' AND jsonb_typeof(e->'prediction') = 'number')`;

const fromCompact = (text: string | null): StoredPrediction[] =>
  text
    ? text.split(',').map((pair) => {
        const [position, prediction] = pair.split(':');
        return { betSlipPosition: Number(position), prediction: Number(prediction) };
      })
    : [];

/** Submissions of `sid` with an id after `after` (all when null), in id order, at most `limit`. */
export function slipsPage(db: Db, sid: string, after: string | null, limit: number) {
  return db.transaction().execute(async (trx) => {
    // The embedded database never gathers statistics (no autovacuum), so the planner guesses a betslip
    // has a few hundred slips and sorts all the remaining ones for every page: with 50k slips, a page
    // is tens of times slower. Walking the (betslip_sid, id) index is right whatever the size.
    await sql`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`.execute(
      trx,
    );
    let query = trx
      .selectFrom('submissions')
      .select(['id', 'msisdn', COMPACT_PICKS.as('picks')])
      .where('betslip_sid', '=', sid)
      .orderBy('id')
      .limit(limit);
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.execute();
    return rows.map((r): StoredSlip => ({ id: r.id, msisdn: r.msisdn, predictions: fromCompact(r.picks) }));
  });
}

export interface CountedSlip {
  id: string;
  msisdn: string;
  correctCount: number;
  tier: number | null;
}

const addCounts = (a: MatchShares[], b: MatchShares[]): MatchShares[] =>
  a.map((x, i) => ({
    position: x.position,
    home: x.home + b[i]!.home,
    draw: x.draw + b[i]!.draw,
    away: x.away + b[i]!.away,
  }));

/** Every submission of `sid` counted against `results`, the pick counts of all, and who played. */
export async function countSlips(
  db: Db,
  sid: string,
  results: StoredResult[],
  pools: PrizePool[],
  pageSize: number,
) {
  const slips: CountedSlip[] = [];
  const participants = new Set<string>();
  let picks = pickCounts([], results.length);
  for (let after: string | null = null; ; ) {
    const page = await slipsPage(db, sid, after, pageSize);
    const outcomes = page.map((r) => ({ outcomes: outcomesOf(r.predictions, results.length) }));
    page.forEach((r, i) => {
      const count = correctCount(outcomes[i]!.outcomes, results);
      slips.push({ id: r.id, msisdn: r.msisdn, correctCount: count, tier: tierOf(count, pools) });
      participants.add(r.msisdn);
    });
    picks = addCounts(picks, pickCounts(outcomes, results.length));
    if (page.length < pageSize) return { slips, picks, participants: [...participants] };
    after = page[page.length - 1]!.id;
    await setImmediate();
  }
}
