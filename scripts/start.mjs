// `npm start`: build the PWA when dist/ is missing or older than the sources, then start the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) t = Math.max(t, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return t;
};
const built = join(root, 'dist', 'index.html');
const stale =
  !existsSync(built) ||
  ['src', 'locales', 'public', 'sw', 'machines'].some(
    (d) => existsSync(join(root, d)) && newest(d) > statSync(built).mtimeMs,
  );
if (stale) {
  console.log('Building the PWA…');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(r.status ?? 0);
