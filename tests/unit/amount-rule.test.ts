// The one amount rule both sides use (machines/rules/amount.ts): the wallet routes' parseAmountCents and
// the amount field's amountToWire refuse the same amounts, the server's cap of M 1,000,000 included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToWire,
  formatAmountInput,
  MAX_PAYMENT_CENTS,
  MAX_WHOLE_DIGITS,
  padAmountInput,
  parseAmountCents,
  readAmountChange,
  readWrittenAmount,
} from '../../machines/rules/amount';
import { parseAmount } from '../../src/screens/account/limits';

describe('parseAmountCents (what the server accepts)', () => {
  it('reads numbers and typed text to cents', () => {
    expect(parseAmountCents(10.5)).toBe(1050);
    expect(parseAmountCents('10.5')).toBe(1050);
    expect(parseAmountCents('10.')).toBe(1000);
    expect(parseAmountCents(' 0.07 ')).toBe(7);
    expect(parseAmountCents(0.1 + 0.2)).toBe(30);
  });

  it('refuses zero, negatives, more than two decimals and anything not a plain decimal', () => {
    for (const bad of [0, -5, 1.234, '12.345', '1e3', '', 'abc', '-1', '0.00', Number.NaN, Infinity]) {
      expect(parseAmountCents(bad), String(bad)).toBeNull();
    }
  });

  it('takes up to M 1,000,000 and nothing above', () => {
    expect(MAX_PAYMENT_CENTS).toBe(100_000_000);
    expect(parseAmountCents(1_000_000)).toBe(MAX_PAYMENT_CENTS);
    expect(parseAmountCents('1000000.00')).toBe(MAX_PAYMENT_CENTS);
    expect(parseAmountCents(1_000_000.01)).toBeNull();
    expect(parseAmountCents('1000000.01')).toBeNull();
    expect(parseAmountCents('999999999')).toBeNull();
  });
});

describe('the amount field refuses what the server refuses', () => {
  it('sends nothing above the cap, and keeps the field so it can be corrected', () => {
    expect(amountToWire('1,000,000.00')).toBe(1_000_000);
    expect(amountToWire('1,000,000.01')).toBeNull();
    expect(amountToWire('2,000,000')).toBeNull();
    expect(padAmountInput('2,000,000')).toBe('2,000,000.00');
  });

  it('takes as many whole digits as the largest payment has', () => {
    expect(MAX_WHOLE_DIGITS).toBe(7);
    expect(formatAmountInput('99999999')).toBe('9,999,999');
  });

  it('agrees with the server on every amount typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,'.split('')), maxLength: 14 }), (raw) => {
        const shown = formatAmountInput(raw);
        const wire = amountToWire(shown);
        const cents = parseAmountCents(shown.replace(/,/g, ''));
        expect(wire).toBe(cents === null ? null : cents / 100);
        if (wire !== null) expect(parseAmountCents(wire)).toBe(cents);
      }),
    );
  });
});

describe('the weekly limit field reads amounts by the same rule', () => {
  it('takes M and spaces as typed, refuses zero and anything above M 1,000,000', () => {
    expect(parseAmount('M 150')).toBe(150);
    expect(parseAmount(' 1 000.5')).toBe(1000.5);
    expect(parseAmount('1,000,000')).toBe(1_000_000);
    expect(parseAmount('1,000,000.01')).toBeNull();
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('12.345')).toBeNull();
  });
});

describe('a decimal comma is read, what could mean two amounts is refused (issue 27)', () => {
  /** Types `keys` one by one at the end of the field, as a keypad does. */
  const type = (keys: string) => {
    let shown = '';
    for (const key of keys) {
      const change = readAmountChange(shown, shown + key, shown.length + 1);
      if ('refused' in change) return 'refused';
      shown = change.shown;
    }
    return shown;
  };

  it('reads "2,50" typed on a comma keypad as M 2.50, not M 250', () => {
    expect(type('2,50')).toBe('2.50');
    expect(amountToWire(type('2,50'))).toBe(2.5);
    expect(type('1234,5')).toBe('1,234.5');
    expect(type('1234.56')).toBe('1,234.56');
  });

  it('keeps the field’s own commas as thousands when a digit is deleted', () => {
    // '1,234' with its last digit deleted is 123, not 1.23.
    expect(readAmountChange('1,234', '1,23', 4)).toEqual({ shown: '123', caret: 3 });
    expect(readAmountChange('12,345', '12,34', 5)).toEqual({ shown: '1,234', caret: 5 });
  });

  it('reads a comma typed inside the number as the decimal mark when two digits follow', () => {
    // Caret after "1,2" of "1,234": the subscriber meant 12.34.
    expect(readAmountChange('1,234', '1,2,34', 4)).toEqual({ shown: '12.34', caret: 3 });
  });

  it('refuses a comma before three digits, a second decimal mark and mixed separators', () => {
    expect(readAmountChange('1,234', '1,,234', 2)).toEqual({ refused: true });
    expect(type('2.5,')).toBe('refused');
    expect(readAmountChange('', '1.234,56', 8)).toEqual({ refused: true });
    expect(readAmountChange('', '1,23,456', 8)).toEqual({ refused: true });
  });

  it('reads pasted amounts by the same rule', () => {
    expect(readAmountChange('', '2,50', 4)).toEqual({ shown: '2.50', caret: 4 });
    expect(readAmountChange('', '1,234.50', 8)).toEqual({ shown: '1,234.50', caret: 8 });
    expect(readAmountChange('', '1,234', 5)).toEqual({ shown: '1,234', caret: 5 });
  });

  it('written amounts: one rule for the limit field and the channels', () => {
    expect(readWrittenAmount('2,50')).toBe('2.50');
    expect(readWrittenAmount('M 2,5')).toBe('2.5');
    expect(readWrittenAmount('1,000,000')).toBe('1000000');
    expect(readWrittenAmount('1 000.5')).toBe('1000.5');
    for (const bad of ['1.234,56', '1,23,456', '2,5,0', '1.2.3', '12a'])
      expect(readWrittenAmount(bad), bad).toBeNull();
    expect(parseAmount('2,50')).toBe(2.5);
    expect(parseAmountCents('2,50')).toBe(250);
    expect(parseAmountCents('1,234')).toBeNull();
  });
});
