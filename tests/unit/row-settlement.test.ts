// A slip's rows and settlement by rows (DESIGN.md "Systems and pick shares"): examples counted by hand,
// then the counting checked against enumerating every row, over random slips, systems and results.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Digit, Outcome } from '../../machines/rules/betslip';
import { REDUCED_SYSTEMS, type ReducedSystem } from '../../machines/rules/reducedSystems';
import {
  countRowsByCorrect,
  countSlipRows,
  describeRows,
  payRows,
  settleRows,
  shareRowTiers,
  splitPool,
  tierRowsOf,
  tierTable,
} from '../../machines/rules/rowSettlement';
import {
  addRowPicks,
  eachRow,
  expandRows,
  type RowSlip,
  rowCount,
  rowPickCounts,
  slipRowPicks,
} from '../../machines/rules/rows';
import {
  correctCount,
  type PrizePool,
  payoutOf,
  type StoredResult,
  settle,
} from '../../machines/rules/settlement';

const POOLS: PrizePool[] = [
  { prizeType: 14, amountCents: 1000_00 },
  { prizeType: 13, amountCents: 100_00 },
  { prizeType: 12, amountCents: 10_00 },
  { prizeType: 7, amountCents: 1_00 },
  { prizeType: 6, amountCents: 50 },
];
const TIERS14 = tierTable(POOLS, 14);
const RESULTS: StoredResult[] = ['1', '3', '2', '1', '1', '2', '3', '3', '1', '2', '1', '1', '2', '3'];

/** Rows per correct count by brute force: every row enumerated and counted as a slip of singles. */
function bruteByCorrect(slip: RowSlip, results: readonly (StoredResult | null)[]): number[] {
  const byCorrect = new Array<number>(slip.outcomes.length + 1).fill(0);
  for (const row of eachRow(slip)) byCorrect[correctCount(row, results)]!++;
  return byCorrect;
}

describe('rows of a full slip', () => {
  it('stands for every combination of its picks, in odometer order', () => {
    const slip = { outcomes: ['21', '1', '31'] };
    expect(rowCount(slip)).toBe(4);
    expect(expandRows(slip).map((r) => r.join(''))).toEqual(['111', '113', '211', '213']);
    expect(rowCount({ outcomes: ['1', '2', '3'] })).toBe(1);
    expect(expandRows({ outcomes: ['1', '2', '3'] })).toEqual([['1', '2', '3']]);
  });

  it('is counted, not enumerated, when large', () => {
    const triples = { outcomes: Array(14).fill('123') };
    expect(rowCount(triples)).toBe(4_782_969);
    expect(() => expandRows(triples)).toThrow(RangeError);
    const byCorrect = countRowsByCorrect(triples, RESULTS);
    // Row k correct: C(14, k) × 2^(14 − k).
    expect(byCorrect[14]).toBe(1);
    expect(byCorrect[13]).toBe(28);
    expect(byCorrect[0]).toBe(2 ** 14);
    expect(byCorrect.reduce((a, b) => a + b, 0)).toBe(4_782_969);
  });

  it('counts an unset match as one row that is never right, except when void', () => {
    const slip = { outcomes: ['12', null, '1'] as Outcome[] };
    expect(rowCount(slip)).toBe(2);
    expect(expandRows(slip)).toEqual([
      ['1', null, '1'],
      ['2', null, '1'],
    ]);
    expect(countRowsByCorrect(slip, ['1', '1', '1'])).toEqual([0, 1, 1, 0]);
    expect(countRowsByCorrect(slip, ['1', 'VOID', '1'])).toEqual([0, 0, 1, 1]);
  });
});

describe('rows counted in tiers', () => {
  it('a slip of two doubles that hits 14 has 1 × 14, 2 × 13 and 1 × 12: 4 rows', () => {
    const outcomes: Outcome[] = RESULTS.slice();
    outcomes[0] = '12';
    outcomes[5] = '32';
    const byCorrect = countRowsByCorrect({ outcomes }, RESULTS);
    expect(byCorrect.slice(11)).toEqual([0, 1, 2, 1]);
    const counted = countSlipRows({ outcomes }, RESULTS, TIERS14);
    expect(counted).toEqual({
      rows: 4,
      correctCount: 14,
      tier: 14,
      tierRows: [
        { prizeType: 14, count: 1 },
        { prizeType: 13, count: 2 },
        { prizeType: 12, count: 1 },
      ],
    });
    expect(describeRows(counted.rows, counted.tierRows)).toBe('4 rows: 1 × 14, 2 × 13, 1 × 12');
    expect(describeRows(1, [])).toBe('1 row');
  });

  it('puts each row in its best tier only, pooling the counts below 12 into 7 and 6', () => {
    // 8, 9, 10 and 11 correct all reach tier 7; 6 reaches 6; below 6 nothing.
    expect(tierRowsOf([5, 0, 0, 0, 0, 0, 3, 0, 1, 1, 1, 1, 0, 2, 0], TIERS14)).toEqual([
      { prizeType: 13, count: 2 },
      { prizeType: 7, count: 4 },
      { prizeType: 6, count: 3 },
    ]);
    // A tier with an empty pool pays nothing: its rows fall to the next tier.
    const noThirteen = tierTable([POOLS[0]!, { prizeType: 13, amountCents: 0 }, ...POOLS.slice(2)], 14);
    expect(tierRowsOf([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1], noThirteen)).toEqual([
      { prizeType: 14, count: 1 },
      { prizeType: 12, count: 2 },
    ]);
  });

  it('counts a reduced slip over its table: R-4-0-9 with a void match, by hand', () => {
    const slip = { outcomes: ['123', '123', '123', '123'], systemId: 'R-4-0-9' };
    // Results 1, 3 (sign index 2), void, 2 (sign index 1): a row (a, b, a+b, a+2b) hits
    // [a = 0] + [b = 2] + 1 + [a + 2b = 1]: 0000 → 2, 0112 → 2, 0221 → 4, 1011 → 2, 1120 → 1,
    // 1202 → 2, 2022 → 1, 2101 → 2, 2210 → 2.
    expect(countRowsByCorrect(slip, ['1', '3', 'VOID', '2'])).toEqual([0, 2, 6, 0, 1]);
  });

  it('refuses to count a slip whose system is unknown or does not fit its marks', () => {
    expect(() => countRowsByCorrect({ outcomes: Array(14).fill('1'), systemId: 'R-9-9-9' }, RESULTS)).toThrow(
      RangeError,
    );
    const fourTriples: Outcome[] = [...Array(4).fill('123'), ...Array(10).fill('1')];
    expect(() => countRowsByCorrect({ outcomes: fourTriples, systemId: 'R-0-7-16' }, RESULTS)).toThrow(
      RangeError,
    );
    expect(() =>
      countRowsByCorrect({ outcomes: fourTriples.slice(1), systemId: 'R-4-0-9' }, RESULTS),
    ).toThrow(RangeError);
    expect(countRowsByCorrect({ outcomes: fourTriples, systemId: 'R-4-0-9' }, RESULTS)[14]).toBe(0);
  });

  const multi = fc.constantFrom('12', '13', '23', '21', '31', '32', '123', '321');
  const result = fc.constantFrom<StoredResult | null>('1', '2', '3', '1', '2', '3', 'VOID', null);
  const fullSlip = fc
    .tuple(
      fc.array(fc.constantFrom<Outcome>('1', '2', '3', null), { minLength: 14, maxLength: 14 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 13 }), multi), { maxLength: 7 }),
    )
    .map(([singles, multis]) => {
      const outcomes = singles.slice();
      for (const [i, o] of multis) outcomes[i] = o;
      return { outcomes } as RowSlip;
    });
  const reducedSlip = fc
    .tuple(
      fc.constantFrom(...REDUCED_SYSTEMS),
      fc.array(fc.constantFrom('1', '2', '3'), { minLength: 14, maxLength: 14 }),
      fc.shuffledSubarray([...Array(14).keys()], { minLength: 14, maxLength: 14 }),
      fc.array(fc.constantFrom('12', '13', '23', '21', '31', '32'), { minLength: 8, maxLength: 8 }),
      fc.array(fc.constantFrom('123', '321', '213'), { minLength: 8, maxLength: 8 }),
    )
    .map(([s, singles, order, doubles, triples]: [ReducedSystem, string[], number[], string[], string[]]) => {
      const outcomes: Outcome[] = singles.slice();
      order.slice(0, s.triples).forEach((pos, i) => {
        outcomes[pos] = triples[i]!;
      });
      order.slice(s.triples, s.triples + s.doubles).forEach((pos, i) => {
        outcomes[pos] = doubles[i]!;
      });
      return { outcomes, systemId: s.id } as RowSlip;
    });
  const results = fc.array(result, { minLength: 14, maxLength: 14 });

  it('counts a full slip as enumerating every row would', () => {
    fc.assert(
      fc.property(fullSlip, results, (slip, res) => {
        const byCorrect = countRowsByCorrect(slip, res);
        expect(byCorrect).toEqual(bruteByCorrect(slip, res));
        expect(byCorrect.reduce((a, b) => a + b, 0)).toBe(rowCount(slip));
      }),
    );
  });

  it('counts a reduced slip as enumerating its rows would', () => {
    fc.assert(
      fc.property(reducedSlip, results, (slip, res) => {
        const byCorrect = countRowsByCorrect(slip, res);
        expect(byCorrect).toEqual(bruteByCorrect(slip, res));
        expect(byCorrect.reduce((a, b) => a + b, 0)).toBe(rowCount(slip));
      }),
    );
  });

  it("counts a reduced slip's rows per sign as enumerating its rows would, its marks anywhere", () => {
    const key: Record<Digit, 'home' | 'away' | 'draw'> = { '1': 'home', '2': 'away', '3': 'draw' };
    fc.assert(
      fc.property(reducedSlip, (slip) => {
        const brute = slip.outcomes.map((_, i) => ({ position: i + 1, home: 0, draw: 0, away: 0 }));
        for (const row of eachRow(slip)) row.forEach((d, i) => void (d && brute[i]![key[d]]++));
        expect(slipRowPicks(slip)).toEqual(brute);
      }),
    );
    expect(() => slipRowPicks({ outcomes: Array(14).fill('1'), systemId: 'R-4-0-9' })).toThrow(RangeError);
  });

  it('counts 100,000 slips with systems quickly', () => {
    const slips = fc.sample(fc.oneof(fullSlip, reducedSlip), { numRuns: 1000, seed: 14 });
    const started = performance.now();
    let rows = 0;
    for (let n = 0; n < 100; n++)
      for (const slip of slips) rows += countSlipRows(slip, RESULTS, TIERS14).rows;
    const ms = performance.now() - started;
    expect(rows).toBeGreaterThan(100_000);
    // About 0.3–1 s on a busy 2-core machine; the bound (the whole settlement's target) only catches a
    // slip into enumerating rows, which is tens of times slower.
    expect(ms).toBeLessThan(10_000);
  });
});

describe('pools shared per row', () => {
  it('splits a pool per winning row, floored to the cent, saying what is left', () => {
    expect(splitPool(100_00, 3)).toEqual({ amountEachCents: 33_33, leftoverCents: 1 });
    expect(splitPool(1, 2)).toEqual({ amountEachCents: 0, leftoverCents: 1 });
    expect(splitPool(5_00, 0)).toEqual({ amountEachCents: 0, leftoverCents: 5_00 });
    expect(splitPool(10_00, 4)).toEqual({ amountEachCents: 2_50, leftoverCents: 0 });
  });

  // Four matches keep the count readable; the pools are for 4, 3 and 2 correct.
  const pools: PrizePool[] = [
    { prizeType: 4, amountCents: 100_00 },
    { prizeType: 3, amountCents: 10_00 },
    { prizeType: 2, amountCents: 1_00 },
  ];
  const results: StoredResult[] = ['1', '3', 'VOID', '2'];
  const slips = [
    { id: 'a', outcomes: ['12', '13', '1', '2'] }, // 4 rows: 1 × 4, 2 × 3, 1 × 2
    { id: 'b', outcomes: ['1', '3', '2', '2'] }, // 1 row: 1 × 4
    { id: 'c', outcomes: ['123', '123', '123', '123'], systemId: 'R-4-0-9' }, // 9 rows: 1 × 4, 6 × 2
    { id: 'd', outcomes: ['2', '1', '1', '1'] }, // 1 row: 1 correct (the void)
  ];

  it('settles each row in its best tier, by hand', () => {
    const { slips: settled, tiers } = settleRows(slips, results, pools);
    // Tier 4: 3 rows share 100.00 → 33.33 each, 1 cent left. Tier 3: 2 rows → 5.00. Tier 2: 7 rows share
    // 1.00 → 0.14 each, 2 cents left.
    expect(tiers).toEqual([
      { prizeType: 4, winners: 3, poolCents: 100_00, amountEachCents: 33_33, leftoverCents: 1 },
      { prizeType: 3, winners: 2, poolCents: 10_00, amountEachCents: 5_00, leftoverCents: 0 },
      { prizeType: 2, winners: 7, poolCents: 1_00, amountEachCents: 14, leftoverCents: 2 },
    ]);
    expect(settled).toEqual([
      {
        id: 'a',
        rows: 4,
        correctCount: 4,
        tier: 4,
        prizeWon: '4 CORRECT',
        tierRows: [
          { prizeType: 4, count: 1 },
          { prizeType: 3, count: 2 },
          { prizeType: 2, count: 1 },
        ],
        winningRows: [
          { prizeType: 4, count: 1, amountEachCents: 33_33 },
          { prizeType: 3, count: 2, amountEachCents: 5_00 },
          { prizeType: 2, count: 1, amountEachCents: 14 },
        ],
        amountWonCents: 33_33 + 10_00 + 14,
      },
      {
        id: 'b',
        rows: 1,
        correctCount: 4,
        tier: 4,
        prizeWon: '4 CORRECT',
        tierRows: [{ prizeType: 4, count: 1 }],
        winningRows: [{ prizeType: 4, count: 1, amountEachCents: 33_33 }],
        amountWonCents: 33_33,
      },
      {
        id: 'c',
        rows: 9,
        correctCount: 4,
        tier: 4,
        prizeWon: '4 CORRECT',
        tierRows: [
          { prizeType: 4, count: 1 },
          { prizeType: 2, count: 6 },
        ],
        winningRows: [
          { prizeType: 4, count: 1, amountEachCents: 33_33 },
          { prizeType: 2, count: 6, amountEachCents: 14 },
        ],
        amountWonCents: 33_33 + 6 * 14,
      },
      {
        id: 'd',
        rows: 1,
        correctCount: 1,
        tier: null,
        prizeWon: '',
        tierRows: [],
        winningRows: [],
        amountWonCents: 0,
      },
    ]);
    // payoutOf reads the row tiers as it reads slip tiers.
    const payout = payoutOf(tiers, pools, true);
    expect(payout.totalPayoutCents).toBe(3 * 33_33 + 2 * 5_00 + 7 * 14);
    expect(payout.totalPayoutCents).toBe(settled.reduce((a, s) => a + s.amountWonCents, 0));
  });

  it('shares the same from running totals as from every slip', () => {
    const counted = slips.map((s) => ({ id: s.id, ...countSlipRows(s, results, tierTable(pools, 4)) }));
    const totals = new Map<number, number>();
    for (const c of counted)
      for (const t of c.tierRows) totals.set(t.prizeType, (totals.get(t.prizeType) ?? 0) + t.count);
    const fromTotals = shareRowTiers(
      [...totals].map(([prizeType, count]) => ({ prizeType, count })),
      pools,
    );
    expect(fromTotals).toEqual(settleRows(slips, results, pools).tiers);
    expect(payRows(counted[2]!, fromTotals).amountWonCents).toBe(33_33 + 6 * 14);
  });

  const pool = fc.uniqueArray(
    fc.record({ prizeType: fc.integer({ min: 1, max: 14 }), amountCents: fc.integer({ min: 0, max: 1e9 }) }),
    { selector: (p) => p.prizeType, maxLength: 6 },
  );
  const single = fc.constantFrom('1', '2', '3');
  const results14 = fc.array(fc.constantFrom<StoredResult>('1', '2', '3', 'VOID'), {
    minLength: 14,
    maxLength: 14,
  });

  it('never pays a tier more than its pool, and leaves less than a cent per winning row', () => {
    const slip = fc.tuple(
      fc.array(single, { minLength: 14, maxLength: 14 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 13 }), fc.constantFrom('12', '13', '23', '123')), {
        maxLength: 5,
      }),
    );
    fc.assert(
      fc.property(fc.array(slip, { maxLength: 20 }), results14, pool, (raw, res, ps) => {
        const slips = raw.map(([singles, multis], i) => {
          const outcomes: Outcome[] = singles.slice();
          for (const [p, o] of multis) outcomes[p] = o;
          return { id: String(i), outcomes };
        });
        const { slips: settled, tiers } = settleRows(slips, res, ps);
        for (const t of tiers) {
          const paid = settled.flatMap((s) => s.winningRows.filter((w) => w.prizeType === t.prizeType));
          const rows = paid.reduce((a, w) => a + w.count, 0);
          expect(rows).toBe(t.winners);
          expect(rows * t.amountEachCents + t.leftoverCents).toBe(t.poolCents);
          expect(t.leftoverCents).toBeGreaterThanOrEqual(0);
          if (rows > 0) expect(t.leftoverCents).toBeLessThan(rows);
        }
        for (const s of settled) {
          expect(s.tierRows.reduce((a, t) => a + t.count, 0)).toBeLessThanOrEqual(s.rows);
          expect(s.tier).toBe(s.tierRows[0]?.prizeType ?? null);
        }
      }),
    );
  });

  it('settles a slip of singles exactly as the slip rule does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(single, { minLength: 14, maxLength: 14 }), { maxLength: 30 }),
        results14,
        pool,
        (outs, res, ps) => {
          const slips = outs.map((outcomes, i) => ({ id: String(i), outcomes }));
          const byRows = settleRows(slips, res, ps);
          const bySlip = settle(slips, res, ps);
          expect(byRows.slips.map((s) => [s.id, s.correctCount, s.tier, s.amountWonCents])).toEqual(
            bySlip.slips.map((s) => [s.id, s.correctCount, s.tier, s.amountWonCents]),
          );
          expect(
            byRows.tiers.map(({ prizeType, winners, amountEachCents }) => ({
              prizeType,
              winners,
              amountEachCents,
            })),
          ).toEqual(bySlip.tiers);
        },
      ),
    );
  });
});

describe('rows per sign (pick shares)', () => {
  const key: Record<Digit, 'home' | 'away' | 'draw'> = { '1': 'home', '2': 'away', '3': 'draw' };

  it("counts a full slip's rows per sign without enumerating them", () => {
    expect(slipRowPicks({ outcomes: ['12', '123', '3'] })).toEqual([
      { position: 1, home: 3, draw: 0, away: 3 },
      { position: 2, home: 2, draw: 2, away: 2 },
      { position: 3, home: 0, draw: 6, away: 0 },
    ]);
    const big = slipRowPicks({ outcomes: Array(14).fill('123') });
    expect(big[0]).toEqual({ position: 1, home: 1_594_323, draw: 1_594_323, away: 1_594_323 });
  });

  it("counts a system slip's rows per sign from its table, as enumerating would", () => {
    for (const s of REDUCED_SYSTEMS) {
      const outcomes: Outcome[] = Array(14).fill('1');
      for (let i = 0; i < s.triples; i++) outcomes[13 - i] = '123';
      for (let i = 0; i < s.doubles; i++) outcomes[i] = '23';
      const slip = { outcomes, systemId: s.id };
      const brute = outcomes.map((_, i) => ({ position: i + 1, home: 0, draw: 0, away: 0 }));
      for (const row of eachRow(slip)) row.forEach((d, i) => void (d && brute[i]![key[d]]++));
      expect(slipRowPicks(slip)).toEqual(brute);
      for (const m of brute) expect(m.home + m.draw + m.away).toBe(s.rows);
    }
  });

  it('adds up slips into running totals of rows', () => {
    const slips: RowSlip[] = [
      { outcomes: ['1', '12'] },
      { outcomes: ['123', '3'] },
      { outcomes: ['2', '2'] },
    ];
    expect(rowPickCounts(slips, 2)).toEqual({
      rows: 2 + 3 + 1,
      matches: [
        { position: 1, home: 2 + 1, draw: 1, away: 1 + 1 },
        { position: 2, home: 1, draw: 3, away: 1 + 1 },
      ],
    });
    const totals = addRowPicks(addRowPicks([], slips[0]!), slips[1]!);
    expect(addRowPicks(totals, slips[2]!)).toEqual(rowPickCounts(slips, 2).matches);
  });
});
