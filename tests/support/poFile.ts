// Reads a Lingui .po catalog as msgid → msgstr, for the tests that check the catalogs' words.
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

/** msgid → msgstr of a .po file, joining continued lines and skipping the header entry. */
export function parsePo(file: string | URL): Map<string, string> {
  const entries = new Map<string, string>();
  let current: { id: string; str: string } | null = null;
  let field: 'id' | 'str' | null = null;
  const unquote = (s: string) => JSON.parse(s) as string;
  const flush = () => {
    if (current && current.id !== '') entries.set(current.id, current.str);
  };
  for (const line of readFileSync(
    typeof file === 'string' ? new URL(`locales/${file}`, root) : file,
    'utf8',
  ).split('\n')) {
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
