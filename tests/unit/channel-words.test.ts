// The USSD menus and SMS answers (server/channels/) are not in the catalogs, so the glossary test cannot
// see them: this one reads their Sesotho texts from the source (an `st:` entry, or the Sesotho branch of a
// `lang === 'en' ? … : …` choice) and holds them to locales/GLOSSARY.md the same way: an English term in
// a Sesotho text must come with its Sesotho word (so "ka wallet" cannot come back for "mokotla oa chelete").
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGlossary } from '../support/glossary';

const rules = readGlossary(readFileSync(new URL('../../locales/GLOSSARY.md', import.meta.url), 'utf8'));
const folder = new URL('../../server/channels/', import.meta.url);

/** The Sesotho string and template literals of one source file. */
function sesothoTexts(source: string): string[] {
  const texts: string[] = [];
  for (const m of source.matchAll(/\bst:\s*(['`])((?:\\.|(?!\1)[^\\])*)\1/g)) texts.push(m[2]!);
  // `lang === 'en' ? `English` : `Sesotho``: the literal after the colon that follows the English one.
  for (const m of source.matchAll(
    /lang === 'en'\s*\?\s*(['`])(?:\\.|(?!\1)[^\\])*\1\s*:\s*(['`])((?:\\.|(?!\2)[^\\])*)\2/g,
  ))
    texts.push(m[3]!);
  return texts;
}

const files = readdirSync(folder).filter((f) => f.endsWith('.ts'));
const texts = files.flatMap((f) => sesothoTexts(readFileSync(new URL(f, folder), 'utf8')).map((t) => [f, t]));

describe('the Sesotho of the USSD and SMS texts', () => {
  it('finds them', () => {
    expect(texts.length).toBeGreaterThan(40);
    expect(sesothoTexts("x = { en: 'Pay', st: 'Lefa' }; y = lang === 'en' ? `A ${b}` : `B ${c}`;")).toEqual([
      'Lefa',
      'B ${c}',
    ]);
  });

  it.each(rules.filter((r) => r.check !== 'st→en').map((r) => [r.term, r] as const))(
    'says "%s" with its Sesotho word',
    (_, rule) => {
      const off = texts.filter(([, text]) => rule.english.test(text!) && !rule.sesotho.test(text!));
      expect(off).toEqual([]);
    },
  );
});
