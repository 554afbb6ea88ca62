// Settlement rules: examples counted by hand, then properties over random slips, results and pools.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../machines/rules/betslip';
import {
  correctCount,
  countsToShares,
  isPickCorrect,
  outcomesOf,
  type PrizePool,
  pickCounts,
  pickShares,
  pickToWire,
  prizeName,
  resultFromWire,
  resultToWire,
  type StoredResult,
  settle,
  shareOf,
  tierOf,
} from '../../machines/rules/settlement';

const POOLS: PrizePool[] = [
  { prizeType: 14, amountCents: 1000_00 },
  { prizeType: 13, amountCents: 100_00 },
  { prizeType: 12, amountCents: 10_00 },
  { prizeType: 7, amountCents: 1_00 },
  { prizeType: 6, amountCents: 50 },
];

describe('picks and results', () => {
  it('maps every pick combination whatever the tap order', () => {
    expect(pickToWire('1')).toBe('HOME_WIN');
    expect(pickToWire('2')).toBe('AWAY_WIN');
    expect(pickToWire('3')).toBe('DRAW');
    expect(pickToWire('21')).toBe('EITHER_HOME_OR_AWAY');
    expect(pickToWire('31')).toBe('EITHER_HOME_OR_DRAW');
    expect(pickToWire('32')).toBe('EITHER_AWAY_OR_DRAW');
    expect(pickToWire('312')).toBe('ALL');
    expect(pickToWire(null)).toBeNull();
    expect(pickToWire('11')).toBeNull();
    expect(pickToWire('4')).toBeNull();
  });

  it('maps results both ways', () => {
    for (const r of ['1', '2', '3', 'VOID'] as const) expect(resultFromWire(resultToWire(r)!)).toBe(r);
    expect(resultToWire(null)).toBeNull();
    expect(resultToWire('x')).toBeNull();
    expect(resultFromWire('HOME')).toBeNull();
  });

  it('counts a multi-pick containing the result, and a void match for everyone', () => {
    expect(isPickCorrect('13', '3')).toBe(true);
    expect(isPickCorrect('13', '2')).toBe(false);
    expect(isPickCorrect('2', 'VOID')).toBe(true);
    expect(isPickCorrect('2', null)).toBeNull();
    expect(correctCount(['1', '12', '3', '2'], ['1', '2', 'VOID', '1'])).toBe(3);
    expect(correctCount(['1', '12', '3', '2'], ['1', null, null, null])).toBe(1);
  });

  it('reads stored predictions by position', () => {
    expect(
      outcomesOf(
        [
          { betSlipPosition: 1, prediction: 13 },
          { betSlipPosition: 0, prediction: 2 },
          { betSlipPosition: 7, prediction: 1 },
        ],
        3,
      ),
    ).toEqual(['2', '13', null]);
  });
});

describe('tiers', () => {
  it('puts a count in its best tier only, none below the smallest', () => {
    expect(tierOf(14, POOLS)).toBe(14);
    expect(tierOf(13, POOLS)).toBe(13);
    expect(tierOf(12, POOLS)).toBe(12);
    expect(tierOf(11, POOLS)).toBe(7);
    expect(tierOf(7, POOLS)).toBe(7);
    expect(tierOf(6, POOLS)).toBe(6);
    expect(tierOf(5, POOLS)).toBeNull();
    // A tier with nothing in its pool pays nothing: the slip falls to the next one.
    expect(tierOf(13, [{ prizeType: 13, amountCents: 0 }, ...POOLS.slice(2)])).toBe(12);
  });

  it('names the tiers', () => {
    expect([14, 13, 12, 7, 6].map(prizeName)).toEqual([
      'JACKPOT',
      'SECOND PRIZE',
      'THIRD PRIZE',
      'FOURTH PRIZE',
      'FIFTH PRIZE',
    ]);
    expect(prizeName(null)).toBe('');
  });

  it('shares a pool rounded down to the cent', () => {
    expect(shareOf(100_00, 3)).toBe(33_33);
    expect(shareOf(1, 2)).toBe(0);
    expect(shareOf(100, 0)).toBe(0);
  });
});

describe('settle (hand count)', () => {
  // Four matches keep the count readable; the pools are for 4, 3 and 2 correct.
  const pools: PrizePool[] = [
    { prizeType: 4, amountCents: 100_00 },
    { prizeType: 3, amountCents: 10_00 },
    { prizeType: 2, amountCents: 1_00 },
  ];
  const results: StoredResult[] = ['1', '3', 'VOID', '2'];
  const slips = [
    { id: 'a', outcomes: ['1', '3', '1', '2'] }, // 4
    { id: 'b', outcomes: ['12', '13', '2', '2'] }, // 4
    { id: 'c', outcomes: ['2', '3', '3', '2'] }, // 3
    { id: 'd', outcomes: ['2', '1', '1', '1'] }, // 1 (the void)
    { id: 'e', outcomes: ['3', '2', '2', '12'] }, // 2
    { id: 'f', outcomes: ['1', '2', '1', '1'] }, // 2
    { id: 'g', outcomes: ['1', '2', '1', '3'] }, // 2
  ];

  it('gives the exact counts, tiers and payouts', () => {
    const { slips: settled, tiers } = settle(slips, results, pools);
    expect(settled.map((s) => [s.id, s.correctCount, s.tier, s.amountWonCents])).toEqual([
      ['a', 4, 4, 50_00],
      ['b', 4, 4, 50_00],
      ['c', 3, 3, 10_00],
      ['d', 1, null, 0],
      ['e', 2, 2, 33],
      ['f', 2, 2, 33],
      ['g', 2, 2, 33],
    ]);
    expect(tiers).toEqual([
      { prizeType: 4, winners: 2, amountEachCents: 50_00 },
      { prizeType: 3, winners: 1, amountEachCents: 10_00 },
      { prizeType: 2, winners: 3, amountEachCents: 33 },
    ]);
  });

  it('gives the pick shares of each match', () => {
    const shares = pickShares(slips, 4);
    // Match 1: picks 1, 12, 2, 2, 3, 1, 1 → home 4/7, draw 1/7, away 3/7.
    expect(shares[0]).toEqual({ position: 1, home: 4 / 7, draw: 1 / 7, away: 3 / 7 });
    // Match 2: 3, 13, 3, 1, 2, 2, 2.
    expect(shares[1]).toEqual({ position: 2, home: 2 / 7, draw: 3 / 7, away: 3 / 7 });
    // Match 4: 2, 2, 2, 1, 12, 1, 3.
    expect(shares[3]).toEqual({ position: 4, home: 3 / 7, draw: 1 / 7, away: 4 / 7 });
    expect(pickShares([], 2)).toEqual([
      { position: 1, home: 0, draw: 0, away: 0 },
      { position: 2, home: 0, draw: 0, away: 0 },
    ]);
  });

  it('counts picks in parts that add up to the whole', () => {
    const [first, rest] = [pickCounts(slips.slice(0, 3), 4), pickCounts(slips.slice(3), 4)];
    const summed = first.map((c, i) => ({
      position: c.position,
      home: c.home + rest[i]!.home,
      draw: c.draw + rest[i]!.draw,
      away: c.away + rest[i]!.away,
    }));
    expect(countsToShares(summed, slips.length)).toEqual(pickShares(slips, 4));
    expect(summed[0]).toEqual({ position: 1, home: 4, draw: 1, away: 3 });
  });
});

describe('settle (properties)', () => {
  const digit = fc.constantFrom('1', '2', '3');
  const outcome = fc.constantFrom('1', '2', '3', '12', '13', '23', '123', '21', '312');
  const result = fc.constantFrom<StoredResult>('1', '2', '3', 'VOID');
  const pools = fc.uniqueArray(
    fc.record({ prizeType: fc.integer({ min: 1, max: 14 }), amountCents: fc.integer({ min: 0, max: 1e9 }) }),
    { selector: (p) => p.prizeType, maxLength: 6 },
  );
  const slips = fc.array(fc.array(outcome, { minLength: 14, maxLength: 14 }), { maxLength: 40 });

  it('never pays out more than a pool, and pays each winner of a tier the same', () => {
    fc.assert(
      fc.property(slips, fc.array(result, { minLength: 14, maxLength: 14 }), pools, (outs, res, ps) => {
        const s = settle(
          outs.map((outcomes, i) => ({ id: String(i), outcomes })),
          res,
          ps,
        );
        for (const p of ps) {
          const paid = s.slips.filter((x) => x.tier === p.prizeType).map((x) => x.amountWonCents);
          expect(paid.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(p.amountCents);
          expect(new Set(paid).size).toBeLessThanOrEqual(1);
          if (paid.length > 0) expect(p.amountCents - paid.length * paid[0]!).toBeLessThan(paid.length);
        }
        for (const x of s.slips) {
          expect(x.correctCount).toBeGreaterThanOrEqual(0);
          expect(x.correctCount).toBeLessThanOrEqual(14);
          if (x.tier !== null) expect(x.tier).toBeLessThanOrEqual(x.correctCount);
          if (x.tier === null) expect(x.amountWonCents).toBe(0);
        }
        expect(s.tiers.reduce((a, t) => a + t.winners, 0)).toBe(
          s.slips.filter((x) => x.tier !== null).length,
        );
      }),
    );
  });

  it('a triple is always right, all-void gives everyone 14, a single right pick is counted once', () => {
    fc.assert(
      fc.property(
        fc.array(digit, { minLength: 14, maxLength: 14 }),
        fc.array(outcome, { minLength: 14, maxLength: 14 }),
        (res, outs) => {
          const results = res as StoredResult[];
          expect(correctCount(Array(14).fill('123'), results)).toBe(14);
          expect(correctCount(outs, Array(14).fill('VOID'))).toBe(14);
          expect(correctCount(results as Outcome[], results)).toBe(14);
          // Adding a pick to a match never lowers the count.
          const widened = outs.map((o) =>
            o.length < 3 ? `${o}${['1', '2', '3'].find((d) => !o.includes(d))}` : o,
          );
          expect(correctCount(widened, results)).toBeGreaterThanOrEqual(correctCount(outs, results));
        },
      ),
    );
  });

  it('pick shares are fractions of the slips, at least one per match when slips exist', () => {
    fc.assert(
      fc.property(slips, (outs) => {
        const shares = pickShares(
          outs.map((outcomes) => ({ outcomes })),
          14,
        );
        for (const s of shares) {
          for (const v of [s.home, s.draw, s.away]) expect(v >= 0 && v <= 1).toBe(true);
          if (outs.length) expect(s.home + s.draw + s.away).toBeGreaterThanOrEqual(1 - 1e-9);
        }
      }),
    );
  });
});
