// Reads locales/GLOSSARY.md's table of product words into the rules tests/unit/glossary.test.ts checks.

export interface Rule {
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
