import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToWire,
  amountValue,
  caretAfterFormat,
  formatAmountInput,
  padAmountInput,
} from '../../machines/rules/amount';
import {
  cleanFriendNumber,
  defaultWalletSid,
  friendMsisdn,
  friendNumberProblem,
  isFriendNumberValid,
  needsWalletChoice,
  payoutWallets,
  reasonTitle,
} from '../../machines/rules/wallet';

describe('amount input', () => {
  it('keeps digits and one dot, at most two decimals, with separators and no leading zeros', () => {
    expect(formatAmountInput('1234')).toBe('1,234');
    expect(formatAmountInput('M 1 234,5')).toBe('12,345');
    expect(formatAmountInput('1234.567')).toBe('1,234.56');
    expect(formatAmountInput('12.3.4')).toBe('12.34');
    expect(formatAmountInput('0012')).toBe('12');
    expect(formatAmountInput('.5')).toBe('0.5');
    expect(formatAmountInput('0.05')).toBe('0.05');
    expect(formatAmountInput('abc')).toBe('');
    expect(formatAmountInput('12.')).toBe('12.');
    // No more whole digits than the largest payment (M 1,000,000) has.
    expect(formatAmountInput('1234567890123')).toBe('1,234,567');
  });

  it('pads to two decimals on blur and clears zero or empty', () => {
    expect(padAmountInput('1,234')).toBe('1,234.00');
    expect(padAmountInput('5.5')).toBe('5.50');
    expect(padAmountInput('12.')).toBe('12.00');
    expect(padAmountInput('0')).toBe('');
    expect(padAmountInput('0.00')).toBe('');
    expect(padAmountInput('')).toBe('');
    expect(padAmountInput('.')).toBe('');
  });

  it('sends only digits and the dot, as a number of M', () => {
    expect(amountValue('1,234.50')).toBe('1234.50');
    expect(amountToWire('1,234.50')).toBe(1234.5);
    expect(amountToWire('0.07')).toBe(0.07);
    expect(amountToWire('')).toBeNull();
    expect(amountToWire('0.00')).toBeNull();
  });

  it('formatting is stable and never changes the value sent', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789.,M -'.split('')), maxLength: 14 }),
        (raw) => {
          const shown = formatAmountInput(raw);
          expect(formatAmountInput(shown)).toBe(shown);
          expect(shown).toMatch(/^(\d{1,3}(,\d{3})*(\.\d{0,2})?)?$/);
          const padded = padAmountInput(shown);
          if (padded) expect(amountToWire(padded)).toBe(amountToWire(shown));
          else expect(amountToWire(shown)).toBeNull();
        },
      ),
    );
  });

  it('keeps the caret after the digit just typed when a separator appears', () => {
    // '123|4' typed a 4 after 123 → '1,234' with the caret at the end of '1,234'
    expect(caretAfterFormat('1234', 4, '1,234')).toBe(5);
    // '1|,234' → typed 0 after the 1: '10,234' raw → '10,234', caret after '10'
    expect(caretAfterFormat('10,234', 2, '10,234')).toBe(2);
    // deleting the separator's neighbour: '1,23|4' → raw '1,234' caret 4 → after '1,23'
    expect(caretAfterFormat('1,234', 4, '1,234')).toBe(4);
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });
});

describe('friend number', () => {
  it('strips a leading 266 or +266 and every non-digit as typed', () => {
    expect(cleanFriendNumber('+266 5000 0001')).toBe('50000001');
    expect(cleanFriendNumber('26650000001')).toBe('50000001');
    expect(cleanFriendNumber('5000-0001')).toBe('50000001');
    expect(cleanFriendNumber('5a0b0c')).toBe('500');
    expect(cleanFriendNumber('266')).toBe('');
    expect(cleanFriendNumber('+')).toBe('');
    expect(cleanFriendNumber('62665000')).toBe('62665000');
  });

  it('keeps a Lesotho number to its 8 digits and needs all of them', () => {
    expect(cleanFriendNumber('500000012')).toBe('50000001');
    expect(isFriendNumberValid('5000000')).toBe(false);
    expect(isFriendNumberValid('50000001')).toBe(true);
    expect(friendMsisdn('50000001')).toBe('26650000001');
  });

  it('accepts only what the server accepts: a Lesotho mobile number, starting with 5 or 6', () => {
    expect(friendNumberProblem('62000019')).toBeNull();
    expect(friendNumberProblem('40000001')).toBe('prefix');
    expect(friendNumberProblem('20000001')).toBe('prefix');
    expect(friendNumberProblem('5000000')).toBe('length');
    expect(isFriendNumberValid('40000001')).toBe(false);
    expect(friendMsisdn('40000001')).toBeNull();
  });
});

describe('wallet moves and wallet choice', () => {
  it('reads reasons in title case with spaces', () => {
    expect(reasonTitle('AIRTIME_FOR_FRIEND')).toBe('Airtime For Friend');
    expect(reasonTitle('cash_out')).toBe('Cash Out');
  });

  it('chooses the only real wallet, and offers a choice only between several', () => {
    const one = [{ sid: 'MPESA', name: 'M-Pesa' }];
    const two = [...one, { sid: 'ECOCASH', name: 'EcoCash' }];
    expect(defaultWalletSid(one)).toBe('MPESA');
    expect(defaultWalletSid(two)).toBe('');
    expect(defaultWalletSid([])).toBe('');
    expect(needsWalletChoice(one)).toBe(false);
    expect(needsWalletChoice(two)).toBe(true);
  });
});

describe('payoutWallets', () => {
  it('keeps the wallets cash-outs go to, and those an older server does not mark', () => {
    const wallets = [
      { sid: 'MPESA', name: 'M-Pesa', payouts: true },
      { sid: 'ECOCASH', name: 'EcoCash', payouts: false },
      { sid: 'OLD', name: 'Old' },
    ];
    expect(payoutWallets(wallets).map((w) => w.sid)).toEqual(['MPESA', 'OLD']);
  });
});
