/** Time from spawning `server/main.ts` to a healthy /healthz, on a fresh and on an existing data folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../support/serverProcess.ts';

async function once(dataDir: string, port: number): Promise<number> {
  const server = await spawnServer({ port, pollMs: 20, env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
  await server.stop();
  return server.readyAfterMs;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Median start-up in ms over `runs`: `cold` creates and seeds a new database, `warm` reopens one. */
export async function startup(runs = 5, port = 18_080): Promise<{ cold: number[]; warm: number[] }> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'jackpot14-bench-'));
    try {
      cold.push(await once(dir, port));
      warm.push(await once(dir, port));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { cold, warm };
}
