/** The bench's and crash tests' way to run a script on a fixed port (see tests/support/serverProcess.ts). */
import { bundleServer, serverArgs } from '../../scripts/serverBundle.mjs';
import { type ServerProcess, spawnServer } from '../support/serverProcess.ts';

export type Child = ServerProcess;

/** Runs `script` (relative to the repository root) on `port` and waits until `readyPath` answers. */
export const spawnScript = (
  script: string,
  port: number,
  env: Record<string, string>,
  readyPath = '/healthz',
): Promise<Child> => spawnServer({ script, port, readyPath, env: { LOG_LEVEL: 'warn', ...env } });

/** Cheap password hashing: bench accounts sign in by the thousand. */
const CHEAP_HASHING = { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' };

/** server/main.ts on `port` with cheap password hashing. */
export const startServer = (port: number, env: Record<string, string>): Promise<Child> =>
  spawnScript('server/main.ts', port, { ...CHEAP_HASHING, ...env });

/**
 * The server as `npm start` runs it (scripts/serverBundle.mjs: the bundle, built first if stale) with
 * cheap password hashing: what an operator's process weighs, without tsx's loader. `port` and
 * `freshDataDir` as spawnServer takes them.
 */
export async function startBundledServer(
  env: Record<string, string>,
  place: { port?: number; freshDataDir?: boolean } = {},
): Promise<Child> {
  await bundleServer();
  return spawnServer({
    script: 'dist-server/main.js',
    nodeArgs: serverArgs,
    ...place,
    readyPath: '/healthz',
    env: { LOG_LEVEL: 'warn', ...CHEAP_HASHING, ...env },
  });
}
