/** Runs server/main.ts (or any script) as a child on a port and waits until it answers. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface Child {
  url: string;
  pid: number;
  /** Resident memory of the child in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown hooks, no flushing — a power cut as far as the process can tell. */
  kill(): Promise<void>;
}

export async function spawnScript(
  script: string,
  port: number,
  env: Record<string, string>,
  readyPath = '/healthz',
): Promise<Child> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${script} did not answer within 120 s:\n${output}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid!,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export const startServer = (port: number, env: Record<string, string>) =>
  spawnScript('server/main.ts', port, { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...env });
