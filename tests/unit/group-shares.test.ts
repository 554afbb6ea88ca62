// Group play's share price (machines/rules/groupShares.ts, DESIGN.md "Group play"): the slip's price ÷
// shares rounded down to the cent, the remainder with the captain's first share, so a full group holds
// exactly the slip's price; and the captain's form checks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  captainCents,
  groupFormProblem,
  sharePrice,
  sharesCents,
  sharesLeft,
} from '../../machines/rules/groupShares';

describe('share price', () => {
  it('floors to the cent and leaves the rest for the captain', () => {
    expect(sharePrice(200, 3)).toEqual({ shareCents: 66, remainderCents: 2 });
    expect(sharePrice(2400, 7)).toEqual({ shareCents: 342, remainderCents: 6 });
    expect(sharePrice(1000, 4)).toEqual({ shareCents: 250, remainderCents: 0 });
    expect(sharePrice(12_800, 100)).toEqual({ shareCents: 128, remainderCents: 0 });
    expect(sharePrice(12_801, 100)).toEqual({ shareCents: 128, remainderCents: 1 });
  });

  it('charges the captain the remainder once, with the first share', () => {
    expect(captainCents(200, 3, 1)).toBe(68);
    expect(captainCents(200, 3, 2)).toBe(134);
    expect(captainCents(2400, 7, 3)).toBe(342 * 3 + 6);
  });

  it('a full group holds exactly the slip price, whatever the split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10_000_000 }),
        fc.integer({ min: 2, max: 100 }),
        (slip, shares) => {
          fc.pre(slip >= shares);
          const { shareCents, remainderCents } = sharePrice(slip, shares);
          for (let captain = 1; captain <= shares; captain++) {
            expect(captainCents(slip, shares, captain) + shareCents * (shares - captain)).toBe(slip);
          }
          expect(remainderCents).toBeGreaterThanOrEqual(0);
          expect(remainderCents).toBeLessThan(shares);
          expect(shareCents).toBe(Math.floor(slip / shares));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a member's shares in whole cents, without float drift", () => {
    expect(sharesCents(0.66, 3)).toBe(198);
    expect(sharesCents(0.29, 3)).toBe(87); // 0.29 * 100 is 28.999… in floats
    expect(sharesCents(1.1, 10)).toBe(1100);
  });

  it('counts the shares left, never below zero', () => {
    expect(sharesLeft({ shares: 10, sold: 3 })).toBe(7);
    expect(sharesLeft({ shares: 3, sold: 3 })).toBe(0);
    expect(sharesLeft({ shares: 3, sold: 4 })).toBe(0);
  });
});

describe("the captain's form", () => {
  const ok = { name: 'Ba Maseru', shares: 3, captainShares: 1, slipCents: 200 };

  it('takes a named group of 2–100 shares with the captain buying 1 to all', () => {
    expect(groupFormProblem(ok)).toBeNull();
    expect(groupFormProblem({ ...ok, shares: 2 })).toBeNull();
    expect(groupFormProblem({ ...ok, shares: 100, slipCents: 12_800 })).toBeNull();
    expect(groupFormProblem({ ...ok, captainShares: 3 })).toBeNull();
  });

  it('refuses what the server would, field by field', () => {
    expect(groupFormProblem({ ...ok, name: '   ' })).toBe('NAME');
    expect(groupFormProblem({ ...ok, name: 'x'.repeat(41) })).toBe('NAME');
    expect(groupFormProblem({ ...ok, shares: 1 })).toBe('SHARES');
    expect(groupFormProblem({ ...ok, shares: 101 })).toBe('SHARES');
    expect(groupFormProblem({ ...ok, shares: 2.5 })).toBe('SHARES');
    expect(groupFormProblem({ ...ok, shares: Number.NaN })).toBe('SHARES');
    expect(groupFormProblem({ ...ok, captainShares: 0 })).toBe('CAPTAIN_SHARES');
    expect(groupFormProblem({ ...ok, captainShares: 4 })).toBe('CAPTAIN_SHARES');
    expect(groupFormProblem({ ...ok, shares: 100, slipCents: 99 })).toBe('TOO_CHEAP');
  });
});
