/**
 * Repeat visit offline: a subscriber opened /play once online (the production build's service worker
 * registered, took control and cached the betslip), then reloads with no network. Measured: from
 * navigation start to the first match of the betslip painted (li.match), 4× CPU, median of `runs`, each
 * run in a new browser context so every one installs the worker afresh.
 */
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../support/chromium.ts';
import { waitInPage } from '../support/inPage.ts';
import { phone, type Session, throttle } from './page.ts';
import { median } from './startup.ts';

/** The worker's cache of play reads (src/api/paths.ts OFFLINE_READS_CACHE) and the read /play needs. */
const READS_CACHE = 'jackpot14-api';
const BETSLIP_READ = '/api/protected/fetch-current-betslip';

/** Resolves window.__betslipShown with ms since navigation start once li.match is in a painted frame. */
const WATCH_BETSLIP = `
  window.__betslipShown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('li.match')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
`;

async function offlineReload(browser: Browser, url: string, session: Session): Promise<number> {
  const context = await phone(browser, session, 'allow');
  try {
    await context.addInitScript(WATCH_BETSLIP);
    const page = await context.newPage();
    await page.goto(`${url}/play`);
    await page.locator('li.match').first().waitFor({ timeout: 30_000 });
    // Registration waits for an idle moment after load (src/pwa/register.ts); then activation warms the cache.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 45_000 });
    await waitInPage(
      page,
      async ([cache, read]) => Boolean(await (await caches.open(cache)).match(read)),
      [READS_CACHE, BETSLIP_READ] as const,
      { what: 'the betslip in the worker cache' },
    );
    await context.setOffline(true);
    await throttle(page, false);
    await page.reload({ waitUntil: 'commit' });
    const shownMs = await page.evaluate(
      () => (window as unknown as { __betslipShown: Promise<number> }).__betslipShown,
    );
    // Guard against timing an online load: the network must really be gone (navigator.onLine is no
    // help, Chromium reports true again after the reload) and the worker in control.
    const offline = await page.evaluate(async () => {
      const network = await fetch(`/healthz?${Math.random()}`, { cache: 'no-store' }).then(
        () => true,
        () => false,
      );
      return !network && navigator.serviceWorker.controller !== null;
    });
    if (!offline) throw new Error('the repeat visit was not served offline by the service worker');
    return shownMs;
  } finally {
    await context.close();
  }
}

export interface OfflineVisit {
  /** Median ms from navigation start to the betslip painted. */
  betslipMs: number;
  runs: number[];
}

export async function repeatVisitOffline(url: string, session: Session, runs = 3): Promise<OfflineVisit> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await offlineReload(browser, url, session));
    return { betslipMs: median(times), runs: times };
  } finally {
    await browser.close();
  }
}
