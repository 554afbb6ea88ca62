// Phone numbers on screen: in full (grouped) for their owner to check, masked on statements.
import { describe, expect, it } from 'vitest';
import { maskMsisdn, showMsisdn } from '../../machines/rules/phoneDisplay';

describe('showMsisdn', () => {
  it('groups a normalised number as 266 XXXX XXXX and leaves anything else alone', () => {
    expect(showMsisdn('26650000002')).toBe('266 5000 0002');
    expect(showMsisdn('26662001234')).toBe('266 6200 1234');
    expect(showMsisdn('admin')).toBe('admin');
  });
});

describe('maskMsisdn', () => {
  it('keeps the country code, the network digit and the last two digits', () => {
    expect(maskMsisdn('26650000002')).toBe('266 5xxx xx02');
    expect(maskMsisdn('26662001234')).toBe('266 6xxx xx34');
  });

  it('never shows more than the last two characters of something that is not a number of ours', () => {
    expect(maskMsisdn('27821234567')).toBe('xxxxxxxxx67');
    expect(maskMsisdn('5')).toBe('xx');
  });
});
