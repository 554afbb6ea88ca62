/**
 * End-to-end harness: the built PWA served by the real server (embedded database in a temporary
 * folder, free port), driven by Debian's Chromium through playwright-core. Never downloads a browser.
 *
 * A test file calls `useServerAndBrowser()` once at the top: one server and one browser for the whole
 * file, started before its first test and stopped after its last. `apiAs(page)` calls the API as the app
 * on that page would, with the token it stored.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromiumPath } from '../support/chromium.ts';
import { type ServerProcess, spawnServer } from '../support/serverProcess.ts';

export { chromiumPath };

const root = new URL('../..', import.meta.url).pathname;

export type RunningServer = ServerProcess;
type Env = Record<string, string>;

/** Starts `server/main.ts` on a free port with a fresh data folder, serving the build, and waits for /healthz. */
export async function startServer(env: Env = {}): Promise<RunningServer> {
  // DIST_DIR: a build in another folder (`vite build --outDir …`), so parallel runs do not share dist/.
  const dist = process.env.DIST_DIR || join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(
      `${dist} has no build: run \`npm run build\` before the end-to-end tests (npm test does).`,
    );
  }
  return spawnServer({
    freshDataDir: true,
    timeoutMs: 60_000,
    graceMs: 5000,
    env: { DIST_DIR: dist, ...env },
  });
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

/** A phone-sized context (360×740, touch) on the given origin; `options` add to or override it. */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    hasTouch: true,
    ...options,
  });
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}: its beforeAll has not run or failed (see above)`);
  return value;
}

/**
 * One server for the enclosing file or describe block: started in beforeAll, stopped in afterAll. `env`
 * (or a function giving it, read in beforeAll) is added to the server's environment. When a test fails,
 * the end of the server's output is printed.
 */
export function useServer(env: Env | (() => Env) = {}): { readonly server: RunningServer } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(typeof env === 'function' ? env() : env);
  });
  afterEach((context) => {
    if (server && context.task.result?.state === 'fail') {
      console.error(`server output (the last 60 lines):\n${server.logs().split('\n').slice(-60).join('\n')}`);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      return started(server, 'server');
    },
  };
}

export interface E2E {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A new phone-sized context on the server (see phoneContext); `options` add to or override it. */
  phone(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a new phone-sized context, with the uncaught errors it throws collected in `errors`. */
  phonePage(
    options?: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
}

/** One server (see useServer) and one headless Chromium for the enclosing file, closed after its last test. */
export function useServerAndBrowser(env: Env | (() => Env) = {}): E2E {
  const running = useServer(env);
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const e2e: E2E = {
    get server() {
      return running.server;
    },
    get browser() {
      return started(browser, 'browser');
    },
    phone: (options) => phoneContext(e2e.browser, e2e.server.url, options),
    async phonePage(options) {
      const context = await e2e.phone(options);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return { context, page, errors };
    },
  };
  return e2e;
}

/** Where a page's app talks to and with which token (null when signed out). */
export interface Session {
  origin: string;
  token: string | null;
}

/** The page's origin and the token its app stored, read now. */
export async function sessionOf(page: Page): Promise<Session> {
  return {
    origin: new URL(page.url()).origin,
    token: await page.evaluate(() => localStorage.getItem('token')),
  };
}

/** Calls /api/protected/<path> with a bearer token; get/post expect 200 and return the JSON. */
export interface Api {
  get<T>(path: string): Promise<T>;
  /** POST with `body` as JSON, or with no body when it is left out. */
  post<T>(path: string, body?: unknown): Promise<T>;
  /** The answer as it is, status unchecked. */
  send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response>;
}

/**
 * A client for the API as the app on `page` would call it: its origin and the token it stored, read at
 * each call (or a fixed session, e.g. one read before the page was closed).
 */
export function apiAs(who: Page | Session): Api {
  const session = async () => ('origin' in who ? who : sessionOf(who));
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const { origin, token } = await session();
    return fetch(`${origin}/api/protected/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
  const checked = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await send(method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  };
  return {
    get: (path) => checked('GET', path),
    post: (path, body) => checked('POST', path, body),
    send,
  };
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

/** The fetch-wallet-info answer, as the wallet tests read it. */
export interface Wallet {
  totalAvailableAmount: number;
  withdrawablemount: number;
  totalWonAmount: number;
  totalWithdrawnAmount: number;
  currentlyWithheldAmount: number;
  walletMovesDto: { createDate: string; amount: number; reason: string; serviceId: string }[];
}

/** M with two decimals and thousands separators, written out independently of machines/rules. */
export const money = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Waits until the service worker controls the page: installed, its precache (every chunk, the app shell)
 * complete. A test that goes offline to show what an installed app does waits for this first; before it,
 * the app's lazy chunks are only on the network.
 */
export async function untilInstalled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 45_000 });
}

/**
 * After `context.setOffline(true)`: waits until the service worker's own requests fail too (Chromium cuts
 * its network a moment after the page's, and a read sent in between still reaches the server).
 */
export async function workerOffline(context: BrowserContext): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker: call untilInstalled first');
  const reaches = () =>
    worker.evaluate(() =>
      fetch('/healthz', { cache: 'no-store' }).then(
        () => true,
        () => false,
      ),
    );
  await expect.poll(reaches, { timeout: 10_000 }).toBe(false);
}

/** Signs in through the login screen (demo subscriber by default) and waits for /play. */
export async function signIn(page: Page, username = '26650000001', password = 'demo1234'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  // Where the role lands: a subscriber on /play, an operator on their screen (homeFor).
  await page.waitForURL(/\/(play|admin|support|marketing)/);
}
