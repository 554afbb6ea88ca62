// Wire dates ('yyyy-mm-dd hh:mm[:ss]', Lesotho time) are read and written by one rule on both sides
// (machines/rules/wireDate.ts): the betslip's end, the results and the wallet moves mean the same instant
// whatever zone the phone is in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endsAtMs } from '../../machines/betslip/helpers';
import { formatWireDate, parseWireDate } from '../../machines/rules/wireDate';
import { formatMaseru } from '../../server/play/maseruTime';
import { showWireDate } from '../../src/lib/dateFormat';

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
