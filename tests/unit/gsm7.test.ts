import { describe, expect, it } from 'vitest';
import { fitParts, isGsm7, smsParts, toGsm7 } from '../../server/rails/gsm7.ts';

describe('toGsm7', () => {
  it('replaces typographic punctuation with its GSM equivalent', () => {
    expect(toGsm7('‘a’ “b” c–d e—f g…')).toBe('\'a\' "b" c-d e-f g...');
  });

  it('maps Sesotho letters with diacritics to their base letters', () => {
    expect(toGsm7('Šoeshoe ō ê Ê')).toBe('Soeshoe o e E');
  });

  it('keeps the accented letters GSM already has and the extension table', () => {
    const text = 'é è à ü Ñ Ø {€} [~] ^ | \\';
    expect(toGsm7(text)).toBe(text);
    expect(isGsm7(text)).toBe(true);
  });

  it('leaves characters without a close equivalent (the message stays UCS-2)', () => {
    const text = toGsm7('Ke a leboha 🎉 — 谢谢');
    expect(text).toBe('Ke a leboha 🎉 - 谢谢');
    expect(isGsm7(text)).toBe(false);
  });
});

describe('smsParts', () => {
  it('counts 160 then 153 a part for GSM-7', () => {
    expect(smsParts('')).toBe(1);
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
  });

  it('counts an extension character as two septets, never split across parts', () => {
    expect(smsParts('€'.repeat(80))).toBe(1);
    expect(smsParts('€'.repeat(81))).toBe(2);
    // 152 septets then an escape pair: the pair moves to the second part.
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toBe(2);
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toBe(3);
  });

  it('counts 70 then 67 UTF-16 units for UCS-2', () => {
    expect(smsParts('ش'.repeat(70))).toBe(1);
    expect(smsParts('ش'.repeat(71))).toBe(2);
    expect(smsParts('ش'.repeat(134))).toBe(2);
    expect(smsParts('ش'.repeat(135))).toBe(3);
    expect(smsParts('😀'.repeat(35))).toBe(1);
    expect(smsParts('😀'.repeat(36))).toBe(2);
  });
});

describe('fitParts', () => {
  it('leaves a text that fits unchanged', () => {
    const text = 'a'.repeat(459);
    expect(fitParts(text)).toBe(text);
  });

  it('cuts a long GSM text to exactly 3 parts ending with "..."', () => {
    const cut = fitParts('word '.repeat(200));
    expect(cut.endsWith('...')).toBe(true);
    expect(smsParts(cut)).toBe(3);
    expect(cut.length).toBeGreaterThan(450);
    expect(cut).not.toMatch(/\s\.\.\.$/);
  });

  it('cuts a long UCS-2 text with "…" and never splits a surrogate pair', () => {
    const cut = fitParts('😀'.repeat(200));
    expect(cut.endsWith('😀…')).toBe(true);
    expect(smsParts(cut)).toBe(3);
    // 33 emoji (66 units) a part, as a pair cannot straddle two parts: 99 emoji and the ellipsis.
    expect(cut.length).toBe(199);
  });

  it('honours another maximum', () => {
    const cut = fitParts('b'.repeat(400), 1);
    expect(cut).toBe(`${'b'.repeat(157)}...`);
  });
});
