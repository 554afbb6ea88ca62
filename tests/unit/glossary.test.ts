// The glossary (locales/GLOSSARY.md) is the source of truth for product words: this test reads its table
// and holds both catalogs to it, so a new message cannot bring back "ngolisa" for two things.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../support/poFile';

interface Rule {
  term: string;
  english: RegExp;
  sesotho: RegExp;
  check: 'both' | 'en→st' | 'st→en';
}

/** The rows of the glossary's table; `\|` inside a cell is a literal bar. */
export function readGlossary(markdown: string): Rule[] {
  const rows = markdown.split('\n').filter((l) => l.startsWith('|') && !l.startsWith('| ---'));
  return rows.slice(1).map((row) => {
    const cells = row
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replaceAll('\\|', '|'));
    const [term = '', , , , english = '', sesotho = '', check = ''] = cells;
    const code = (c: string) => new RegExp(c.replace(/^`|`$/g, ''), 'i');
    return {
      term,
      english: code(english),
      sesotho: code(sesotho),
      check: check as Rule['check'],
    };
  });
}

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
