// Password compliance, the one rule shared by the screens and the server, and its parts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPasswordCompliant, PASSWORD_CHECKS, PASSWORD_MIN_LENGTH } from '../../machines/rules/password.ts';

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

describe('PASSWORD_CHECKS', () => {
  it('names each part of the rule the checklist shows', () => {
    expect(Object.keys(PASSWORD_CHECKS)).toEqual(['length', 'lower', 'digit', 'allowed']);
    expect(PASSWORD_CHECKS.length('abcdefg')).toBe(false);
    expect(PASSWORD_CHECKS.length('abcdefgh')).toBe(true);
    expect(PASSWORD_CHECKS.lower('ABC1')).toBe(false);
    expect(PASSWORD_CHECKS.digit('abcd')).toBe(false);
    expect(PASSWORD_CHECKS.allowed('abc#1')).toBe(false);
    expect(PASSWORD_CHECKS.allowed('a1@$!%*?&')).toBe(true);
  });

  it('is compliant exactly when every check holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aZ9@#- é'.split('')), maxLength: 12 }), (p) => {
        const all = Object.values(PASSWORD_CHECKS).every((check) => check(p));
        expect(isPasswordCompliant(p)).toBe(all);
      }),
    );
  });
});
