// The wallet figures' definitions, without a database.
import { describe, expect, it } from 'vitest';
import { formatMaseru } from '../../server/lib/maseruTime.ts';
import { computeSummary } from '../../server/wallet/summary.ts';

describe('computeSummary', () => {
  it('spends operator credit before winnings', () => {
    const s = computeSummary({ PRIZE: 500_00, OPERATOR_ADJUSTMENT: 50_00, STAKE: -30_00 }, 0);
    expect(s).toEqual({
      totalAvailableAmount: 520_00,
      withdrawableAmount: 500_00,
      totalWonAmount: 500_00,
      totalWithdrawnAmount: 0,
      currentlyWithheldAmount: 0,
    });
  });

  it('caps withdrawable by what is available', () => {
    const s = computeSummary({ PRIZE: 100_00, STAKE: -80_00 }, 0);
    expect(s.withdrawableAmount).toBe(20_00);
  });

  it('withholds pending cash-outs and nets failed ones with their reversal', () => {
    // 300 confirmed, 200 pending, 100 failed and reversed.
    const s = computeSummary({ PRIZE: 1000_00, CASH_OUT: -600_00, CASH_OUT_REVERSAL: 100_00 }, 200_00);
    expect(s).toEqual({
      totalAvailableAmount: 500_00,
      withdrawableAmount: 500_00,
      totalWonAmount: 1000_00,
      totalWithdrawnAmount: 300_00,
      currentlyWithheldAmount: 200_00,
    });
  });

  it('never reports a negative withdrawable amount', () => {
    expect(computeSummary({ OPERATOR_ADJUSTMENT: 10_00 }, 0).withdrawableAmount).toBe(0);
  });
});

describe('formatMaseru', () => {
  it('renders UTC+2 wall-clock time', () => {
    expect(formatMaseru(new Date('2025-01-31T22:30:05Z'))).toBe('2025-02-01 00:30');
    expect(formatMaseru(new Date('2025-07-01T10:00:09Z'), true)).toBe('2025-07-01 12:00:09');
  });
});
