// Settlement by rows (DESIGN.md "Systems and pick shares", rule 'ROWS'): every row of a slip is an entry
// in its best tier, so one slip can win several tiers and several shares of one; each tier's pool is
// shared per winning row, rounded down to the cent, the cents left over staying with the operator (as
// `shareOf` does for rule 'SLIP', settlement.ts). Rows are counted per number of correct matches without
// enumerating them: a full slip by a product over its matches, a reduced one over its table's rows.
// Pure: imports nothing but the pick, settlement and system rules.
import { signsOf } from './betslip.ts';
import type { ReducedSystem } from './reducedSystems.ts';
import { numericTable, type RowSlip, systemOf } from './rows.ts';
import {
  type PrizePool,
  prizeName,
  type StoredResult,
  shareOf,
  type TierStatistic,
  tierOf,
} from './settlement.ts';

/** How a round's slips are settled: 'SLIP' counts a slip once in its best tier (rounds published before
 * rows counted), 'ROWS' counts each of its rows. A settled round is never recomputed under the other. */
export type SettlementRule = 'SLIP' | 'ROWS';

/** A sign at a match is right when it is the result, and every sign is right at a void match (as
 * `isPickCorrect`); nothing is right while the result is unknown (as `correctCount`). */
const signRight = (sign: string, result: StoredResult | null | undefined): boolean =>
  result === 'VOID' || (result != null && sign === result);

/**
 * How many of a slip's rows have each number of correct matches: `byCorrect[k]` rows have k correct,
 * for k = 0..matchCount (the length is outcomes.length + 1; the entries add up to `rowCount`).
 * A full slip: the product over matches of (wrong signs + right signs · x), its coefficients by dynamic
 * programming, 15 numbers per match whatever the rows (exact: at most 3^14 rows). A reduced slip: each
 * table row counted. An unset match is one wrong sign (right when void, as `isPickCorrect`).
 */
export function countRowsByCorrect(slip: RowSlip, results: readonly (StoredResult | null)[]): number[] {
  const { outcomes } = slip;
  const n = outcomes.length;
  const s = systemOf(slip);
  const byCorrect = new Array<number>(n + 1).fill(0);
  if (s) {
    // Columns as the table has them: the triples in slip order, then the doubles. rightAt[c * 3 + v]:
    // whether value v of column c (the match's v-th sign) is right.
    const marked = s.triples + s.doubles;
    const rightAt = new Uint8Array(marked * 3);
    let triple = 0;
    let double = s.triples;
    let fixed = 0;
    for (let i = 0; i < n; i++) {
      const signs = signsOf(outcomes[i] ?? null);
      const column = signs.length === 3 ? triple++ : signs.length === 2 ? double++ : -1;
      if (column < 0) {
        if (signRight(signs[0] ?? '', results[i])) fixed++;
      } else if (column < marked) {
        for (let v = 0; v < signs.length; v++)
          rightAt[column * 3 + v] = signRight(signs[v]!, results[i]) ? 1 : 0;
      }
    }
    if (triple !== s.triples || double !== marked) throw new RangeError(`slip does not fit ${s.id}`);
    const table = numericTable(s);
    for (let r = 0; r < s.rows; r++) {
      let k = fixed;
      for (let c = 0; c < marked; c++) k += rightAt[c * 3 + table[r * marked + c]!]!;
      byCorrect[k]!++;
    }
    return byCorrect;
  }
  byCorrect[0] = 1;
  let top = 0;
  for (let i = 0; i < n; i++) {
    const signs = signsOf(outcomes[i] ?? null);
    const total = Math.max(1, signs.length);
    let rightSigns = 0;
    if (results[i] === 'VOID') rightSigns = total;
    else for (const d of signs) if (signRight(d, results[i])) rightSigns++;
    const wrongSigns = total - rightSigns;
    if (rightSigns > 0) {
      top++;
      for (let k = top; k >= 1; k--)
        byCorrect[k] = byCorrect[k]! * wrongSigns + byCorrect[k - 1]! * rightSigns;
      byCorrect[0] = byCorrect[0]! * wrongSigns;
    } else if (wrongSigns !== 1) {
      for (let k = 0; k <= top; k++) byCorrect[k] = byCorrect[k]! * wrongSigns;
    }
  }
  return byCorrect;
}

/** The tier each number of correct matches reaches under a prize list (`tierOf` for k = 0..matchCount),
 * computed once per round so that counting a slip's rows is a table look-up. */
export const tierTable = (pools: readonly PrizePool[], matchCount: number): (number | null)[] =>
  Array.from({ length: matchCount + 1 }, (_, k) => tierOf(k, pools));

/** Rows of a slip in one tier. */
export interface TierRows {
  prizeType: number;
  count: number;
}

/** The tiers a slip's rows reach, highest first, only those with a row; each row in its best tier only. */
export function tierRowsOf(byCorrect: readonly number[], tiers: readonly (number | null)[]): TierRows[] {
  // A count's tier never falls as the count rises, so walking the counts down meets the tiers highest
  // first, each tier's counts next to one another.
  const out: TierRows[] = [];
  for (let k = byCorrect.length - 1; k >= 0; k--) {
    const tier = tiers[k] ?? null;
    const rows = byCorrect[k]!;
    if (tier === null || rows === 0) continue;
    const last = out[out.length - 1];
    if (last?.prizeType === tier) last.count += rows;
    else out.push({ prizeType: tier, count: rows });
  }
  return out;
}

/** A slip counted by rows, before the pools are shared. */
export interface CountedRows {
  /** Rows the slip stands for. */
  rows: number;
  /** The best row's correct matches. */
  correctCount: number;
  /** The best row's tier; null when no row reaches one. */
  tier: number | null;
  /** Rows per tier reached, highest first (`[]` when none). */
  tierRows: TierRows[];
}

/**
 * A slip's rows counted in their tiers: e.g. a slip of two doubles whose picks all hold the results has
 * 4 rows: 1 × 14, 2 × 13 (and 1 × 12). `tiers` is `tierTable(pools, matchCount)`, made once per round.
 */
export function countSlipRows(
  slip: RowSlip,
  results: readonly (StoredResult | null)[],
  tiers: readonly (number | null)[],
): CountedRows {
  const byCorrect = countRowsByCorrect(slip, results);
  let correctCount = 0;
  for (let k = byCorrect.length - 1; k >= 0; k--)
    if (byCorrect[k]! > 0) {
      correctCount = k;
      break;
    }
  let rows = 0;
  for (const n of byCorrect) rows += n;
  const tierRows = tierRowsOf(byCorrect, tiers);
  return { rows, correctCount, tier: tierRows[0]?.prizeType ?? null, tierRows };
}

/** A tier's pool shared among its winning rows: each row's share rounded down to the cent, and the cents
 * that leaves (they stay with the operator; the whole pool when no row won). */
export function splitPool(
  poolCents: number,
  winningRows: number,
): { amountEachCents: number; leftoverCents: number } {
  const amountEachCents = shareOf(poolCents, winningRows);
  return { amountEachCents, leftoverCents: poolCents - amountEachCents * winningRows };
}

/** A paying tier under rule 'ROWS': `winners` counts winning rows. */
export interface RowTierStatistic extends TierStatistic {
  poolCents: number;
  /** Cents of the pool not paid out: pool − winners × amountEachCents. */
  leftoverCents: number;
}

/**
 * Every paying tier of the prize list, highest first, with its winning rows (summed over every slip's
 * `tierRows`, or over running totals) and each row's share. `payoutOf` (settlement.ts) reads these as
 * it reads slips' tiers: winners × amountEachCents is what the tier pays.
 */
export function shareRowTiers(tierRows: Iterable<TierRows>, pools: readonly PrizePool[]): RowTierStatistic[] {
  const reached = new Map<number, number>();
  for (const t of tierRows) reached.set(t.prizeType, (reached.get(t.prizeType) ?? 0) + t.count);
  return [...pools]
    .filter((p) => p.amountCents > 0)
    .sort((a, b) => b.prizeType - a.prizeType)
    .map((p) => {
      const winners = reached.get(p.prizeType) ?? 0;
      return {
        prizeType: p.prizeType,
        winners,
        poolCents: p.amountCents,
        ...splitPool(p.amountCents, winners),
      };
    });
}

/** A slip's winning rows in one tier and what each is paid (past betslips' `winningRows`, in cents). */
export interface WinningRows {
  prizeType: number;
  count: number;
  amountEachCents: number;
}

/** What settling adds to a counted slip. */
export interface SlipPay {
  /** The best tier's name ('' for none), as `prizeWon`. */
  prizeWon: string;
  /** Only tiers with a winning row, highest first; `[]` when none. */
  winningRows: WinningRows[];
  /** The total: Σ count × amountEachCents. */
  amountWonCents: number;
}

export type SettledRows = CountedRows & SlipPay & { id: string };

/** A counted slip with what each of its winning rows is paid, given every tier's statistics. */
export function payRows<S extends CountedRows>(slip: S, tiers: readonly TierStatistic[]): S & SlipPay {
  const winningRows = slip.tierRows.map((t) => ({
    prizeType: t.prizeType,
    count: t.count,
    amountEachCents: tiers.find((s) => s.prizeType === t.prizeType)?.amountEachCents ?? 0,
  }));
  return {
    ...slip,
    prizeWon: prizeName(slip.tier),
    winningRows,
    amountWonCents: winningRows.reduce((sum, w) => sum + w.count * w.amountEachCents, 0),
  };
}

/** Settles every slip of a betslip by rows against its final results and prize list (rule 'ROWS'). */
export function settleRows(
  slips: readonly (RowSlip & { id: string })[],
  results: readonly (StoredResult | null)[],
  pools: readonly PrizePool[],
): { slips: SettledRows[]; tiers: RowTierStatistic[] } {
  const matchCount = slips.reduce((n, s) => Math.max(n, s.outcomes.length), results.length);
  const table = tierTable(pools, matchCount);
  const counted = slips.map((s) => ({ id: s.id, ...countSlipRows(s, results, table) }));
  const tiers = shareRowTiers(
    counted.flatMap((s) => s.tierRows),
    pools,
  );
  return { slips: counted.map((s) => payRows(s, tiers)), tiers };
}

/** "8 rows: 1 × 14, 2 × 13" — a slip's winning rows in words (English; the client translates its own). */
export const describeRows = (rows: number, tierRows: readonly TierRows[]): string =>
  `${rows} ${rows === 1 ? 'row' : 'rows'}${tierRows.length ? `: ${tierRows.map((t) => `${t.count} × ${t.prizeType}`).join(', ')}` : ''}`;
