// Responsible-play rules: lower at once, raise after a day, pauses only grow, weeks start Monday (Maseru).
import { describe, expect, it } from 'vitest';
import {
  COOLING_OFF_MS,
  changeLimit,
  effectiveLimits,
  NO_LIMITS,
  stakeRefusal,
  startPause,
  weekStart,
} from '../../server/play/limitRules.ts';

const t0 = new Date('2026-03-04T10:00:00Z'); // a Wednesday
const later = (ms: number) => new Date(t0.getTime() + ms);
const DAY = 24 * 3600 * 1000;

describe('responsible-play rules', () => {
  it('sets a first limit and lowers it at once', () => {
    const a = changeLimit(NO_LIMITS, 50_00, t0);
    expect(a).toMatchObject({ weeklyLimitCents: 50_00, hasPending: false });
    expect(changeLimit(a, 20_00, t0)).toMatchObject({ weeklyLimitCents: 20_00, hasPending: false });
  });

  it('raises or removes a limit only after the cooling-off day', () => {
    const a = changeLimit(NO_LIMITS, 20_00, t0);
    const raised = changeLimit(a, 80_00, t0);
    expect(raised).toMatchObject({ weeklyLimitCents: 20_00, hasPending: true, pendingLimitCents: 80_00 });
    expect(raised.pendingFrom).toEqual(later(COOLING_OFF_MS));
    expect(effectiveLimits(raised, later(DAY - 1)).weeklyLimitCents).toBe(20_00);
    expect(effectiveLimits(raised, later(DAY))).toMatchObject({ weeklyLimitCents: 80_00, hasPending: false });
    const removed = changeLimit(a, null, t0);
    expect(removed).toMatchObject({ weeklyLimitCents: 20_00, hasPending: true, pendingLimitCents: null });
    expect(effectiveLimits(removed, later(DAY)).weeklyLimitCents).toBeNull();
    // Asking for the current limit again cancels a waiting raise.
    expect(changeLimit(raised, 20_00, later(1000))).toMatchObject({
      weeklyLimitCents: 20_00,
      hasPending: false,
    });
  });

  it('starts and extends pauses but never shortens one', () => {
    const week = startPause(NO_LIMITS, '7d', t0);
    expect(week.pausedUntil).toEqual(later(7 * DAY));
    expect(startPause(week, '24h', later(DAY)).pausedUntil).toEqual(later(7 * DAY));
    expect(startPause(week, '30d', later(DAY)).pausedUntil).toEqual(later(31 * DAY));
    expect(effectiveLimits(week, later(7 * DAY)).pausedUntil).toBeNull();
  });

  it('refuses stakes during a pause and above the limit', () => {
    const limited = changeLimit(NO_LIMITS, 10_00, t0);
    expect(stakeRefusal(limited, 8_00, 2_00, t0)).toBeNull();
    expect(stakeRefusal(limited, 8_00, 2_01, t0)).toBe('PLAY.LIMIT_REACHED');
    expect(stakeRefusal(startPause(limited, '24h', t0), 0, 1, t0)).toBe('PLAY.PAUSED');
    expect(stakeRefusal(startPause(limited, '24h', t0), 0, 1, later(DAY))).toBeNull();
  });

  it('starts the week on Monday 00:00 in Maseru (UTC+2)', () => {
    expect(weekStart(t0)).toEqual(new Date('2026-03-01T22:00:00Z'));
    // Sunday 23:30 Maseru still belongs to the week before; Monday 00:30 Maseru starts a new one.
    expect(weekStart(new Date('2026-03-08T21:30:00Z'))).toEqual(new Date('2026-03-01T22:00:00Z'));
    expect(weekStart(new Date('2026-03-08T22:30:00Z'))).toEqual(new Date('2026-03-08T22:00:00Z'));
  });
});
