// Reduced systems (DESIGN.md "Systems and pick shares"): every offered system's guarantee proved by
// enumerating every outcome within its marked signs, then its rows, price and refusals.
import { describe, expect, it } from 'vitest';
import {
  type BetslipParams,
  type Outcome,
  type PredictionDto,
  priceCents,
} from '../../machines/rules/betslip';
import {
  checkSystem,
  fitsSystem,
  guaranteedCorrect,
  markedMatches,
  REDUCED_SYSTEMS,
  type ReducedSystem,
  reducedSystem,
  systemPriceCents,
  systemRows,
  systemsFor,
} from '../../machines/rules/reducedSystems';
import { countRowsByCorrect } from '../../machines/rules/rowSettlement';
import { checkSlip, rowCount } from '../../machines/rules/rows';
import type { StoredResult } from '../../machines/rules/settlement';

const DEMO: BetslipParams = {
  defaultBetslipPrice: 2,
  thirdChance: 8,
  multipleChance: 8,
  feePerSecond: 2,
  feePerThird: 3,
};

/** Every outcome of the marked matches: one value per column, 0–2 for a triple, 0–1 for a double. */
function* outcomesOf(s: ReducedSystem): Generator<number[]> {
  const radix = [...Array(s.triples).fill(3), ...Array(s.doubles).fill(2)] as number[];
  const total = s.fullRows;
  for (let n = 0; n < total; n++) {
    let rest = n;
    yield radix.map((r) => {
      const v = rest % r;
      rest = Math.floor(rest / r);
      return v;
    });
  }
}

/** Correct marked matches of the best row when the marked results are `outcome`. */
const bestRowHits = (s: ReducedSystem, outcome: readonly number[]): number =>
  Math.max(...s.table.map((line) => outcome.filter((v, c) => Number(line[c]) === v).length));

/**
 * A 14-match slip fitting a system: its triples and doubles spread over the slip (doubles in a tap order
 * that is not 1-2-3, to show the table reads the signs in the order 1, 2, 3), the rest singles.
 */
function slipFor(s: ReducedSystem): Outcome[] {
  const outcomes: Outcome[] = Array(14).fill('1');
  const doubles = ['31', '21', '32'];
  for (let i = 0; i < s.triples; i++) outcomes[13 - i] = '312';
  for (let i = 0; i < s.doubles; i++) outcomes[i * 1] = doubles[i % 3]!;
  return outcomes;
}

describe('the offered systems', () => {
  it('are the ones the design names, with ids R-<triples>-<doubles>-<rows>', () => {
    expect(REDUCED_SYSTEMS.map((s) => s.id)).toEqual([
      'R-4-0-9',
      'R-0-6-12',
      'R-0-7-16',
      'R-3-3-24',
      'R-8-0-27',
    ]);
    for (const s of REDUCED_SYSTEMS) {
      expect(s.id).toBe(`R-${s.triples}-${s.doubles}-${s.rows}`);
      expect(s.rows).toBe(s.table.length);
      expect(s.fullRows).toBe(3 ** s.triples * 2 ** s.doubles);
      expect(s.rows).toBeLessThan(s.fullRows);
      expect(new Set(s.table).size).toBe(s.rows);
      const pattern = new RegExp(`^[012]{${s.triples}}[01]{${s.doubles}}$`);
      for (const line of s.table) expect(line).toMatch(pattern);
    }
    expect(reducedSystem('R-4-0-9')).toBe(REDUCED_SYSTEMS[0]);
    expect(reducedSystem('R-4-0-10')).toBeNull();
  });

  it('R-4-0-9 is the ternary Hamming code (a, b, a+b, a+2b) mod 3', () => {
    const rows: string[] = [];
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++) rows.push(`${a}${b}${(a + b) % 3}${(a + 2 * b) % 3}`);
    expect(reducedSystem('R-4-0-9')!.table).toEqual(rows);
  });

  it('R-0-7-16 is the binary Hamming(7,4) code', () => {
    const rows: string[] = [];
    for (let x = 0; x < 16; x++) {
      const [d1, d2, d3, d4] = [(x >> 3) & 1, (x >> 2) & 1, (x >> 1) & 1, x & 1];
      rows.push([d1, d2, d3, d4, d1 ^ d2 ^ d4, d1 ^ d3 ^ d4, d2 ^ d3 ^ d4].join(''));
    }
    expect(reducedSystem('R-0-7-16')!.table).toEqual(rows);
  });

  it.each(REDUCED_SYSTEMS.map((s) => [s.id, s] as const))(
    '%s: its guarantee is the least, over every outcome within the marked signs, of the best row',
    (_, s) => {
      let least = Number.POSITIVE_INFINITY;
      let outcomes = 0;
      for (const outcome of outcomesOf(s)) {
        least = Math.min(least, bestRowHits(s, outcome));
        outcomes++;
      }
      expect(outcomes).toBe(3 ** s.triples * 2 ** s.doubles);
      expect(least).toBe(s.guarantee);
    },
  );

  it('guarantees 13 of 14 for R-4-0-9, R-0-6-12, R-0-7-16 and R-3-3-24, 11 of 14 for R-8-0-27', () => {
    expect(REDUCED_SYSTEMS.map((s) => [s.id, guaranteedCorrect(s, 14)])).toEqual([
      ['R-4-0-9', 13],
      ['R-0-6-12', 13],
      ['R-0-7-16', 13],
      ['R-3-3-24', 13],
      ['R-8-0-27', 11],
    ]);
  });

  it.each(REDUCED_SYSTEMS.map((s) => [s.id, s] as const))(
    '%s: on a real slip, every outcome with the singles right leaves a row with the guaranteed count',
    (_, s) => {
      const outcomes = slipFor(s);
      const { triples, doubles } = markedMatches(outcomes);
      const columns = [...triples, ...doubles];
      const signs = ['1', '2', '3'] as const;
      let least = Number.POSITIVE_INFINITY;
      for (const outcome of outcomesOf(s)) {
        const results: StoredResult[] = Array(14).fill('1');
        columns.forEach((pos, c) => {
          const marked = signs.filter((d) => outcomes[pos]!.includes(d));
          results[pos] = marked[outcome[c]!]!;
        });
        const byCorrect = countRowsByCorrect({ outcomes, systemId: s.id }, results);
        least = Math.min(
          least,
          byCorrect.findLastIndex((n) => n > 0),
        );
      }
      expect(least).toBe(guaranteedCorrect(s, 14));
    },
  );
});

describe('rows of a system slip', () => {
  it('applies the table to the marked matches in slip order, the singles fixed in every row', () => {
    const s = reducedSystem('R-4-0-9')!;
    const outcomes: Outcome[] = [
      '2',
      '123',
      '3',
      '321',
      '1',
      '213',
      '231',
      '2',
      '1',
      '1',
      '3',
      '3',
      '2',
      '1',
    ];
    const rows = systemRows(s, outcomes);
    expect(rows).toHaveLength(9);
    // Row '0112': triples at positions 1, 3, 5, 6 take signs 1, 2, 2, 3.
    expect(rows[1]).toEqual(['2', '1', '3', '2', '1', '2', '3', '2', '1', '1', '3', '3', '2', '1']);
    for (const row of rows) {
      for (const i of [0, 2, 4, 7, 8, 9, 10, 11, 12, 13]) expect(row[i]).toBe(outcomes[i]);
    }
    expect(new Set(rows.map((r) => r.join(''))).size).toBe(9);
  });

  it("reads a double's signs in the order 1, 2, 3 whatever the tap order", () => {
    const s = reducedSystem('R-0-7-16')!;
    const outcomes: Outcome[] = ['31', '13', '21', '12', '32', '23', '31', '1', '1', '1', '1', '1', '1', '1'];
    const rows = systemRows(s, outcomes);
    // Row '0001111': value 0 is the lower sign, value 1 the higher.
    expect(rows[1]!.slice(0, 7)).toEqual(['1', '1', '1', '2', '3', '3', '3']);
    expect(rowCount({ outcomes, systemId: s.id })).toBe(16);
    expect(rowCount({ outcomes })).toBe(128);
  });

  it('refuses to expand a slip that does not fit', () => {
    expect(() => systemRows(reducedSystem('R-4-0-9')!, Array(14).fill('1'))).toThrow(RangeError);
  });

  it("offers the systems a slip's marks fit", () => {
    expect(systemsFor(slipFor(reducedSystem('R-3-3-24')!)).map((s) => s.id)).toEqual(['R-3-3-24']);
    expect(systemsFor(Array(14).fill('1'))).toEqual([]);
  });
});

describe('price', () => {
  it('is base × rows at fees 2 and 3', () => {
    expect(REDUCED_SYSTEMS.map((s) => [s.id, systemPriceCents(s, DEMO)])).toEqual([
      ['R-4-0-9', 18_00],
      ['R-0-6-12', 24_00],
      ['R-0-7-16', 32_00],
      ['R-3-3-24', 48_00],
      ['R-8-0-27', 54_00],
    ]);
    // The full system over the same marks costs base × full rows.
    const s = reducedSystem('R-3-3-24')!;
    expect(priceCents(DEMO, slipFor(s))).toBe(2_00 * 216);
  });

  it('is the full price × rows ÷ full rows, rounded half-up to the cent once', () => {
    const odd = { ...DEMO, defaultBetslipPrice: 2.5, feePerSecond: 1.5 };
    // 250 × 1.5^7 × 16 ÷ 128 = 533.935546875 cents.
    expect(systemPriceCents(reducedSystem('R-0-7-16')!, odd)).toBe(534);
    // 8 × 1^6 × 12 ÷ 64 = 1.5 cents: half-up.
    expect(
      systemPriceCents(reducedSystem('R-0-6-12')!, { ...DEMO, defaultBetslipPrice: 0.08, feePerSecond: 1 }),
    ).toBe(2);
    // 7 × 1^6 × 12 ÷ 64 = 1.3125 cents: down.
    expect(
      systemPriceCents(reducedSystem('R-0-6-12')!, { ...DEMO, defaultBetslipPrice: 0.07, feePerSecond: 1 }),
    ).toBe(1);
    // 100 × 1.1^3 × 3^3 × 24 ÷ 216 = 399.3 cents (1.1^3 is 1.3310000000000004 in binary).
    expect(
      systemPriceCents(reducedSystem('R-3-3-24')!, { ...DEMO, defaultBetslipPrice: 1, feePerSecond: 1.1 }),
    ).toBe(399);
  });
});

describe('checks', () => {
  const dtos = (outcomes: readonly Outcome[]): PredictionDto[] =>
    outcomes.map((o, i) => ({ betSlipPosition: i, prediction: Number(o) }));

  it('accepts a slip that fits, with rows and price recomputed from the table', () => {
    const s = reducedSystem('R-4-0-9')!;
    const outcomes = slipFor(s);
    const checked = checkSystem('R-4-0-9', outcomes, DEMO);
    expect(checked.ok && [checked.rowCount, checked.rows.length, checked.priceCents]).toEqual([9, 9, 18_00]);
    expect(checkSlip(dtos(outcomes), 14, DEMO, 'R-4-0-9')).toEqual({
      ok: true,
      outcomes,
      systemId: 'R-4-0-9',
      rows: 9,
      priceCents: 18_00,
    });
    // The same picks without a system: the full system, 81 rows at base × 81.
    expect(checkSlip(dtos(outcomes), 14, DEMO)).toEqual({
      ok: true,
      outcomes,
      systemId: null,
      rows: 81,
      priceCents: 162_00,
    });
  });

  it('refuses an unknown id and marks that do not fit, before the limits', () => {
    const fits = slipFor(reducedSystem('R-4-0-9')!);
    expect(checkSystem('R-4-0-8', fits, DEMO)).toEqual({
      ok: false,
      messageKey: 'SYSTEM.INVALID',
      reason: 'UNKNOWN',
    });
    // One triple too few, one too many, a double instead of a triple, an extra double.
    const fewer = fits.map((o, i) => (i === 13 ? '1' : o));
    const more = fits.map((o, i) => (i === 0 ? '123' : o));
    const double = fits.map((o, i) => (i === 13 ? '12' : o));
    const extra = fits.map((o, i) => (i === 0 ? '12' : o));
    for (const outcomes of [fewer, more, double, extra]) {
      expect(fitsSystem(reducedSystem('R-4-0-9')!, outcomes)).toBe(false);
      expect(checkSystem('R-4-0-9', outcomes, DEMO)).toEqual({
        ok: false,
        messageKey: 'SYSTEM.INVALID',
        reason: 'MARKS',
      });
    }
    // Marks that fit but break the round's limits: PICKS.LIMITS, after the system's check.
    expect(checkSystem('R-4-0-9', fits, { ...DEMO, thirdChance: 3 })).toEqual({
      ok: false,
      messageKey: 'PICKS.LIMITS',
    });
    expect(checkSlip(dtos(more), 14, { ...DEMO, thirdChance: 3 }, 'R-4-0-9')).toMatchObject({
      messageKey: 'SYSTEM.INVALID',
    });
    expect(checkSlip(dtos(more), 14, { ...DEMO, thirdChance: 3 })).toEqual({
      ok: false,
      messageKey: 'PICKS.LIMITS',
    });
  });

  it('refuses picks it cannot read before it looks at the system', () => {
    const outcomes = slipFor(reducedSystem('R-4-0-9')!);
    expect(checkSlip(dtos(outcomes).slice(1), 14, DEMO, 'nope')).toEqual({
      ok: false,
      messageKey: 'PICKS.INCOMPLETE',
    });
    expect(checkSlip([...dtos(outcomes), { betSlipPosition: 0, prediction: 1 }], 14, DEMO, 'nope')).toEqual({
      ok: false,
      messageKey: 'PICKS.INVALID',
    });
    expect(
      fitsSystem(
        reducedSystem('R-4-0-9')!,
        outcomes.map((o, i) => (i === 0 ? null : o)),
      ),
    ).toBe(false);
  });
});
