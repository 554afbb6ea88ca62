// Receipt references as /verify reads them and the public look-up accepts them, and the phone number a
// receipt shows to anyone but its owner.
import { describe, expect, it } from 'vitest';
import { maskMsisdn } from '../../machines/rules/phoneDisplay';
import { isReceiptReference, typedReference } from '../../machines/rules/receiptReference';
import { newReference } from '../../server/play/receipts';

describe('receipt references', () => {
  it('accepts every reference the server issues', () => {
    for (let i = 0; i < 200; i++) expect(isReceiptReference(newReference('J14-0004'))).toBe(true);
    expect(isReceiptReference('J14-0004-NKSPA7')).toBe(true);
  });

  it('refuses what is not one: no suffix, letters nobody is issued, too short, spaces, a JWS', () => {
    for (const text of [
      'J14-0004',
      'J14-0004-NKSPA',
      'J14-0004-NKSPA77',
      'J14-0004-NKSPO7',
      'J14-0004-NK1PA7',
    ])
      expect(isReceiptReference(text), text).toBe(false);
    expect(isReceiptReference(' J14-0004-NKSPA7')).toBe(false);
    expect(isReceiptReference('-0004-NKSPA7')).toBe(false);
    expect(isReceiptReference('aaa.bbb.ccc')).toBe(false);
  });

  it('reads a typed reference: trimmed, the suffix upper-cased, anything else null', () => {
    expect(typedReference('  J14-0004-NKSPA7\n')).toBe('J14-0004-NKSPA7');
    expect(typedReference('J14-0004-nkspa7')).toBe('J14-0004-NKSPA7');
    expect(typedReference('J14-0004')).toBeNull();
    expect(typedReference('J14-0004-NKSPA7 extra')).toBeNull();
    expect(typedReference('eyJhbGciOiJFZERTQSJ9.eyJyZWYiOiJ4In0.c2ln')).toBeNull();
  });
});

describe('maskMsisdn', () => {
  it('shows a Lesotho number as 266 5xxx xx01', () => {
    expect(maskMsisdn('26658123401')).toBe('266 5xxx xx01');
    expect(maskMsisdn('26650000001')).toBe('266 5xxx xx01');
    expect(maskMsisdn('26662345678')).toBe('266 6xxx xx78');
  });

  it('keeps only the last two digits of any other number', () => {
    expect(maskMsisdn('27821234567')).toBe('xxxxxxxxx67');
    expect(maskMsisdn('12')).toBe('xx');
    expect(maskMsisdn('26658123401')).not.toContain('81234');
  });
});
