// Settlement's reads: a betslip's submissions a page at a time, each counted against the results with
// the pure rules as it arrives, so no stretch of work is long (the embedded database runs on the
// JavaScript thread) and the picks themselves are not kept. Under rule 'ROWS' each slip's rows are
// counted per tier (machines/rules/rowSettlement.ts, never enumerated); under 'SLIP' (rounds published
// before rows counted) a slip is one entry in its best row's tier, exactly as those rounds were sold.
import { setImmediate } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import {
  countSlipRows,
  type RowTierStatistic,
  type SettlementRule,
  shareRowTiers,
  type TierRows,
  tierTable,
} from '../../machines/rules/rowSettlement.ts';
import { addRowPicks } from '../../machines/rules/rows.ts';
import {
  type MatchShares,
  outcomesOf,
  type PrizePool,
  pickCounts,
  type StoredResult,
} from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';

type Db = Kysely<Database>;

export interface StoredSlip {
  id: string;
  msisdn: string;
  predictions: StoredPrediction[];
  systemId: string | null;
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
      .select(['id', 'msisdn', 'system_id', COMPACT_PICKS.as('picks')])
      .where('betslip_sid', '=', sid)
      .orderBy('id')
      .limit(limit);
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.execute();
    return rows.map(
      (r): StoredSlip => ({
        id: r.id,
        msisdn: r.msisdn,
        predictions: fromCompact(r.picks),
        systemId: r.system_id,
      }),
    );
  });
}

export interface CountedSlip {
  id: string;
  msisdn: string;
  /** Rows the slip stands for. */
  rows: number;
  /** The best row's correct matches, and its tier (null: none). */
  correctCount: number;
  tier: number | null;
  /** The entries it has per tier, highest first: every winning row under 'ROWS', the best one under 'SLIP'. */
  tierRows: TierRows[];
}

const addCounts = (a: MatchShares[], b: MatchShares[]): MatchShares[] =>
  a.map((x, i) => ({
    position: x.position,
    home: x.home + b[i]!.home,
    draw: x.draw + b[i]!.draw,
    away: x.away + b[i]!.away,
  }));

/**
 * Every submission of `sid` counted against `results` under `rule`; the pick counts of all (of rows
 * under 'ROWS', of slips under 'SLIP') and what they are counted out of (`entries`), and who played.
 */
export async function countSlips(
  db: Db,
  sid: string,
  results: StoredResult[],
  pools: PrizePool[],
  pageSize: number,
  rule: SettlementRule,
) {
  const slips: CountedSlip[] = [];
  const participants = new Set<string>();
  const table = tierTable(pools, results.length);
  let picks = pickCounts([], results.length);
  let entries = 0;
  for (let after: string | null = null; ; ) {
    const page = await slipsPage(db, sid, after, pageSize);
    const rowSlips = page.map((r) => ({
      outcomes: outcomesOf(r.predictions, results.length),
      systemId: r.systemId,
    }));
    page.forEach((r, i) => {
      const counted = countSlipRows(rowSlips[i]!, results, table);
      const tierRows =
        rule === 'ROWS' || counted.tier === null ? counted.tierRows : [{ prizeType: counted.tier, count: 1 }];
      slips.push({ id: r.id, msisdn: r.msisdn, ...counted, tierRows });
      participants.add(r.msisdn);
      entries += rule === 'ROWS' ? counted.rows : 1;
    });
    if (rule === 'ROWS') for (const s of rowSlips) addRowPicks(picks, s);
    else picks = addCounts(picks, pickCounts(rowSlips, results.length));
    if (page.length < pageSize) return { slips, picks, entries, participants: [...participants] };
    after = page[page.length - 1]!.id;
    await setImmediate();
  }
}

/** Every paying tier with its winning entries (rows, or slips under 'SLIP') and each one's share. */
export const shareSlipTiers = (
  slips: readonly CountedSlip[],
  pools: readonly PrizePool[],
): RowTierStatistic[] =>
  shareRowTiers(
    slips.flatMap((s) => s.tierRows),
    pools,
  );
