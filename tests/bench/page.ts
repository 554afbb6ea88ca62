/**
 * Page speed and interaction, measured in Debian's Chromium through the DevTools protocol (Lighthouse 13
 * needs Node 22 and Lighthouse 12's dependencies break `npm ci`; the metrics are the same web APIs it
 * reads): FCP, LCP, TBT and CLS of a cold load of /login and of /play (signed in through a pre-set
 * session) under Lighthouse's mobile preset — slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) and 4× CPU
 * slowdown — median of 3; and the time from a pick tap to the new price painted, 4× CPU, median of 50.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../support/chromium.ts';
import { type PageMetrics, performanceScore } from './score.ts';
import { median } from './startup.ts';

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/** Collects paint, layout-shift and long-task entries from the first byte on. */
const OBSERVE = `
  window.__perf = { lcp: 0, cls: 0, longTasks: [], fcp: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.lcp = e.renderTime || e.loadTime || e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__perf.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
`;

export interface Session {
  user: string;
  token: string;
  refreshToken: string;
}

const presetSession = (s: Session) => `
  localStorage.setItem('user', ${JSON.stringify(s.user)});
  localStorage.setItem('role', ${JSON.stringify(JSON.stringify(['commxp-user']))});
  localStorage.setItem('token', ${JSON.stringify(s.token)});
  localStorage.setItem('refresh_token', ${JSON.stringify(s.refreshToken)});
  localStorage.setItem('lang', 'st');
`;

/** A 360×740 phone context, signed in when given a session; the service worker blocked unless asked for. */
export async function phone(
  browser: Browser,
  session?: Session,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers,
  });
  if (session) await context.addInitScript(presetSession(session));
  await context.addInitScript(OBSERVE);
  return context;
}

/** 4× CPU slowdown and, when `network`, slow 4G. */
export async function throttle(page: Page, network: boolean) {
  const cdp = await page.context().newCDPSession(page);
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** One cold load: waits for `ready`, then for the main thread to stay quiet for 2 s. */
async function coldLoad(
  browser: Browser,
  url: string,
  ready: string,
  session?: Session,
): Promise<PageMetrics> {
  const context = await phone(browser, session);
  try {
    const page = await context.newPage();
    await throttle(page, true);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2000);
    const perf = await page.evaluate(
      () =>
        (
          window as unknown as {
            __perf: { lcp: number; cls: number; fcp: number; longTasks: [number, number][] };
          }
        ).__perf,
    );
    // Total Blocking Time: the part of each long task beyond 50 ms, after first contentful paint.
    const tbt = perf.longTasks
      .filter(([start]) => start >= perf.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcp: perf.fcp, lcp: Math.max(perf.lcp, perf.fcp), tbt, cls: perf.cls };
  } finally {
    await context.close();
  }
}

export interface PageFigures extends PageMetrics {
  score: number;
  runs: PageMetrics[];
}

function summarise(runs: PageMetrics[]): PageFigures {
  const m: PageMetrics = {
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  };
  return { ...m, score: performanceScore(m), runs };
}

/** Median time from a pick tap to the next frame painted with the new price, 4× CPU. */
async function tapToPaint(browser: Browser, url: string, session: Session, taps: number): Promise<number[]> {
  const context = await phone(browser, session);
  try {
    const page = await context.newPage();
    await page.goto(`${url}/play`);
    const first = page.locator('li.match').first();
    await first.waitFor();
    await throttle(page, false);
    const home = first.locator('button.pick').nth(0);
    const draw = first.locator('button.pick').nth(1);
    await home.click();
    await page.evaluate(() => {
      const w = window as unknown as { __tap: { t0: number; done: Promise<number> | null } };
      const price = document.querySelector('.btn-submit');
      w.__tap = { t0: 0, done: null };
      document.addEventListener(
        'pointerdown',
        (event) => {
          w.__tap.t0 = event.timeStamp;
          w.__tap.done = new Promise((resolve) => {
            const observer = new MutationObserver(() => {
              observer.disconnect();
              // The frame with the new text is painted once this rAF's frame is presented.
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - w.__tap.t0), 0));
            });
            observer.observe(price!, { subtree: true, characterData: true, childList: true });
          });
        },
        true,
      );
    });
    const times: number[] = [];
    for (let i = 0; i < taps; i++) {
      await draw.click(); // home → home-or-draw (a double: price changes) and back again
      times.push(
        await page.evaluate(() => (window as unknown as { __tap: { done: Promise<number> } }).__tap.done),
      );
    }
    return times;
  } finally {
    await context.close();
  }
}

export interface PageSpeed {
  login: PageFigures;
  play: PageFigures;
  tapToPaintMs: number;
  taps: number;
}

export async function pageSpeed(url: string, session: Session, runs = 3, taps = 50): Promise<PageSpeed> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const login: PageMetrics[] = [];
    const play: PageMetrics[] = [];
    for (let i = 0; i < runs; i++) {
      login.push(await coldLoad(browser, `${url}/login`, 'input[type="password"]'));
      play.push(await coldLoad(browser, `${url}/play`, 'li.match', session));
    }
    const tapTimes = await tapToPaint(browser, url, session, taps);
    return { login: summarise(login), play: summarise(play), tapToPaintMs: median(tapTimes), taps };
  } finally {
    await browser.close();
  }
}
