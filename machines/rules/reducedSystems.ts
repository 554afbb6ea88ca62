// Reduced systems (DESIGN.md "Systems and pick shares"): fixed tables of rows over a slip's marked matches
// (its doubles and triples; the singles stay fixed in every row), each with a guarantee that
// tests/unit/reduced-systems.test.ts proves by enumerating every outcome. Shared by the client (what it
// offers and shows) and the server (which recomputes rows and price from the id and the picks, never from
// what a client sends). Pure: imports nothing but the pick rules.
import { type BetslipParams, type Digit, type Outcome, signsOf, withinLimits } from './betslip.ts';
import { fitsShape, fullRowsOf, type SystemShape, shapePriceCents } from './systemShape.ts';

/** A system's id (`R-<triples>-<doubles>-<rows>`, e.g. 'R-4-0-9'), its triples, doubles and rows (= table.length),
 * and its table (systemShape.ts holds what follows from the first four alone). */
export interface ReducedSystem extends SystemShape {
  /** 3^triples × 2^doubles: the rows of the full system over the same marks. */
  fullRows: number;
  /**
   * One text per row, one character per marked match: first the triples in slip order (0–2), then the
   * doubles in slip order (0–1). Value v stands for the match's v-th sign in the order 1, 2, 3
   * (`signsOf`), whatever the tap order.
   */
  table: readonly string[];
  /**
   * Fewest correct marked matches in the slip's best row, over every outcome in which each marked match's
   * result is one of its signs (or void). With the singles right the slip then has a row with at least
   * matchCount − (triples + doubles − guarantee) correct (`guaranteedCorrect`).
   */
  guarantee: number;
  /** How the table was built, for a reader of the code (not shown to players). */
  construction: string;
}

const system = (
  triples: number,
  doubles: number,
  guarantee: number,
  construction: string,
  table: readonly string[],
): ReducedSystem => ({
  id: `R-${triples}-${doubles}-${table.length}`,
  triples,
  doubles,
  rows: table.length,
  fullRows: fullRowsOf({ triples, doubles }),
  table,
  guarantee,
  construction,
});

/** R-4-0-9: the ternary Hamming code [4,2,3], perfect: every outcome of 4 triples is within one of a row. */
const R_4_0_9 = system(4, 0, 3, 'rows (a, b, a+b, a+2b) mod 3: the ternary Hamming code, covering radius 1', [
  '0000',
  '0112',
  '0221',
  '1011',
  '1120',
  '1202',
  '2022',
  '2101',
  '2210',
]);

/** R-0-7-16: the binary Hamming code (7,4), perfect: every outcome of 7 doubles is within one of a row. */
const R_0_7_16 = system(
  0,
  7,
  6,
  'rows (d1, d2, d3, d4, d1^d2^d4, d1^d3^d4, d2^d3^d4): the binary Hamming(7,4) code, covering radius 1',
  [
    '0000000',
    '0001111',
    '0010011',
    '0011100',
    '0100101',
    '0101010',
    '0110110',
    '0111001',
    '1000110',
    '1001001',
    '1010101',
    '1011010',
    '1100011',
    '1101100',
    '1110000',
    '1111111',
  ],
);

/**
 * R-0-6-12: 12 rows over 6 doubles with covering radius 1 (K(6,1) = 12, the fewest possible), found by a
 * local search; fits a round that allows 6 multiples and no triples.
 */
const R_0_6_12 = system(0, 6, 5, 'found by local search; covering radius 1 over 6 doubles (K(6,1) = 12)', [
  '000000',
  '000110',
  '001011',
  '010011',
  '011011',
  '011100',
  '100010',
  '100101',
  '101101',
  '110101',
  '111000',
  '111110',
]);

/**
 * R-3-3-24: 3 triples and 3 doubles, covering radius 1. The triples run over the 9 rows of the ternary
 * parity code x3 = 2 − 2·x1 − x2 (mod 3); each takes one of three sets of doubles that together are all
 * 8 patterns: A = {000, 011, 100} (with 011, 100, 222), B = {010, 101, 111} (with 020, 112, 201),
 * C = {001, 110} (with 002, 121, 210). Found by a local search, proved by enumeration.
 */
const R_3_3_24 = system(3, 3, 5, 'ternary parity code × three sets of doubles; covering radius 1', [
  '002001',
  '002110',
  '011000',
  '011011',
  '011100',
  '020010',
  '020101',
  '020111',
  '100000',
  '100011',
  '100100',
  '112010',
  '112101',
  '112111',
  '121001',
  '121110',
  '201010',
  '201101',
  '201111',
  '210001',
  '210110',
  '222000',
  '222011',
  '222100',
]);

/**
 * R-8-0-27: the direct sum of R-4-0-9 on the first four triples (radius 1) and the repetition code
 * {0000, 1111, 2222} on the last four (radius 2: some sign occurs at least twice in four), so covering
 * radius 3: 5 of the 8 triples guaranteed. No 27 rows can guarantee 6 of 8: a row covers the 1 + 8·2 +
 * 28·4 = 129 outcomes within two of it, and 27 × 129 = 3,483 < 3^8 = 6,561.
 */
const R_8_0_27 = system(
  8,
  0,
  5,
  'R-4-0-9 on triples 1–4 × {0000, 1111, 2222} on triples 5–8; covering radius 3 (radius 2 needs > 27 rows)',
  R_4_0_9.table.flatMap((row) => ['0000', '1111', '2222'].map((tail) => row + tail)),
);

/** Every system offered, fewest rows first. */
export const REDUCED_SYSTEMS: readonly ReducedSystem[] = [R_4_0_9, R_0_6_12, R_0_7_16, R_3_3_24, R_8_0_27];

/** The system of an id; null when no such system is offered. */
export const reducedSystem = (id: string): ReducedSystem | null =>
  REDUCED_SYSTEMS.find((s) => s.id === id) ?? null;

/** The correct matches a system guarantees on a slip of `matchCount` when its singles are right and every
 * marked match's result is one of its signs: 13 of 14 for R-4-0-9. */
export const guaranteedCorrect = (s: ReducedSystem, matchCount: number): number =>
  matchCount - (s.triples + s.doubles - s.guarantee);

/** A slip's marked matches (0-based positions, in slip order): the columns of a system's table. */
export function markedMatches(outcomes: readonly Outcome[]): { triples: number[]; doubles: number[] } {
  const triples: number[] = [];
  const doubles: number[] = [];
  outcomes.forEach((o, i) => {
    const n = signsOf(o).length;
    if (n === 3) triples.push(i);
    else if (n === 2) doubles.push(i);
  });
  return { triples, doubles };
}

/** The table's columns as slip positions: the triples, then the doubles. */
export const systemColumns = (outcomes: readonly Outcome[]): number[] => {
  const { triples, doubles } = markedMatches(outcomes);
  return [...triples, ...doubles];
};

/** True when a slip has exactly the system's triples and doubles (and nothing unset). */
export const fitsSystem = (s: ReducedSystem, outcomes: readonly Outcome[]): boolean => fitsShape(s, outcomes);

/** The systems a slip's marks fit (what the client may offer after marking). */
export const systemsFor = (outcomes: readonly Outcome[]): ReducedSystem[] =>
  REDUCED_SYSTEMS.filter((s) => fitsSystem(s, outcomes));

/**
 * The system's rows over a slip that fits it, in table order: the table applied to the marked matches,
 * the singles fixed. Throws when the slip does not fit (check `fitsSystem` or `checkSystem` first).
 */
export function systemRows(s: ReducedSystem, outcomes: readonly Outcome[]): Digit[][] {
  if (!fitsSystem(s, outcomes)) throw new RangeError(`slip does not fit ${s.id}`);
  const signs = outcomes.map(signsOf);
  const columns = systemColumns(outcomes);
  return s.table.map((line) => {
    const row = signs.map((sg) => sg[0]!);
    columns.forEach((pos, c) => {
      row[pos] = signs[pos]![Number(line[c])]!;
    });
    return row;
  });
}

/**
 * A system slip's price in cents: the full system's price × rows ÷ full rows, rounded half-up to the cent
 * once (from the exact full price, as `priceCents` rounds once). At fees 2 and 3 it is base × rows.
 */
export const systemPriceCents = (s: ReducedSystem, params: BetslipParams): number =>
  shapePriceCents(s, params);

/** Why a system slip is refused: no such system, or marks that are not its triples and doubles. */
export type SystemRefusal = 'UNKNOWN' | 'MARKS';

export type SystemCheck =
  | { ok: true; system: ReducedSystem; rowCount: number; rows: Digit[][]; priceCents: number }
  | { ok: false; messageKey: 'SYSTEM.INVALID'; reason: SystemRefusal }
  | { ok: false; messageKey: 'PICKS.LIMITS' };

/**
 * The server's check of a system slip (complete picks, already parsed), in the contract's order:
 * SYSTEM.INVALID (unknown id, or marks that do not match it), then PICKS.LIMITS (the round's thirdChance
 * and multipleChance). On success, the rows and the price recomputed from the table — never taken from
 * the client.
 */
export function checkSystem(
  systemId: string,
  outcomes: readonly Outcome[],
  params: BetslipParams,
): SystemCheck {
  const s = reducedSystem(systemId);
  if (!s) return { ok: false, messageKey: 'SYSTEM.INVALID', reason: 'UNKNOWN' };
  if (!fitsSystem(s, outcomes)) return { ok: false, messageKey: 'SYSTEM.INVALID', reason: 'MARKS' };
  if (!withinLimits(outcomes, params)) return { ok: false, messageKey: 'PICKS.LIMITS' };
  return {
    ok: true,
    system: s,
    rowCount: s.rows,
    rows: systemRows(s, outcomes),
    priceCents: systemPriceCents(s, params),
  };
}
