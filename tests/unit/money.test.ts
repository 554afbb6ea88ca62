// One way to show money (machines/rules/money.ts), on the client and the server: prefix M, thousands
// separators, two decimals, the SPEC's 'M. ' for won amounts and wallet moves, GSM-7 safe for SMS.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digitsOfCents,
  digitsOfM,
  formatCents,
  formatM,
  formatMDot,
  plainCents,
} from '../../machines/rules/money';
import { isGsm7 } from '../../server/rails/gsm7.ts';

describe('money display', () => {
  it('shows two decimals and thousands separators', () => {
    expect(formatM(2000)).toBe('M 2,000.00');
    expect(formatM(1234567.5)).toBe('M 1,234,567.50');
    expect(formatM(999.99)).toBe('M 999.99');
    expect(formatM(0)).toBe('M 0.00');
    expect(formatCents(105_000)).toBe('M 1,050.00');
    expect(formatCents(5)).toBe('M 0.05');
    expect(digitsOfM(1054)).toBe('1,054.00');
    expect(digitsOfCents(123_456)).toBe('1,234.56');
  });

  it('puts the sign of a negative amount after the prefix', () => {
    expect(formatM(-12.5)).toBe('M -12.50');
    expect(formatCents(-123_456)).toBe('M -1,234.56');
    expect(formatMDot(-12.5)).toBe('M. -12.50');
    expect(digitsOfM(-1250)).toBe('-1,250.00');
  });

  it('rounds to the cent, half away from zero, and never shows -0.00', () => {
    expect(digitsOfM(0.1 + 0.2)).toBe('0.30');
    expect(digitsOfM(1234567.891)).toBe('1,234,567.89');
    expect(digitsOfCents(0.5)).toBe('0.01');
    expect(digitsOfCents(-0.5)).toBe('-0.01');
    expect(digitsOfCents(1234.4)).toBe('12.34');
    expect(digitsOfM(-0.001)).toBe('0.00');
    expect(digitsOfCents(Number.NaN)).toBe('0.00');
  });

  it("writes the SPEC's 'M. ' for won amounts and wallet moves", () => {
    expect(formatMDot(1250)).toBe('M. 1,250.00');
    expect(formatMDot(2500.5)).toBe('M. 2,500.50');
  });

  it('gives files and payment rails a plain decimal, without separators', () => {
    expect(plainCents(2500)).toBe('25.00');
    expect(plainCents(123_456_789)).toBe('1234567.89');
    expect(plainCents(-1250)).toBe('-12.50');
    expect(plainCents(100.2 * 100)).toBe('100.20');
  });

  it('reads back as the amount it shows, and is GSM-7 for SMS and USSD', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const shown = formatCents(cents);
        expect(isGsm7(shown)).toBe(true);
        expect(Math.round(Number(shown.slice(2).replace(/,/g, '')) * 100)).toBe(cents);
        expect(plainCents(cents)).toBe(shown.slice(2).replace(/,/g, ''));
      }),
    );
  });
});
