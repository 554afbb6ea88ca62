// Settlement reads each slip's picks as 'position:prediction,…' (server/ops/settleRead.ts) and scans them
// straight into outcomes: the result must be what outcomesOf makes of the stored predictions, bad ones too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomesOf } from '../../machines/rules/settlement';
import { compactOutcomes } from '../../server/ops/settleRead';

/** The compact text as COMPACT_PICKS builds it in SQL. */
const compact = (picks: { betSlipPosition: number; prediction: number }[]) =>
  picks.map((p) => `${p.betSlipPosition}:${p.prediction}`).join(',');

describe('compact picks', () => {
  it('reads a slip as outcomesOf reads its stored predictions', () => {
    expect(compactOutcomes('0:1,2:13,1:321,3:2', 4)).toEqual(['1', '321', '13', '2']);
    expect(compactOutcomes(null, 3)).toEqual([null, null, null]);
    expect(compactOutcomes('', 2)).toEqual([null, null]);
  });

  it('agrees with outcomesOf on any picks, out-of-range positions and impossible predictions included', () => {
    const pick = fc.record({
      betSlipPosition: fc.oneof(fc.integer({ min: -2, max: 16 }), fc.constant(1.5)),
      prediction: fc.oneof(
        fc.constantFrom(1, 2, 3, 12, 13, 21, 23, 31, 32, 123, 132, 213, 231, 312, 321),
        fc.integer({ min: -5, max: 400 }),
        fc.constant(1.5),
      ),
    });
    fc.assert(
      fc.property(
        fc.array(pick, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 14 }),
        (picks, n) => {
          expect(compactOutcomes(compact(picks), n)).toEqual(outcomesOf(picks, n));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
