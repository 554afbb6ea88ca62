/**
 * The one way the tests run a server as a child process (e2e, bench, crash tests): `node --import tsx
 * <script>` on a port (a free one unless given), optionally on a fresh embedded database in a temporary
 * folder, ready once `readyPath` answers 2xx. A start that fails says why with the child's output.
 * `stop()` is SIGTERM, then SIGKILL after a grace period; `kill()` is SIGKILL at once (a power cut).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './wait.ts';

const root = new URL('../..', import.meta.url).pathname;

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** Script to run, relative to the repository root. */
  script?: string;
  /** Node's arguments in place of `--import tsx <script>` (the bench runs the start-up bundle this way). */
  nodeArgs?: string[];
  /** Port to listen on; a free one when left out. */
  port?: number;
  /** Added to (and overriding) this process's environment, after PORT, HOST and a fresh DATA_DIR. */
  env?: Record<string, string>;
  /** Runs on a new embedded database in a temporary folder (DATA_DIR, DATABASE_URL ''), removed by stop(). */
  freshDataDir?: boolean;
  /** Answers 2xx once the server is ready. */
  readyPath?: string;
  /** How long the start may take before it fails. */
  timeoutMs?: number;
  /** How often readiness is asked for. */
  pollMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  graceMs?: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** The fresh data folder (freshDataDir), else DATA_DIR from env, else ''. */
  dataDir: string;
  /** Milliseconds from spawning to the first ready answer. */
  readyAfterMs: number;
  /** Everything the child wrote to stdout and stderr so far. */
  logs(): string;
  /** Resident memory of the child in MB (Linux /proc). */
  rssMb(): number;
  /** SIGTERM, SIGKILL after the grace period; then removes the fresh data folder. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown hooks, no flushing — a power cut as far as the process can tell. */
  kill(): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function exitOf(child: ChildProcess, signal: NodeJS.Signals, waitMs = Number.POSITIVE_INFINITY) {
  if (!running(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, ...(Number.isFinite(waitMs) ? [sleep(waitMs)] : [])]);
}

/** Starts `script` and resolves once it answers on `readyPath`; on failure kills it and throws with its output. */
export async function spawnServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const {
    script = 'server/main.ts',
    readyPath = '/healthz',
    timeoutMs = 120_000,
    pollMs = 50,
    graceMs = 10_000,
  } = options;
  const port = options.port ?? (await freePort());
  const fresh = options.freshDataDir ? mkdtempSync(join(tmpdir(), 'jackpot14-server-')) : undefined;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...(fresh ? { DATA_DIR: fresh, DATABASE_URL: '' } : {}),
    ...options.env,
  };
  let output = '';
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, options.nodeArgs ?? ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const removeFresh = () => {
    if (fresh) rmSync(fresh, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running(child)) {
      removeFresh();
      throw new Error(
        `${script} exited with ${child.exitCode ?? child.signalCode} before it was ready:\n${output}`,
      );
    }
    try {
      if ((await fetch(url + readyPath, { signal: AbortSignal.timeout(5000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await exitOf(child, 'SIGKILL');
      removeFresh();
      throw new Error(`${script} did not answer ${readyPath} within ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(pollMs);
  }
  const readyAfterMs = performance.now() - spawnedAt;

  return {
    url,
    port,
    pid: child.pid!,
    dataDir: env.DATA_DIR ?? '',
    readyAfterMs,
    logs: () => output,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      await exitOf(child, 'SIGTERM', graceMs);
      await exitOf(child, 'SIGKILL');
      removeFresh();
    },
    async kill() {
      await exitOf(child, 'SIGKILL');
    },
  };
}
