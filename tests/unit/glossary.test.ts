// The glossary (locales/GLOSSARY.md) is the source of truth for product words: this test reads its table
// and holds both catalogs to it, so a new message cannot bring back "ngolisa" for two things.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGlossary } from '../support/glossary';
import { parsePo } from '../support/poFile';

const rules = readGlossary(readFileSync(new URL('../../locales/GLOSSARY.md', import.meta.url), 'utf8'));
const st = parsePo('st.po');

describe('the glossary', () => {
  it('has its terms', () => {
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.every((r) => ['both', 'en→st', 'st→en'].includes(r.check))).toBe(true);
  });

  it.each(rules.filter((r) => r.check !== 'st→en').map((r) => [r.term, r] as const))(
    'English "%s" is said with its Sesotho word',
    (_, rule) => {
      const off = [...st].filter(([id, str]) => rule.english.test(id) && !rule.sesotho.test(str));
      expect(off).toEqual([]);
    },
  );

  it.each(rules.filter((r) => r.check !== 'en→st').map((r) => [r.term, r] as const))(
    'the Sesotho word of "%s" means nothing else',
    (_, rule) => {
      const off = [...st].filter(([id, str]) => rule.sesotho.test(str) && !rule.english.test(id));
      expect(off).toEqual([]);
    },
  );

  it('reads a bar inside a cell', () => {
    const [rule] = readGlossary(
      '| T | E | S | W | EP | SP | C |\n| --- |\n| a | b | c | d | `x\\|y` | `z` | both |',
    );
    expect(rule?.english.test('y')).toBe(true);
    expect(rule?.check).toBe('both');
  });
});
