/** First-load bytes of a route, following the Vite manifest's static imports from the entry. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFigures {
  js: { files: string[]; raw: number; gzip: number; brotli: number };
  css: { files: string[]; raw: number; gzip: number; brotli: number };
  largest: { file: string; gzip: number }[];
}

function sizes(dist: string, files: string[]) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  const each: { file: string; gzip: number }[] = [];
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    const gz = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gzip += gz;
    brotli += brotliCompressSync(buf).length;
    each.push({ file: f, gzip: gz });
  }
  return { raw, gzip, brotli, each };
}

/** JS and CSS loaded for the entry plus the lazy chunks whose source path matches `routeSrc`. */
export function firstLoad(dist: string, routeSrc: string[]): BundleFigures {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const src of routeSrc) {
    const key = Object.keys(manifest).find((k) => k.endsWith(src));
    if (!key) throw new Error(`route chunk ${src} not found in the Vite manifest`);
    visit(key);
  }
  const j = sizes(dist, [...js]);
  const c = sizes(dist, [...css]);
  return {
    js: { files: [...js], raw: j.raw, gzip: j.gzip, brotli: j.brotli },
    css: { files: [...css], raw: c.raw, gzip: c.gzip, brotli: c.brotli },
    largest: j.each.sort((a, b) => b.gzip - a.gzip).slice(0, 5),
  };
}
