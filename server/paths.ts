// The project folder, found from this module's location: the same answer whether the server runs from
// its sources (server/…) or from the start-up bundle (dist-server/main.js).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
  return dir;
}

export const projectRoot: string = findRoot(dirname(fileURLToPath(import.meta.url)));
