// The build's precompressed copies (scripts/precompress.ts): Brotli and gzip beside each text file big
// enough to gain, each decompressing to the very bytes of its file; pictures, tiny files and the build's
// own .vite folder left alone.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('writes .br and .gz copies of text files that decompress to the original', () => {
  dir = mkdtempSync(join(tmpdir(), 'jackpot14-precompress-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  const script = `export const x = ${JSON.stringify('betslip '.repeat(500))};`;
  writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>Jackpot 14</p>'.repeat(40)}`);
  writeFileSync(join(dir, 'tiny.css'), 'a{b:c}');
  writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4000, 7));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(2000) }));

  expect(precompressDir(dir)).toBe(4);

  const br = readFileSync(join(dir, 'assets', 'index-abc.js.br'));
  expect(brotliDecompressSync(br).toString()).toBe(script);
  expect(br.length).toBeLessThan(script.length / 10);
  expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-abc.js.gz'))).toString()).toBe(script);
  expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
  expect(existsSync(join(dir, 'tiny.css.br'))).toBe(false);
  expect(existsSync(join(dir, 'icon.png.br'))).toBe(false);
  expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
});
