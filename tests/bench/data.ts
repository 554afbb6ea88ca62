/**
 * Data cost: what a subscriber pays in bytes. Chromium (one profile for the whole week, so its HTTP cache
 * and the service worker live on from day to day) talks to the server through a byte counter on the wire
 * (tests/bench/wire.ts: every byte each way, headers included, the worker's own fetches too). The script:
 *
 * - install (day 1): open /play signed out, sign in as the demo subscriber, and stay until the service
 *   worker controls the page and has warmed its caches — everything a first visit downloads;
 * - then each of 7 days: open the app from the home screen (/play, the manifest's start_url, in a new
 *   tab), look at the betslip, play one slip (a single on each match, paid from the wallet), check the
 *   results and the wallet once, go back to /play and leave it open ten minutes (the prize refresh runs
 *   every 60 s; the page's clock is fast-forwarded, so ten minutes take a moment), then close the tab.
 *
 * Reported: install bytes, bytes per day (median of the 7), per week (the 7 days, install apart) and the
 * top talkers by URL pattern. The week is played twice, each time on a fresh database and profile: on the
 * server's bare HTTP/1.1 (per-request talkers), and through an HTTP/2 TLS front as deployed
 * (tests/bench/h2front.ts: what a phone pays, handshakes included; each day on new connections).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../support/chromium.ts';
import { waitInPage } from '../support/inPage.ts';
import { freePort } from '../support/serverProcess.ts';
import { embeddedDatabase, fillDatabase } from './fixture.ts';
import { h2Front, trustFrontFlag } from './h2front.ts';
import { startServer } from './process.ts';
import { median } from './startup.ts';
import { talker, type Wire, type WireRequest, wire } from './wire.ts';

const USER = '26650000001';
const PASSWORD = 'demo1234';
const DAYS = 7;
/** How long /play stays open each day, in the page's (fast-forwarded) clock. */
const PLAY_OPEN_MS = 10 * 60_000;
const WAIT = { timeout: 30_000 };
const CLOCK_STEP_MS = 7500;

export interface Talker {
  pattern: string;
  requests: number;
  bytes: number;
}

export interface DataWeek {
  /** Bytes up and down for the first visit, sign-in and the service worker's install. */
  install: number;
  /** Bytes of each day (1..7). */
  days: number[];
  /** Median of `days`. */
  perDay: number;
  /** Sum of `days` (install apart). */
  week: number;
  /** Requests of the /play refresh over the ten minutes of each day (median; HTTP/1.1 only). */
  prizeRefreshes: number;
  /** The biggest URL patterns over install and week, bytes up and down (HTTP/1.1 only). */
  talkers: Talker[];
  requests: WireRequest[];
  /** TCP connections the browser opened over install and week. */
  connections: number;
}

/**
 * How the phone reaches the server: bare HTTP/1.1 (the server as it listens, what a developer sees) or
 * through an HTTP/2 TLS front, as deployed (tests/bench/h2front.ts).
 */
export type Transport = 'http1' | 'h2';

const bytes = (r: WireRequest) => r.up + r.down;

/**
 * Follows an in-app link the way a tap on the bottom bar does (client-side navigation, no reload) and
 * waits until the screen's reads are done (nothing on the wire for a moment).
 */
async function tapNav(page: Page, to: string, meter: Wire) {
  await page.evaluate((href) => {
    const link = document.querySelector<HTMLAnchorElement>(`nav a[href="${href}"]`);
    if (!link) throw new Error(`no link to ${href}`);
    link.click();
  }, to);
  await page.waitForURL(new RegExp(`${to}(\\?|$)`), WAIT);
  await settle(meter);
}

/** Waits until no byte crosses the wire for `quietMs` (in real time). */
async function settle(meter: Wire, quietMs = 800) {
  let seen = -1;
  while (seen !== meter.total()) {
    seen = meter.total();
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Keeps count of the page's requests not yet answered (see answered). */
function track(page: Page): Page {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return page;
}

/** Resolves once every request the page sent so far has its answer (in real time). */
async function answered(page: Page) {
  const open = inFlight.get(page);
  const deadline = Date.now() + WAIT.timeout;
  while (open?.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

async function install(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/play`);
  await page.locator('input[name="username"]').waitFor(WAIT);
  await page.locator('input[name="username"]').fill(USER);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/play/, WAIT);
  await page.locator('li.match').first().waitFor(WAIT);
  // Registration waits for an idle moment (src/pwa/register.ts) or 30 s: move the page's clock past it.
  await page.clock.runFor(31_000);
  await page.clock.setSystemTime(new Date());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, WAIT);
  await waitInPage(
    page,
    async () =>
      Boolean(await (await caches.open('jackpot14-api')).match('/api/protected/fetch-current-betslip')),
    undefined,
    { what: 'the service worker warmed its caches' },
  );
  await page.close();
}

async function day(context: BrowserContext, url: string, meter: Wire): Promise<void> {
  const page = track(await context.newPage());
  await page.goto(`${url}/play`);
  const matches = page.locator('li.match');
  await matches.nth(13).waitFor(WAIT);
  // One slip: a single on each match (the default price, so no confirmation), paid from the wallet.
  for (let i = 0; i < 14; i++) await matches.nth(i).locator('button.pick').first().click();
  const submitted = page.waitForResponse((r) => r.url().includes('/submit-online-betslip'), WAIT);
  await page.locator('.btn-submit').click();
  const answer = await submitted;
  if (answer.status() !== 200) throw new Error(`the day's slip was refused: ${answer.status()}`);
  await tapNav(page, '/results', meter);
  await tapNav(page, '/wallet', meter);
  await tapNav(page, '/play', meter);
  await matches.nth(13).waitFor(WAIT);
  // Ten minutes on /play: the page's timers run them in a moment, 7.5 s at a time, waiting for the page's
  // requests to be answered in between (a token refresh is never cut short by its own 10 s time-out
  // firing in fast-forwarded time). The page's Date is put back in step with the server's after each
  // step: tokens carry the server's time, and a phone ahead of it would take each new one for expired.
  for (let t = 0; t < PLAY_OPEN_MS; t += CLOCK_STEP_MS) {
    await page.clock.runFor(CLOCK_STEP_MS);
    await page.clock.setSystemTime(new Date());
    await answered(page);
  }
  await page.close();
}

/** The scripted week against the server at `serverUrl` (serving the build, demo data seeded). */
export async function dataWeek(serverUrl: string, transport: Transport = 'http1'): Promise<DataWeek> {
  const front = transport === 'h2' ? await h2Front(serverUrl) : undefined;
  const meter = await wire(front?.url ?? serverUrl);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        ...(front ? [trustFrontFlag()] : []),
      ],
    });
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
      locale: 'st-LS',
    });
    await context.clock.install();
    meter.phase('install');
    await install(context, meter.url);
    await settle(meter);
    for (let d = 1; d <= DAYS; d++) {
      front?.dropConnections();
      meter.phase(`day ${d}`);
      await day(context, meter.url, meter);
      await settle(meter);
    }
    await context.close();
  } finally {
    await browser?.close();
    await meter.close();
    await front?.close();
  }
  const requests = meter.requests;
  const days = Array.from({ length: DAYS }, (_, i) => meter.bytesByPhase.get(`day ${i + 1}`) ?? 0);
  const byPattern = new Map<string, Talker>();
  for (const r of requests) {
    const pattern = talker(r);
    const t = byPattern.get(pattern) ?? { pattern, requests: 0, bytes: 0 };
    t.requests++;
    t.bytes += bytes(r);
    byPattern.set(pattern, t);
  }
  const refreshes = Array.from(
    { length: DAYS },
    (_, i) =>
      requests.filter(
        (r) => r.phase === `day ${i + 1}` && r.url.startsWith('/api/protected/fetch-current-prizes'),
      ).length,
  );
  return {
    install: meter.bytesByPhase.get('install') ?? 0,
    days,
    perDay: median(days),
    week: days.reduce((a, b) => a + b, 0),
    prizeRefreshes: median(refreshes),
    talkers: [...byPattern.values()].sort((a, b) => b.bytes - a.bytes),
    requests,
    connections: [...meter.connectionsByPhase.values()].reduce((a, b) => a + b, 0),
  };
}

/** Median figures over `runs` weeks (each on a fresh database and a fresh browser profile). */
export interface DataWeeks {
  runs: DataWeek[];
  install: number;
  perDay: number;
  week: number;
}

/** The same weeks over bare HTTP/1.1 and through the HTTP/2 TLS front. */
export interface DataCost extends DataWeeks {
  deployed: DataWeeks;
}

export function summariseWeeks(runs: DataWeek[]): DataWeeks {
  return {
    runs,
    install: median(runs.map((r) => r.install)),
    perDay: median(runs.map((r) => r.perDay)),
    week: median(runs.map((r) => r.week)),
  };
}

/** One scripted week on a new embedded database with the demo data and a server of its own. */
async function freshWeek(transport: Transport): Promise<DataWeek> {
  const target = embeddedDatabase();
  await fillDatabase(target, { subscribers: 0, stored: 0 });
  const server = await startServer(await freePort(), target.env);
  try {
    return await dataWeek(server.url, transport);
  } finally {
    await server.stop();
    await target.dispose();
  }
}

/**
 * `runs` scripted weeks each way (BENCH_DATA_RUNS: 1 by default so the run stays short;
 * docs/PERFORMANCE.md's before/after medians are of 3), each on a new embedded database with the demo
 * data and a server of its own serving dist/ (built by the caller), in a new browser profile.
 */
export async function dataCost(
  runs = Number(process.env.BENCH_DATA_RUNS ?? 1),
  step: (what: string) => void = () => undefined,
): Promise<DataCost> {
  const weeks: Record<Transport, DataWeek[]> = { http1: [], h2: [] };
  for (let i = 0; i < runs; i++) {
    for (const transport of ['http1', 'h2'] as const) {
      step(`data cost: week ${i + 1} of ${runs}, ${TRANSPORT[transport]}`);
      const week = await freshWeek(transport);
      weeks[transport].push(week);
      step(
        `data cost: week ${i + 1}, ${TRANSPORT[transport]}: install ${kb(week.install)}, day ${kb(week.perDay)}, week ${kb(week.week)}, ${week.connections} connections`,
      );
    }
  }
  return { ...summariseWeeks(weeks.http1), deployed: summariseWeeks(weeks.h2) };
}

const TRANSPORT: Record<Transport, string> = {
  http1: 'bare HTTP/1.1',
  h2: 'HTTP/2 + TLS front, as deployed',
};

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The install, day and week rows of one transport, the targets of issue 30 beside them. */
function weekRows(d: DataWeeks, transport: Transport): [string, string][] {
  const n = d.runs.length;
  const how = TRANSPORT[transport];
  return [
    [
      `data, ${how}: install, first visit to service worker ready (median of ${n})`,
      `${kb(d.install)}  (target ≤ 250 KB)`,
    ],
    [`data, ${how}: one day of play (median of ${n} × 7 days)`, kb(d.perDay)],
    [`data, ${how}: a week of play after install (median of ${n})`, `${kb(d.week)}  (target ≤ 300 KB)`],
  ];
}

/** The rows `npm run bench` prints: medians each way, the top talkers (readable on HTTP/1.1 only). */
export function dataRows(d: DataCost, top = 8): [string, string][] {
  const n = d.runs.length;
  // The run with the median week, for its talkers (each week's talkers add up to its own total).
  const middle = [...d.runs].sort((a, b) => a.week - b.week)[Math.floor((n - 1) / 2)]!;
  return [
    ...weekRows(d.deployed, 'h2'),
    ...weekRows(d, 'http1'),
    [`data: /play prize reads in ten minutes`, String(middle.prizeRefreshes)],
    ...middle.talkers
      .slice(0, top)
      .map((t): [string, string] => [
        `data: top talker ${t.pattern} (HTTP/1.1)`,
        `${kb(t.bytes)} in ${t.requests} requests (install and week)`,
      ]),
  ];
}
