/**
 * End-to-end harness: the built PWA served by the real server (embedded database in a temporary
 * folder, free port), driven by Debian's Chromium through playwright-core. Never downloads a browser.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname;

/** Chromium from CHROME_PATH or Debian's package; a missing browser is a loud failure, never a skip. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. The end-to-end tests need Debian's Chromium: ` +
        'run `apt-get update && apt-get install -y chromium` (or set CHROME_PATH to a Chromium binary).',
    );
  }
  return path;
}

async function freePort(): Promise<number> {
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

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

/** Starts `server/main.ts` on a free port with a fresh data folder and waits for /healthz. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // DIST_DIR: a build in another folder (`vite build --outDir …`), so parallel runs do not share dist/.
  const dist = process.env.DIST_DIR || join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(
      `${dist} has no build: run \`npm run build\` before the end-to-end tests (npm test does).`,
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'jackpot14-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DIST_DIR: dist,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A phone-sized context (360×740) on the given origin. */
export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    hasTouch: true,
  });
}

/** The newest OTP sent to an msisdn, read from the demo outbox. */
export async function latestOtp(url: string, msisdn: string): Promise<string> {
  const res = await fetch(`${url}/dev/sms?msisdn=${msisdn}`);
  const list = (await res.json()) as { otp: string }[];
  const first = list[0];
  if (!first) throw new Error(`no SMS for ${msisdn}`);
  return first.otp;
}

/** Saves a screenshot to $SCREENSHOT_DIR when set, so a person can look at what the tests saw. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Signs in through the login screen (demo subscriber by default) and waits for /play. */
export async function signIn(page: Page, username = '26650000001', password = 'demo1234'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/(play|admin)/);
}
