// `npm start`: build the PWA when dist/ is missing or older than its sources, bundle the server when
// dist-server/ is, then run the server. The bundle starts about a third faster than loading the
// TypeScript sources through tsx (README, Performance); `npm run server` still runs the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const newest = (dirs) => {
  let t = 0;
  for (const dir of dirs) {
    if (!existsSync(join(root, dir))) continue;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) t = Math.max(t, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return t;
};
const stale = (output, sources) => !existsSync(output) || newest(sources) > statSync(output).mtimeMs;

const pwa = join(root, 'dist', 'index.html');
if (stale(pwa, ['src', 'locales', 'public', 'sw', 'machines'])) {
  console.log('Building the PWA…');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = join(root, 'dist-server', 'main.js');
if (stale(server, ['server', 'machines'])) {
  console.log('Bundling the server…');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'server', 'main.ts')],
    outfile: server,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

const r = spawnSync(process.execPath, ['--enable-source-maps', server], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 0);
