// Msisdn normalisation: every usual spelling of a Lesotho mobile number becomes 266XXXXXXXX.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNormalisedMsisdn, normaliseMsisdn } from '../../server/identity/msisdn.ts';

describe('normaliseMsisdn', () => {
  it.each([
    ['26650000001', '26650000001'],
    ['+26650000001', '26650000001'],
    ['0026650000001', '26650000001'],
    ['+266 5000 0001', '26650000001'],
    ['266-5000-0001', '26650000001'],
    [' 266 50 00 00 01 ', '26650000001'],
    ['(+266) 5000.0001', '26650000001'],
    ['50000001', '26650000001'],
    ['5000 0001', '26650000001'],
    ['62123456', '26662123456'],
    ['+266 6212 3456', '26662123456'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseMsisdn(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '266',
    '2665000000', // 7 digits after 266
    '266500000011', // 9 digits after 266
    '26640000000', // landline prefix
    '26620000000',
    '40000001',
    '+50000001', // international form without the country code
    '+27821234567', // South Africa
    '0027821234567',
    '2665000000a',
    '266 5000 0001 ext 2',
    '++26650000001',
    '266/5000/0001',
  ])('refuses %j', (input) => {
    expect(normaliseMsisdn(input)).toBeNull();
  });

  it('is idempotent and only ever yields normalised numbers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (input) => {
        const once = normaliseMsisdn(input);
        if (once === null) return;
        expect(isNormalisedMsisdn(once)).toBe(true);
        expect(normaliseMsisdn(once)).toBe(once);
      }),
    );
  });

  it('accepts every Lesotho mobile number however it is spaced', () => {
    const local = fc.tuple(fc.constantFrom('5', '6'), fc.stringMatching(/^\d{7}$/)).map(([a, b]) => a + b);
    const prefix = fc.constantFrom('', '266', '+266', '00266', '+266 ', '266-');
    fc.assert(
      fc.property(prefix, local, fc.boolean(), (p, digits, spaced) => {
        const typed = p + (spaced ? `${digits.slice(0, 4)} ${digits.slice(4)}` : digits);
        expect(normaliseMsisdn(typed)).toBe(`266${digits}`);
      }),
    );
  });
});
