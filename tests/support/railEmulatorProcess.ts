/**
 * One rail emulator as its own process, as the production-mode test runs them (server/rails/emulatorMain.ts:
 * `node --import tsx server/rails/emulatorMain.ts <rail> --port 0`). It prints one JSON line with its base
 * URL and the credentials an operator would get from the provider; this waits for that line. `stop()` is
 * SIGTERM, then SIGKILL after a grace period.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { sleep } from './wait.ts';

const root = new URL('../..', import.meta.url).pathname;

export type RailName = 'mpesa' | 'billing' | 'at' | 'ecocash';

export interface RailEmulatorProcess {
  rail: RailName;
  /** The provider API's base URL (http://127.0.0.1:PORT). */
  url: string;
  /** Everything else the start line said: the credentials (apiKey, publicKey, token, username…). */
  credentials: Record<string, string>;
  pid: number;
  /** Everything the child wrote so far. */
  logs(): string;
  /** GET /_emulator/knobs. */
  knobs(): Promise<Record<string, unknown>>;
  /** PATCH /_emulator/knobs. */
  setKnobs(knobs: Record<string, unknown>): Promise<void>;
  /** SIGTERM, SIGKILL after the grace period. */
  stop(): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function exitOf(child: ChildProcess, signal: NodeJS.Signals, waitMs = Number.POSITIVE_INFINITY) {
  if (!running(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, ...(Number.isFinite(waitMs) ? [sleep(waitMs)] : [])]);
}

/** Starts the emulator of `rail` on a free port and resolves once it printed its start line. */
export async function spawnRailEmulator(
  rail: RailName,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<RailEmulatorProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'server/rails/emulatorMain.ts'), rail, '--port', '0'],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let stdout = '';
  const line = new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start line within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout?.on('data', (d) => {
      output += d;
      stdout += d;
      const end = stdout.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      try {
        resolve(JSON.parse(stdout.slice(0, end)));
      } catch (error) {
        reject(error);
      }
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code ?? signal} before its start line`));
    });
  });
  let started: Record<string, string>;
  try {
    started = await line;
  } catch (error) {
    await exitOf(child, 'SIGKILL');
    throw new Error(`the ${rail} emulator did not start: ${(error as Error).message}\n${output}`);
  }
  const { rail: _rail, url, ...credentials } = started;
  if (!url) throw new Error(`the ${rail} emulator printed no url: ${output}`);
  const control = `${url}/_emulator/knobs`;
  return {
    rail,
    url,
    credentials,
    pid: child.pid!,
    logs: () => output,
    async knobs() {
      return (await fetch(control)).json() as Promise<Record<string, unknown>>;
    },
    async setKnobs(knobs) {
      const res = await fetch(control, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(knobs),
      });
      if (!res.ok) throw new Error(`PATCH knobs: ${res.status} ${await res.text()}`);
    },
    async stop() {
      await exitOf(child, 'SIGTERM', 5_000);
      await exitOf(child, 'SIGKILL');
    },
  };
}
