// The server as operators run it (`npm start`): one esbuild bundle of server/main.ts, rebuilt when the
// server's sources are newer. Shared by scripts/start.mjs and the bench (tests/bench/memory.ts measures
// the process an operator runs, not the TypeScript sources loaded through tsx).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The newest modification time of any file under `dirs` (relative to the repository root). */
export function newest(dirs) {
  let t = 0;
  for (const dir of dirs) {
    if (!existsSync(join(root, dir))) continue;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) t = Math.max(t, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return t;
}

/** True when `output` is missing or older than any file under `sources`. */
export const stale = (output, sources) => !existsSync(output) || newest(sources) > statSync(output).mtimeMs;

export const serverBundle = join(root, 'dist-server', 'main.js');

/**
 * The node arguments that run the bundle. `--heap-growing-percent=50`: after a full collection V8 lets the
 * heap grow to 1.5 times what is live before the next one, where by default it may let it grow up to four
 * times. Settling a million slips on the embedded database made garbage enough to take the process from
 * about 330 to 490 MB; with this its peak was 363 MB (median of 3), for about 4 % more settling time
 * (docs/PERFORMANCE.md, "Memory on the embedded database").
 */
export const serverArgs = ['--enable-source-maps', '--heap-growing-percent=50', serverBundle];

/** Bundles the server unless the bundle is newer than its sources; true when it built. */
export async function bundleServer({ log = false } = {}) {
  if (!stale(serverBundle, ['server', 'machines'])) return false;
  if (log) console.log('Bundling the server…');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'server', 'main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return true;
}
