/**
 * Vite plugin: writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of the build
 * (scripts, styles, HTML, SVG, the manifest), once, after the service worker's own build (its closeBundle
 * runs first: this one is ordered last). server/static.ts serves them (@fastify/static `preCompressed`)
 * to a browser that accepts them, instead of compressing each answer on the fly at @fastify/compress's
 * quicker, larger settings (Brotli quality 4): the first visit and each update download less.
 * A copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** The files worth compressing: text. Pictures (PNG) and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

/** Every compressible file under `dir` (the build's own .vite folder aside), relative paths. */
function textFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : textFiles(path, `${prefix}${entry.name}/`);
    return COMPRESSIBLE.test(entry.name) ? [`${prefix}${entry.name}`] : [];
  });
}

/** Writes `file.br` and `file.gz` beside each text file of `dir`; returns how many copies were written. */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const file of textFiles(dir)) {
    const path = join(dir, file);
    if (statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    for (const [ext, copy] of [
      ['br', br],
      ['gz', gz],
    ] as const) {
      if (copy.length >= raw.length) continue;
      writeFileSync(`${path}.${ext}`, copy);
      written++;
    }
  }
  return written;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'jackpot14-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        // The service worker's nested build resolves its own config: only the app's build compresses.
        if (config.build.ssr || !config.build.outDir) return;
        precompressDir(resolve(config.root, config.build.outDir));
      },
    },
  };
}
