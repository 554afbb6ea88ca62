// Both catalogs are complete: every message has a translation in both, none is empty, and a translation
// keeps the message's placeholders ({year}, {amount}…), or the screen would show a blank or a raw name.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../support/poFile';

const root = new URL('../../', import.meta.url);

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

  // A message added to the code but never extracted shows on screen as a hashed id ('jqPBOa').
  it('hold every message the code uses (run `npm run extract` when this fails)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lingui-'));
    try {
      execFileSync(
        process.execPath,
        [new URL('node_modules/@lingui/cli/dist/lingui.js', root).pathname, 'extract'],
        {
          cwd: root.pathname,
          env: { ...process.env, LINGUI_CATALOG_DIR: dir },
          stdio: 'pipe',
        },
      );
      const used = [...parsePo(new URL(`file://${join(dir, 'en.po')}`)).keys()];
      expect(used.length).toBeGreaterThan(10);
      expect(used.filter((id) => !st.has(id))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
