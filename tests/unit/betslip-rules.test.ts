// The shared pick and price rules (docs/CONTRACTS.md "Play rules"): examples from the spec, then properties
// over random betslip parameters and random tap sequences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BetslipParams,
  countPicks,
  type Digit,
  emptyOutcomes,
  type Outcome,
  outcomeToPrediction,
  predictionToOutcome,
  priceCents,
  quickPick,
  tapOutcome,
  validatePredictions,
  withinLimits,
} from '../../machines/rules/betslip';

const params: BetslipParams = {
  defaultBetslipPrice: 2,
  thirdChance: 1,
  multipleChance: 2,
  feePerSecond: 2,
  feePerThird: 3,
};

const taps = (seq: Array<[number, Digit]>, p = params, n = 14) =>
  seq.reduce<Outcome[]>((o, [i, d]) => tapOutcome(o, i, d, p), emptyOutcomes(n));

describe('tapOutcome', () => {
  it('an unset match takes the single pick', () => {
    expect(taps([[0, '1']])[0]).toBe('1');
  });

  it('tapping a selected digit removes it; the match is unset when empty', () => {
    expect(
      taps([
        [0, '1'],
        [0, '3'],
        [0, '1'],
      ])[0],
    ).toBe('3');
    expect(
      taps([
        [0, '1'],
        [0, '1'],
      ])[0],
    ).toBeNull();
  });

  it('adds a second and third pick while the limits allow', () => {
    expect(
      taps([
        [0, '1'],
        [0, '3'],
      ])[0],
    ).toBe('13');
    expect(
      taps([
        [0, '1'],
        [0, '3'],
        [0, '2'],
      ])[0],
    ).toBe('132');
  });

  it('replaces the last pick when multipleChance is reached', () => {
    const o = taps([
      [0, '1'],
      [0, '2'],
      [1, '1'],
      [1, '2'],
      [2, '1'],
      [2, '3'],
    ]);
    expect(o.slice(0, 3)).toEqual(['12', '12', '3']);
  });

  it('replaces the last pick of a double when thirdChance is reached', () => {
    const o = taps([
      [0, '1'],
      [0, '2'],
      [0, '3'],
      [1, '1'],
      [1, '3'],
      [1, '2'],
    ]);
    expect(o.slice(0, 2)).toEqual(['123', '12']);
  });

  it('ignores a position outside the slip and never mutates its input', () => {
    const before = emptyOutcomes(3);
    expect(tapOutcome(before, 5, '1', params)).toEqual(before);
    tapOutcome(before, 0, '1', params);
    expect(before).toEqual([null, null, null]);
  });
});

describe('countPicks and priceCents', () => {
  it('counts placed bets, doubles, triples, and shown doubles = doubles + triples', () => {
    expect(countPicks(['1', '12', '123', null])).toEqual({
      placedBets: 3,
      doubles: 1,
      triples: 1,
      multiples: 2,
    });
  });

  it('prices default × feePerSecond^doubles × feePerThird^triples', () => {
    expect(priceCents(params, emptyOutcomes(14))).toBe(200);
    expect(priceCents(params, ['1', '12', '123'])).toBe(1200);
    expect(priceCents({ ...params, defaultBetslipPrice: 2.5, feePerSecond: 1.5 }, ['12', '13', '23'])).toBe(
      844, // 843.75 rounds half-up
    );
    expect(priceCents({ ...params, defaultBetslipPrice: 2.5, feePerSecond: 1.1 }, ['12', '13'])).toBe(303);
    expect(priceCents({ ...params, defaultBetslipPrice: 0.29 }, [])).toBe(29);
  });
});

describe('predictions and validation', () => {
  it('maps outcomes to wire numbers and back', () => {
    expect(outcomeToPrediction('13')).toBe(13);
    expect(predictionToOutcome(132)).toBe('132');
    for (const bad of [0, -1, 4, 11, 14, 1234, 1.5, Number.NaN]) expect(predictionToOutcome(bad)).toBeNull();
  });

  const dtos = (o: string[]) => o.map((x, i) => ({ betSlipPosition: i, prediction: Number(x) }));

  it('accepts a complete slip within the limits', () => {
    expect(validatePredictions(dtos(['1', '12', '123']), 3, params)).toEqual({
      ok: true,
      outcomes: ['1', '12', '123'],
    });
  });

  it('refuses missing, repeated, out-of-range positions, bad digits and broken limits', () => {
    const no = (messageKey: string) => ({ ok: false, messageKey });
    expect(validatePredictions(dtos(['1', '2']), 3, params)).toEqual(no('PICKS.INCOMPLETE'));
    expect(
      validatePredictions([...dtos(['1', '2']), { betSlipPosition: 1, prediction: 3 }], 3, params),
    ).toEqual(no('PICKS.INVALID'));
    expect(
      validatePredictions([...dtos(['1', '2']), { betSlipPosition: 3, prediction: 3 }], 3, params),
    ).toEqual(no('PICKS.INVALID'));
    expect(validatePredictions(dtos(['1', '2', '11']), 3, params)).toEqual(no('PICKS.INVALID'));
    expect(validatePredictions(dtos(['1', '2', '4']), 3, params)).toEqual(no('PICKS.INVALID'));
    expect(validatePredictions(dtos(['123', '123', '1']), 3, params)).toEqual(no('PICKS.LIMITS'));
    expect(validatePredictions(dtos(['12', '12', '12']), 3, params)).toEqual(no('PICKS.LIMITS'));
  });
});

// Random betslips: small limits so they are often hit; fees that may be fractional.
const arbParams = fc.record({
  defaultBetslipPrice: fc.integer({ min: 1, max: 5000 }).map((c) => c / 100),
  thirdChance: fc.integer({ min: 0, max: 5 }),
  multipleChance: fc.integer({ min: 0, max: 8 }),
  feePerSecond: fc.constantFrom(1, 1.1, 1.5, 2, 2.5, 3),
  feePerThird: fc.constantFrom(1, 1.25, 2, 3, 4.5),
});
const arbDigit = fc.constantFrom<Digit>('1', '2', '3');
const arbSlip = fc
  .integer({ min: 1, max: 14 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), arbDigit), { maxLength: 80 }),
    ),
  );

describe('properties over random betslips and tap sequences', () => {
  it('limits are never exceeded and every outcome stays valid', () => {
    fc.assert(
      fc.property(arbParams, arbSlip, (p, [n, seq]) => {
        let o = emptyOutcomes(n);
        for (const [i, d] of seq) {
          o = tapOutcome(o, i, d, p);
          const { multiples, triples } = countPicks(o);
          expect(multiples).toBeLessThanOrEqual(p.multipleChance);
          expect(triples).toBeLessThanOrEqual(p.thirdChance);
          expect(withinLimits(o, p)).toBe(true);
          for (const x of o) if (x !== null) expect(predictionToOutcome(outcomeToPrediction(x))).toBe(x);
        }
      }),
    );
  });

  it('the price is always the formula, rounded to the nearest cent', () => {
    fc.assert(
      fc.property(arbParams, arbSlip, (p, [n, seq]) => {
        const o = taps(seq, p, n);
        const { doubles, triples } = countPicks(o);
        const exact = p.defaultBetslipPrice * 100 * p.feePerSecond ** doubles * p.feePerThird ** triples;
        const cents = priceCents(p, o);
        expect(Number.isInteger(cents)).toBe(true);
        expect(Math.abs(cents - exact)).toBeLessThanOrEqual(0.5 + 1e-6 * exact);
        // With integer multipliers the product is exact, so the price is exactly it.
        if (Number.isInteger(p.feePerSecond) && Number.isInteger(p.feePerThird)) {
          expect(cents).toBe(
            Math.round(p.defaultBetslipPrice * 100) * p.feePerSecond ** doubles * p.feePerThird ** triples,
          );
        }
      }),
    );
  });

  it('tapping a selected digit removes it and nothing else changes', () => {
    fc.assert(
      fc.property(arbParams, arbSlip, fc.nat(), (p, [n, seq], pick) => {
        const o = taps(seq, p, n);
        const i = pick % n;
        const current = o[i];
        fc.pre(current != null);
        const d = current![pick % current!.length] as Digit;
        const after = tapOutcome(o, i, d, p);
        expect(after[i]).toBe(current!.replace(d, '') || null);
        expect(after.filter((_, j) => j !== i)).toEqual(o.filter((_, j) => j !== i));
      }),
    );
  });

  it('an unselected digit is added when the limits allow, else it replaces the last pick', () => {
    fc.assert(
      fc.property(arbParams, arbSlip, fc.nat(), arbDigit, (p, [n, seq], pick, d) => {
        const o = taps(seq, p, n);
        const i = pick % n;
        const current = o[i];
        fc.pre(current != null && !current.includes(d));
        const after = tapOutcome(o, i, d, p)[i]!;
        const { multiples, triples } = countPicks(o);
        const room = current!.length === 1 ? multiples < p.multipleChance : triples < p.thirdChance;
        expect(after).toBe(room ? current + d : current!.slice(0, -1) + d);
      }),
    );
  });

  it('prediction ↔ outcome round-trips, and a valid slip validates back to itself', () => {
    fc.assert(
      fc.property(
        arbParams,
        arbSlip,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (p, [n, seq], r) => {
          const o = quickPick(taps(seq, p, n), () => r) as string[];
          const dtos = o.map((x, i) => ({ betSlipPosition: i, prediction: outcomeToPrediction(x) }));
          for (const x of o) expect(predictionToOutcome(outcomeToPrediction(x))).toBe(x);
          expect(validatePredictions([...dtos].reverse(), n, p)).toEqual({ ok: true, outcomes: o });
        },
      ),
    );
  });

  it('every positive integer maps to an outcome only when it is 1–3 distinct digits of 1/2/3', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99999 }), (x) => {
        const s = String(x);
        const valid = /^[123]+$/.test(s) && s.length <= 3 && new Set(s).size === s.length;
        expect(predictionToOutcome(x)).toBe(valid ? s : null);
      }),
    );
  });
});
