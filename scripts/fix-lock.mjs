// Run after changing dependencies: `node scripts/fix-lock.mjs`.
// This machine's registry mirror answers 404 for other platforms' optional binaries (@rollup/rollup-darwin-arm64,
// @biomejs/cli-win32-x64…), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses
// the lock as out of sync. Listing each declared optional dependency keeps `npm ci` working; on install npm
// skips an optional package it cannot fetch, as it would skip one for another platform.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: listed ${added} optional platform package(s)`);
