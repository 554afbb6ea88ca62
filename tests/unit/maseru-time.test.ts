// Lesotho time, one module for both sides (machines/rules/maseruTime.ts). Wire dates ('yyyy-mm-dd
// hh:mm[:ss]') are read and written by one rule: the betslip's end, the results and the wallet moves mean
// the same instant whatever zone the phone is in. Dates are shown dd/MM/yyyy HH:mm, in Maseru time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endsAtMs } from '../../machines/betslip/helpers';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatTime,
  formatWireDate,
  maseruDayAt,
  parseWireDate,
  showInstant,
  showWireDate,
  showWireDay,
} from '../../machines/rules/maseruTime';
import { formatMaseru } from '../../server/lib/maseruTime';

describe('parseWireDate', () => {
  it('reads Maseru time (UTC+2), with or without seconds', () => {
    expect(parseWireDate('2026-11-20 10:15:00').toISOString()).toBe('2026-11-20T08:15:00.000Z');
    expect(parseWireDate('2026-11-20 10:15').toISOString()).toBe('2026-11-20T08:15:00.000Z');
    expect(parseWireDate(' 2026-11-20T00:30 ').toISOString()).toBe('2026-11-19T22:30:00.000Z');
  });

  it('does not depend on the zone the phone is in', () => {
    // A results date is the same instant as the same text in the wallet and the betslip's end.
    const text = '2026-11-20 18:05';
    expect(parseWireDate(text).getTime()).toBe(Date.parse('2026-11-20T18:05:00+02:00'));
    expect(endsAtMs({ endDate: text })).toBe(parseWireDate(text).getTime());
  });

  it('is Invalid Date for anything unreadable', () => {
    for (const bad of ['yesterday', '', '2026-11-20', '20/11/2026 10:15', '2026-11-20 10:15 extra']) {
      expect(Number.isNaN(parseWireDate(bad).getTime()), bad).toBe(true);
    }
  });

  it('reads back exactly what the server writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), fc.boolean(), (seconds, withSeconds) => {
        const at = new Date(seconds * 1000);
        const text = formatMaseru(at, withSeconds);
        expect(text).toBe(formatWireDate(at, withSeconds));
        const back = parseWireDate(text).getTime();
        expect(back).toBe(withSeconds ? at.getTime() : at.getTime() - (at.getTime() % 60_000));
      }),
    );
  });
});

describe('showWireDate', () => {
  it("shows the wire's Maseru time as dd/MM/yyyy hh:mm, and anything else as sent", () => {
    expect(showWireDate('2026-11-20 18:05')).toBe('20/11/2026 18:05');
    expect(showWireDate('2026-11-20 18:05:09')).toBe('20/11/2026 18:05');
    expect(showWireDate('soon')).toBe('soon');
  });
});

describe('dates as people see them', () => {
  it('shows dd/MM/yyyy and HH:mm in Maseru time: midnight UTC is 02:00 in Maseru', () => {
    const midnightUtc = new Date('2026-11-20T00:00:00Z');
    expect(formatDate(midnightUtc)).toBe('20/11/2026');
    expect(formatTime(midnightUtc)).toBe('02:00');
    expect(formatDateTime(midnightUtc)).toBe('20/11/2026 02:00');
    expect(formatClock(new Date('2026-11-20T00:00:09Z'))).toBe('02:00:09');
  });

  it('turns the day at 22:00 UTC, not at midnight UTC', () => {
    expect(formatDateTime(new Date('2026-12-31T21:59:00Z'))).toBe('31/12/2026 23:59');
    expect(formatDateTime(new Date('2026-12-31T22:00:00Z'))).toBe('01/01/2027 00:00');
    expect(showInstant('2026-12-31T22:00:00.000Z')).toBe('01/01/2027 00:00');
    expect(showInstant('2027-01-01T00:00:00+02:00')).toBe('01/01/2027 00:00');
  });

  it('shows an unreadable instant as sent', () => {
    expect(showInstant('soon')).toBe('soon');
  });

  it('agrees with the wire format and the Maseru calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), (seconds) => {
        const at = new Date(seconds * 1000);
        expect(showWireDate(formatWireDate(at))).toBe(formatDateTime(at));
        expect(formatTime(maseruDayAt(at, 0, 0))).toBe('00:00');
        expect(formatDate(maseruDayAt(at, 0, 0))).toBe(formatDate(at));
      }),
    );
  });

  it("shows a wire date's day as dd/MM/yyyy", () => {
    expect(showWireDay('2026-11-20 18:05:09')).toBe('20/11/2026');
    expect(showWireDay('2026-11-20')).toBe('20/11/2026');
    expect(showWireDay('—')).toBe('—');
  });
});
