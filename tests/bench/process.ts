/** The bench's and crash tests' way to run a script on a fixed port (see tests/support/serverProcess.ts). */
import { type ServerProcess, spawnServer } from '../support/serverProcess.ts';

export type Child = ServerProcess;

/** Runs `script` (relative to the repository root) on `port` and waits until `readyPath` answers. */
export const spawnScript = (
  script: string,
  port: number,
  env: Record<string, string>,
  readyPath = '/healthz',
): Promise<Child> => spawnServer({ script, port, readyPath, env: { LOG_LEVEL: 'warn', ...env } });

/** server/main.ts on `port` with cheap password hashing (bench accounts sign in by the thousand). */
export const startServer = (port: number, env: Record<string, string>): Promise<Child> =>
  spawnScript('server/main.ts', port, { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...env });
