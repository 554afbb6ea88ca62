// A slip's rows (DESIGN.md "Systems and pick shares"): a plain slip stands for every combination of its
// picks, a reduced-system slip for its system's table over the marked matches. Rows are counted, never
// enumerated, wherever counting will do (a slip of 14 triples stands for 4,782,969 rows). Also the
// server's check of a submission with or without a system, and the rows picking each sign (pick shares).
// Pure: imports nothing but the pick rules and the system tables.
import {
  type BetslipParams,
  type Digit,
  type Outcome,
  type PredictionDto,
  parsePredictions,
  priceCents,
  signsOf,
  withinLimits,
} from './betslip.ts';
import {
  checkSystem,
  fitsSystem,
  type ReducedSystem,
  reducedSystem,
  type SystemRefusal,
  systemColumns,
  systemRows,
} from './reducedSystems.ts';

/** A slip as rows are read from it: its picks by position, and its reduced system's id (null: full). */
export interface RowSlip {
  outcomes: readonly Outcome[];
  systemId?: string | null;
}

/** The reduced system of a slip, null for a full one; throws when the id is unknown (stored data the
 * server checked on submission cannot have one, so settling must not guess). */
export function systemOf(slip: RowSlip): ReducedSystem | null {
  if (slip.systemId == null) return null;
  const s = reducedSystem(slip.systemId);
  if (!s) throw new RangeError(`unknown system ${slip.systemId}`);
  return s;
}

/**
 * How many rows a slip stands for: the product of its picks per match for a full slip (an unset match
 * counts as one row, as a single that is never right), the table's rows for a reduced one.
 */
export function rowCount(slip: RowSlip): number {
  const s = systemOf(slip);
  if (s) return s.rows;
  let n = 1;
  for (const o of slip.outcomes) n *= Math.max(1, signsOf(o).length);
  return n;
}

/**
 * Every row of a slip, one at a time (an unset match has no sign and stays null in every row). A full
 * slip's rows are in odometer order over the signs 1, 2, 3, the last match turning fastest; a reduced
 * slip's in its table's order.
 */
export function* eachRow(slip: RowSlip): Generator<(Digit | null)[]> {
  const s = systemOf(slip);
  if (s) {
    yield* systemRows(s, slip.outcomes);
    return;
  }
  const signs = slip.outcomes.map((o) => {
    const sg = signsOf(o);
    return sg.length ? sg : [null];
  });
  const index = signs.map(() => 0);
  for (;;) {
    yield signs.map((sg, i) => sg[index[i]!]!);
    let i = signs.length - 1;
    while (i >= 0 && ++index[i]! === signs[i]!.length) index[i--] = 0;
    if (i < 0) return;
  }
}

/** Every row of a slip as an array; throws above `limit` rows (use `rowCount` or counting instead). */
export function expandRows(slip: RowSlip, limit = 100_000): (Digit | null)[][] {
  const n = rowCount(slip);
  if (n > limit) throw new RangeError(`${n} rows is more than ${limit}`);
  return [...eachRow(slip)];
}

/** Rows picking home ('1'), draw ('3') and away ('2') at a match, 1-based position as in MatchShares. */
export interface RowPicks {
  position: number;
  home: number;
  draw: number;
  away: number;
}

const SIGN_KEY: Record<Digit, 'home' | 'away' | 'draw'> = { '1': 'home', '2': 'away', '3': 'draw' };

const NUMERIC = new WeakMap<ReducedSystem, Uint8Array>();

/** A system's table as numbers, row after row (read once per system; settlement counts rows with it). */
export function numericTable(s: ReducedSystem): Uint8Array {
  let table = NUMERIC.get(s);
  if (!table) {
    table = Uint8Array.from(s.table.join(''), (ch) => ch.charCodeAt(0) - 48);
    NUMERIC.set(s, table);
  }
  return table;
}

const VALUE_COUNTS = new WeakMap<ReducedSystem, Uint32Array>();

/**
 * How many of a system's table rows hold each value in each column: `[c * 3 + v]`, from its numeric table
 * (pick shares count every system slip of a round with it instead of walking the table's rows).
 */
function columnValueCounts(s: ReducedSystem): Uint32Array {
  let counts = VALUE_COUNTS.get(s);
  if (!counts) {
    const marked = s.triples + s.doubles;
    const table = numericTable(s);
    counts = new Uint32Array(marked * 3);
    for (let i = 0; i < table.length; i++) counts[(i % marked) * 3 + table[i]!]!++;
    VALUE_COUNTS.set(s, counts);
  }
  return counts;
}

/**
 * For each match, how many of the slip's rows pick each sign, counted without enumerating a full slip:
 * each sign of a match is in rows ÷ (its signs) rows. The three add up to the slip's rows at every picked
 * match, so summing slips gives the people's picks as shares of rows.
 */
export function slipRowPicks(slip: RowSlip): RowPicks[] {
  const picks = slip.outcomes.map((_, i) => ({ position: i + 1, home: 0, draw: 0, away: 0 }));
  const s = systemOf(slip);
  if (s) {
    // Table order, as systemRows: a single is in every row; the match in column c takes its v-th sign in
    // as many rows as the table has v in that column.
    if (!fitsSystem(s, slip.outcomes)) throw new RangeError(`slip does not fit ${s.id}`);
    const counts = columnValueCounts(s);
    const columnOf = new Map(systemColumns(slip.outcomes).map((pos, c) => [pos, c]));
    slip.outcomes.forEach((o, i) => {
      const signs = signsOf(o);
      const c = columnOf.get(i);
      if (c === undefined) picks[i]![SIGN_KEY[signs[0]!]] += s.rows;
      else for (let v = 0; v < signs.length; v++) picks[i]![SIGN_KEY[signs[v]!]] += counts[c * 3 + v]!;
    });
    return picks;
  }
  const rows = rowCount(slip);
  slip.outcomes.forEach((o, i) => {
    const sg = signsOf(o);
    for (const d of sg) picks[i]![SIGN_KEY[d]] += rows / sg.length;
  });
  return picks;
}

/** Running totals of rows per sign per match (the server's pick-share aggregate): adds a slip in place. */
export function addRowPicks(totals: RowPicks[], slip: RowSlip): RowPicks[] {
  slipRowPicks(slip).forEach((p, i) => {
    const t = totals[i] ?? { position: p.position, home: 0, draw: 0, away: 0 };
    totals[i] = t;
    t.home += p.home;
    t.draw += p.draw;
    t.away += p.away;
  });
  return totals;
}

/** Rows per sign per match over many slips, and the rows they stand for in all. */
export function rowPickCounts(
  slips: readonly RowSlip[],
  matchCount: number,
): { rows: number; matches: RowPicks[] } {
  const matches = Array.from({ length: matchCount }, (_, i) => ({
    position: i + 1,
    home: 0,
    draw: 0,
    away: 0,
  }));
  let rows = 0;
  for (const slip of slips) {
    addRowPicks(matches, slip);
    rows += rowCount(slip);
  }
  return { rows, matches };
}

export type SlipCheck =
  | { ok: true; outcomes: string[]; systemId: string | null; rows: number; priceCents: number }
  | { ok: false; messageKey: 'PICKS.INCOMPLETE' | 'PICKS.INVALID' | 'PICKS.LIMITS' }
  | { ok: false; messageKey: 'SYSTEM.INVALID'; reason: SystemRefusal };

/**
 * The server's check of a submission, with or without a reduced system, in the contract's order:
 * PICKS.INVALID / PICKS.INCOMPLETE (picks that cannot be read), SYSTEM.INVALID, PICKS.LIMITS. On success
 * the slip's rows and price as the server recomputes them (the caller compares the price with the
 * client's betSlipCost for PRICE.MISMATCH). A null, undefined or empty systemId is a full slip.
 */
export function checkSlip(
  dtos: readonly PredictionDto[],
  matchCount: number,
  params: BetslipParams,
  systemId?: string | null,
): SlipCheck {
  const parsed = parsePredictions(dtos, matchCount);
  if (!parsed.ok) return parsed;
  const { outcomes } = parsed;
  if (systemId) {
    const checked = checkSystem(systemId, outcomes, params);
    if (!checked.ok) return checked;
    return { ok: true, outcomes, systemId, rows: checked.rowCount, priceCents: checked.priceCents };
  }
  if (!withinLimits(outcomes, params)) return { ok: false, messageKey: 'PICKS.LIMITS' };
  return {
    ok: true,
    outcomes,
    systemId: null,
    rows: rowCount({ outcomes }),
    priceCents: priceCents(params, outcomes),
  };
}
