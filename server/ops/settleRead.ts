// Settlement's reads: a betslip's submissions a page at a time, each counted against the results with
// the pure rules as it arrives, so no stretch of work is long (the embedded database runs on the
// JavaScript thread) and the picks themselves are not kept. Under rule 'ROWS' each slip's rows are
// counted per tier (machines/rules/rowSettlement.ts, never enumerated); under 'SLIP' (rounds published
// before rows counted) a slip is one entry in its best row's tier, exactly as those rounds were sold.
// Counting keeps a few bytes per slip (PageCounts), never the slips: a round of a million slips costs
// settlement a few MB, and paying finds each slip again by its place in id order instead of keeping ids.
import { setImmediate } from 'node:timers/promises';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type Outcome, predictionToOutcome } from '../../machines/rules/betslip.ts';
import {
  type CountedRows,
  countSlipRows,
  type RowTierStatistic,
  type SettlementRule,
  shareRowTiers,
  type TierRows,
  tierTable,
} from '../../machines/rules/rowSettlement.ts';
import { addRowPicks, type RowSlip } from '../../machines/rules/rows.ts';
import {
  asStoredResult,
  type MatchShares,
  type PrizePool,
  pickCounts,
  type StoredResult,
} from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';

type Db = Kysely<Database>;

/** A betslip's results in match order; null while any is missing. */
export async function storedResults(db: Db, sid: string): Promise<StoredResult[] | null> {
  const matches = await db
    .selectFrom('matches')
    .select('result')
    .where('betslip_sid', '=', sid)
    .orderBy('position')
    .execute();
  const results = matches.map((m) => asStoredResult(m.result));
  return results.every((r) => r !== null) ? results : null;
}

/** A slip as counting reads it: whose it is is not read (paying takes it from the slip's row). */
export interface StoredSlip {
  id: string;
  /** Its picks by position (0-based), as `outcomesOf` reads stored predictions. */
  outcomes: Outcome[];
  systemId: string | null;
}

/**
 * The picks as 'position:prediction,…' built in SQL: the embedded database hands rows to JavaScript
 * slowly, and this is a fifth the size of the stored JSON and reads several times faster. Every writer
 * stores numbers (judge.ts's StoredPrediction), so no element's type is checked here: checking each one
 * made reading a round's slips about a third slower.
 */
const COMPACT_PICKS = sql<string | null>`(
  SELECT string_agg((e->>'betSlipPosition') || ':' || (e->>'prediction'), ',')
  FROM jsonb_array_elements(predictions) AS e)`;

/**
 * A slip's outcomes from its compact picks, exactly as `outcomesOf` reads the stored predictions (a
 * position out of range or not a whole number is skipped, a prediction that is no outcome is unset),
 * scanned in place: settlement reads 1.4 million picks for 100k slips, and building an object for each
 * first took six times as long.
 */
export function compactOutcomes(text: string | null, matchCount: number): Outcome[] {
  const outcomes: Outcome[] = new Array(matchCount).fill(null);
  if (!text) return outcomes;
  for (let start = 0; start <= text.length; ) {
    const comma = text.indexOf(',', start);
    const end = comma < 0 ? text.length : comma;
    const colon = text.indexOf(':', start);
    const split = colon >= 0 && colon < end;
    const position = Number(text.slice(start, split ? colon : end));
    const prediction = split ? Number(text.slice(colon + 1, end)) : Number.NaN;
    if (Number.isInteger(position) && position >= 0 && position < matchCount)
      outcomes[position] = predictionToOutcome(prediction);
    start = end + 1;
  }
  return outcomes;
}

/**
 * Reads a page of `sid`'s submissions (id after `after`, all when null; in id order; at most `limit`)
 * with `select` choosing the columns.
 */
function readPage<R>(
  db: Db,
  sid: string,
  after: string | null,
  limit: number,
  select: (
    query: SelectQueryBuilder<Database, 'submissions', object>,
  ) => SelectQueryBuilder<Database, 'submissions', R>,
): Promise<R[]> {
  return db.transaction().execute(async (trx) => {
    await walkSlipsInIdOrder(trx);
    let query = select(trx.selectFrom('submissions'))
      .where('betslip_sid', '=', sid)
      .orderBy('id')
      .limit(limit);
    if (after !== null) query = query.where('id', '>', after);
    return (await query.execute()) as R[];
  });
}

/**
 * For the rest of the transaction, reads a betslip's slips along the (betslip_sid, id) index. The embedded
 * database never gathers statistics (no autovacuum), so the planner guesses a betslip has a few hundred
 * slips and sorts all the remaining ones for every page: with 50k slips, a page is tens of times slower.
 * Walking the index is right whatever the size. Disabling plans makes PostgreSQL's cost estimates huge,
 * which would JIT-compile every statement (about 200 ms each, so 90 s to settle 100k slips): no JIT.
 */
export async function walkSlipsInIdOrder(trx: Db): Promise<void> {
  await sql`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true),
    set_config('jit', 'off', true)`.execute(trx);
}

/**
 * Submissions of `sid` with an id after `after` (all when null), in id order, at most `limit`, their picks
 * read against `matchCount` matches.
 */
export async function slipsPage(
  db: Db,
  sid: string,
  after: string | null,
  limit: number,
  matchCount: number,
): Promise<StoredSlip[]> {
  const rows = await readPage(db, sid, after, limit, (q) =>
    q.select(['id', 'system_id', COMPACT_PICKS.as('picks')]),
  );
  return rows.map((r) => ({
    id: r.id,
    outcomes: compactOutcomes(r.picks, matchCount),
    systemId: r.system_id,
  }));
}

export interface CountedSlip {
  id: string;
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

/** A page of counted slips, and the same slips as the rules read them (their outcomes and system). */
interface CountedPage {
  slips: CountedSlip[];
  rowSlips: RowSlip[];
}

/**
 * Every submission of `sid` counted against `results` under `rule`, a page (`pageSize` slips) at a time
 * in id order, yielding the event loop between pages; only the page in hand is held.
 */
async function* countedPages(
  db: Db,
  sid: string,
  results: StoredResult[],
  pools: PrizePool[],
  pageSize: number,
  rule: SettlementRule,
): AsyncGenerator<CountedPage> {
  const table = tierTable(pools, results.length);
  for (let after: string | null = null; ; ) {
    const page = await slipsPage(db, sid, after, pageSize, results.length);
    if (page.length === 0) return;
    const slips = page.map((r): CountedSlip => {
      const counted = countSlipRows(r, results, table);
      const tierRows =
        rule === 'ROWS' || counted.tier === null ? counted.tierRows : [{ prizeType: counted.tier, count: 1 }];
      return { id: r.id, ...counted, tierRows };
    });
    yield { slips, rowSlips: page };
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
    await setImmediate();
  }
}

/**
 * What paying needs of one page of counted slips, in a few bytes a slip instead of the slip: paying finds
 * each slip again by its place in id order (settleBatch.ts) and takes its count from here.
 */
export interface PageCounts {
  /** Each slip's best row's correct matches, and its rows, in the page's id order. */
  correctCount: Int8Array;
  rows: Uint32Array;
  /** The entries per tier of the page's slips that have any, by their index in the page. */
  tierRows: Map<number, TierRows[]>;
}

/** What sharing the pools and the statistics need of a betslip's slips, summed as they are counted. */
export interface SlipTally {
  /** Winning entries per tier (rows under 'ROWS', slips under 'SLIP'), highest tier first. */
  tierRows: TierRows[];
  /** The pick counts of all entries (of rows under 'ROWS', of slips under 'SLIP'). */
  picks: MatchShares[];
  /** What the pick counts are counted out of. */
  entries: number;
  /** Every page's counts, for paying (batchesToPay); empty unless asked for. */
  pages: PageCounts[];
  /** The id that ends each batch of paying (every `batchSize`-th slip's, and the last one's). */
  batchEnds: string[];
}

/**
 * Every submission of `sid` counted against `results` under `rule` and summed, a page at a time; given
 * `batchSize`, each page's counts are kept for paying in batches of that size (PageCounts: about 5 bytes
 * a slip, so a million slips cost 5 MB, not the slips themselves) with the id each batch ends at.
 */
export async function tallySlips(
  db: Db,
  sid: string,
  results: StoredResult[],
  pools: PrizePool[],
  pageSize: number,
  rule: SettlementRule,
  batchSize?: number,
): Promise<SlipTally> {
  const reached = new Map<number, number>();
  let picks = pickCounts([], results.length);
  let entries = 0;
  let seen = 0;
  let last: string | null = null;
  const pages: PageCounts[] = [];
  const batchEnds: string[] = [];
  for await (const { slips, rowSlips } of countedPages(db, sid, results, pools, pageSize, rule)) {
    const counts: PageCounts = {
      correctCount: new Int8Array(slips.length),
      rows: new Uint32Array(slips.length),
      tierRows: new Map(),
    };
    slips.forEach((slip, i) => {
      for (const t of slip.tierRows) reached.set(t.prizeType, (reached.get(t.prizeType) ?? 0) + t.count);
      entries += rule === 'ROWS' ? slip.rows : 1;
      counts.correctCount[i] = slip.correctCount;
      counts.rows[i] = slip.rows;
      if (slip.tierRows.length > 0) counts.tierRows.set(i, slip.tierRows);
      seen += 1;
      if (batchSize && seen % batchSize === 0) batchEnds.push(slip.id);
    });
    if (batchSize) pages.push(counts);
    if (rule === 'ROWS') for (const s of rowSlips) addRowPicks(picks, s);
    else picks = addCounts(picks, pickCounts(rowSlips, results.length));
    last = slips.at(-1)?.id ?? last;
  }
  if (batchSize && seen % batchSize !== 0 && last !== null) batchEnds.push(last);
  const tierRows = [...reached]
    .map(([prizeType, count]) => ({ prizeType, count }))
    .sort((a, b) => b.prizeType - a.prizeType);
  return { tierRows, picks, entries, pages, batchEnds };
}

/** A batch of slips to pay: the `counts` of the slips after id `after` (all when null) up to `lastId`. */
export interface PayBatch {
  after: string | null;
  lastId: string;
  counts: CountedRows[];
}

/**
 * The counted slips of a tally in batches of `batchSize` in id order, each with the ids that bound it
 * (pure: the slips themselves are found again by settleBatch.ts, by their place after `after`).
 */
export function* batchesToPay(tally: SlipTally, batchSize: number): Generator<PayBatch> {
  let after: string | null = null;
  let counts: CountedRows[] = [];
  let batch = 0;
  for (const page of tally.pages) {
    for (let i = 0; i < page.correctCount.length; i++) {
      const tierRows = page.tierRows.get(i) ?? [];
      counts.push({
        rows: page.rows[i]!,
        correctCount: page.correctCount[i]!,
        tier: tierRows[0]?.prizeType ?? null,
        tierRows,
      });
      if (counts.length === batchSize) {
        const lastId = tally.batchEnds[batch++]!;
        yield { after, lastId, counts };
        [after, counts] = [lastId, []];
      }
    }
  }
  if (counts.length > 0) yield { after, lastId: tally.batchEnds[batch]!, counts };
}

/** Every paying tier with its winning entries (rows, or slips under 'SLIP') and each one's share. */
export const shareSlipTiers = (
  tierRows: Iterable<TierRows>,
  pools: readonly PrizePool[],
): RowTierStatistic[] => shareRowTiers(tierRows, pools);
