// The /play first-load budget, held on every `npm test` (the e2e project runs after the build): the
// JavaScript and CSS the page loads before it is interactive, gzipped, as `npm run bench` measures them
// (tests/bench/bundle.ts). Over budget, the message names the largest files; to see which modules grew,
// build with source maps and compare (see tests/bench/bundle.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET, firstLoad, PLAY_ROUTE } from '../bench/bundle.ts';

const root = new URL('../..', import.meta.url).pathname;
// DIST_DIR: a build in another folder, as for the other end-to-end tests (harness.ts).
const dist = process.env.DIST_DIR || join(root, 'dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('first-load budget', () => {
  it('keeps /play within 132.5 KB of gzipped JavaScript and 20 KB of CSS', () => {
    if (!existsSync(join(dist, '.vite', 'manifest.json'))) {
      throw new Error(
        `${dist} has no build with a Vite manifest: run \`npm run build\` before the end-to-end tests (npm test does).`,
      );
    }
    const bundle = firstLoad(dist, PLAY_ROUTE);
    const largest = bundle.largest.map((l) => `${l.file} ${kb(l.gzip)}`).join(', ');
    expect(
      bundle.js.gzip,
      `/play first-load JS is ${bundle.js.gzip} B gzip (${kb(bundle.js.gzip)}), over the budget of ` +
        `${FIRST_LOAD_BUDGET.jsGzip} B; largest: ${largest}`,
    ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.jsGzip);
    expect(
      bundle.css.gzip,
      `/play first-load CSS is ${bundle.css.gzip} B gzip, over ${FIRST_LOAD_BUDGET.cssGzip} B: ${bundle.css.files.join(', ')}`,
    ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.cssGzip);
  });

  // The client imports wire types only (`import type` from machines/wire): no TypeBox in any chunk.
  it('ships no TypeBox', () => {
    const assets = join(dist, 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const withTypeBox = js.filter((f) =>
      /'~kind'|"~kind"|TypeBox\.Kind/.test(readFileSync(join(assets, f), 'utf8')),
    );
    expect(js.length).toBeGreaterThan(0);
    expect(withTypeBox).toEqual([]);
  });
});
