// Both catalogs are complete: every message has a translation in both, none is empty, and a translation
// keeps the message's placeholders ({year}, {amount}…), or the screen would show a blank or a raw name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

/** msgid → msgstr of a .po file, joining continued lines and skipping the header entry. */
function parsePo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  let current: { id: string; str: string } | null = null;
  let field: 'id' | 'str' | null = null;
  const unquote = (s: string) => JSON.parse(s) as string;
  const flush = () => {
    if (current && current.id !== '') entries.set(current.id, current.str);
  };
  for (const line of readFileSync(new URL(`locales/${file}`, root), 'utf8').split('\n')) {
    const t = line.trim();
    if (t.startsWith('msgid ')) {
      flush();
      current = { id: unquote(t.slice(6)), str: '' };
      field = 'id';
    } else if (t.startsWith('msgstr ') && current) {
      current.str = unquote(t.slice(7));
      field = 'str';
    } else if (t.startsWith('"') && current && field) {
      current[field] += unquote(t);
    } else if (t === '' || t.startsWith('#')) {
      field = null;
    }
  }
  flush();
  return entries;
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  const st = parsePo('st.po');
  const en = parsePo('en.po');

  it('hold messages', () => {
    expect(st.size).toBeGreaterThan(10);
  });

  it.each([
    ['st', st],
    ['en', en],
  ])('%s.po has no empty translation', (_, catalog) => {
    const empty = [...catalog].filter(([, str]) => str.trim() === '').map(([id]) => id);
    expect(empty).toEqual([]);
  });

  it('have the same messages', () => {
    expect([...st.keys()].filter((id) => !en.has(id))).toEqual([]);
    expect([...en.keys()].filter((id) => !st.has(id))).toEqual([]);
  });

  it('keep every placeholder in the Sesotho translation', () => {
    const broken = [...st].filter(([id, str]) => placeholders(id).join() !== placeholders(str).join());
    expect(broken).toEqual([]);
  });
});
