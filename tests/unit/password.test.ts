// Password compliance, the one rule shared by the screens and the server.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPasswordCompliant, PASSWORD_MIN_LENGTH } from '../../machines/rules/password.ts';

describe('isPasswordCompliant', () => {
  it.each(['demo1234', 'abcdefg1', 'Passw0rd', 'a1@$!%*?&', 'ABCDEFg9', '1234567a', `${'x'.repeat(100)}1`])(
    'accepts %j',
    (p) => {
      expect(isPasswordCompliant(p)).toBe(true);
    },
  );

  it.each([
    ['', 'empty'],
    ['abc123', 'too short'],
    ['abcde12', 'seven characters'],
    ['ABCDEFG1', 'no lowercase letter'],
    ['abcdefgh', 'no digit'],
    ['12345678', 'no letter'],
    ['abcd 1234', 'a space'],
    ['abcd#1234', 'a character outside @$!%*?&'],
    ['abcd-1234', 'a dash'],
    ['pässword1', 'a non-ASCII letter'],
    ['abcd1234\n', 'a newline'],
  ])('refuses %j (%s)', (p) => {
    expect(isPasswordCompliant(p)).toBe(false);
  });

  it('matches the rule for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aZ9@$!%*?&#- é'.split('')), maxLength: 14 }), (p) => {
        const expected =
          p.length >= PASSWORD_MIN_LENGTH &&
          /^[A-Za-z0-9@$!%*?&]*$/.test(p) &&
          /[a-z]/.test(p) &&
          /[0-9]/.test(p);
        expect(isPasswordCompliant(p)).toBe(expected);
      }),
    );
  });
});
