// Offline-first, end to end in Chromium: the production build with its service worker. A
// subscriber loads the app once, loses the network, reloads and still sees the app and the last
// betslip; submits offline and sees the slip queued; gets the network back and the slip is sent once
// and charged once (checked through the API). A slip whose betslip closed meanwhile shows the refusal.
// Background Sync (DevTools ServiceWorker.dispatchSyncEvent) replays with no page open and notifies;
// a push (ServiceWorker.deliverPushMessage) shows a notification; a new deploy shows the update prompt;
// Chromium finds nothing in the way of installing the app.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitInPage } from '../support/inPage.ts';
import {
  apiAs,
  chromiumPath,
  sessionOf,
  shot,
  signIn,
  untilInstalled,
  useServerAndBrowser,
} from './harness.ts';

const root = new URL('../..', import.meta.url).pathname;
/** A copy of the build this server serves, so the update test can deploy a "new version" into it. */
let dist: string;

beforeAll(() => {
  const built = process.env.DIST_DIR || join(root, 'dist');
  dist = mkdtempSync(join(tmpdir(), 'jackpot14-pwa-dist-'));
  cpSync(built, dist, { recursive: true });
});

afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

// Registered after the copy (started after it, stopped before it is removed).
const e2e = useServerAndBrowser(() => ({ DIST_DIR: dist }));
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

interface WalletInfo {
  totalAvailableAmount: number;
  walletMovesDto: { amount: number; reason: string }[];
}

const wallet = (page: Page) => apiAs(page).get<WalletInfo>('fetch-wallet-info');
const stakes = (w: WalletInfo) => w.walletMovesDto.filter((m) => m.reason === 'BETSLIP_STAKE').length;

/** A signed-in page controlled by the service worker, with the play reads already in its cache. */
async function readyOfflineApp(context: BrowserContext): Promise<Page> {
  await context.grantPermissions(['notifications'], { origin: e2e.server.url });
  const page = await context.newPage();
  await signIn(page);
  await page.getByTestId('lang-en').click();
  await page.locator('li.match').nth(13).waitFor();
  await untilInstalled(page);
  // The worker fills its caches for offline use once it knows the session (activation, sign-in).
  // Every logo of the betslip, not only the first: the worker caches them one by one.
  await waitInPage(
    page,
    async () => {
      const logos = [...document.querySelectorAll('li.match img')].map((img) => img.getAttribute('src'));
      const read = await (await caches.open('jackpot14-api')).match('/api/protected/fetch-current-betslip');
      const images = await caches.open('jackpot14-images');
      const cached = await Promise.all(
        logos.map(async (logo) => Boolean(logo && (await images.match(logo)))),
      );
      return Boolean(read && logos.length > 0 && cached.every(Boolean));
    },
    null,
    { what: 'the betslip and every logo in the worker cache' },
  );
  return page;
}

/** Picks every match (quick pick) and taps submit; returns the price shown. */
async function quickPickAndSubmit(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Quick pick' }).click();
  const text = (await page.locator('.btn-submit').textContent()) ?? '';
  const price = Number(/M\s*([\d.]+)/.exec(text)?.[1]);
  await page.locator('.btn-submit').click();
  return price;
}

const queuedNote = (page: Page) => page.locator('.queue-waiting');

async function workerSession(
  page: Page,
): Promise<{ cdp: CDPSession; registrationId: () => Promise<string> }> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = async () => {
    await expect.poll(() => registrations.get(`${e2e.server.url}/`), WAIT).toBeTruthy();
    return registrations.get(`${e2e.server.url}/`)!;
  };
  return { cdp, registrationId };
}

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return (await reg!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });

describe('offline-first PWA', () => {
  it('opens offline with the last betslip, queues a slip and sends it once when the network is back', async () => {
    const context = await e2e.phone();
    const page = await readyOfflineApp(context);
    const before = await wallet(page);

    await context.setOffline(true);
    await page.reload();
    await page.locator('li.match').nth(13).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('wallet-button').isVisible(), WAIT).toBe(true);
    // Truly offline: the betslip is the worker's cached copy, and the team logos come from its cache too.
    const fromCache = await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
      return (await fetch('/api/protected/fetch-current-betslip', { headers })).headers.get('X-From-Cache');
    });
    expect(fromCache).toBe('1');
    // Logos load lazily: each match is scrolled into view so each is asked for, then all are drawn (from
    // the worker's cache: the network is off).
    for (let m = 0; m < 14; m++) await page.locator('li.match').nth(m).scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          page
            .locator('li.match img')
            .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 0).length),
        WAIT,
      )
      .toBe(0);
    // Drawn as logos, not as the lettered badges a logo that failed to load becomes.
    expect(await page.locator('li.match img').count()).toBe(28);
    expect(await page.getByTestId('team-badge').count()).toBe(0);
    await shot(page, 'offline-reloaded');

    const price = await quickPickAndSubmit(page);
    await expect.poll(() => queuedNote(page).textContent(), WAIT).toMatch(/1 slip is saved/);
    await shot(page, 'offline-queued');
    expect(stakes(await wallet(page))).toBe(stakes(before));

    // The queue survives a reload while still offline.
    await page.reload();
    await expect.poll(() => queuedNote(page).textContent(), { timeout: 15_000 }).toMatch(/1 slip is saved/);

    await context.setOffline(false);
    await expect
      .poll(() => page.locator('.queue-accepted').textContent(), { timeout: 20_000 })
      .toMatch(/accepted/);
    await expect.poll(() => queuedNote(page).count(), WAIT).toBe(0);
    await shot(page, 'offline-accepted');

    const after = await wallet(page);
    expect(stakes(after)).toBe(stakes(before) + 1);
    expect(Math.round((before.totalAvailableAmount - after.totalAvailableAmount) * 100)).toBe(
      Math.round(price * 100),
    );

    // Once more online: nothing is sent again.
    await page.reload();
    await page.locator('li.match').nth(13).waitFor();
    await page.waitForTimeout(1500);
    expect(stakes(await wallet(page))).toBe(stakes(after));
    await context.close();
  });

  it('shows the refusal of a queued slip whose betslip closed before the network came back', async () => {
    const context = await e2e.phone();
    const page = await readyOfflineApp(context);
    const before = await wallet(page);

    await context.setOffline(true);
    await quickPickAndSubmit(page);
    await expect.poll(() => queuedNote(page).count(), WAIT).toBe(1);

    const closed = await fetch(`${e2e.server.url}/dev/close-current-betslip`, { method: 'POST' });
    expect(closed.status).toBe(200);

    await context.setOffline(false);
    await expect
      .poll(() => page.locator('.queue-refused').textContent(), { timeout: 20_000 })
      .toMatch(/closed before your saved slip/);
    await shot(page, 'offline-refused');
    expect(stakes(await wallet(page))).toBe(stakes(before));

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.locator('.queue-refused').count(), WAIT).toBe(0);
    await context.close();
  });

  it('replays the queue on Background Sync with no page open and tells the subscriber by notification', async () => {
    const context = await e2e.phone();
    const page = await readyOfflineApp(context);
    const before = await wallet(page);
    // The session read now: the page is closed before the wallet is read again.
    const api = apiAs(await sessionOf(page));

    await context.setOffline(true);
    await quickPickAndSubmit(page);
    await expect.poll(() => queuedNote(page).count(), WAIT).toBe(1);
    await page.close();

    // No app page is open now; a blank page only lends its DevTools session.
    const blank = await context.newPage();
    await context.setOffline(false);
    const { cdp, registrationId } = await workerSession(blank);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: e2e.server.url,
      registrationId: await registrationId(),
      tag: 'jackpot14-submissions',
      lastChance: false,
    });
    const moves = async () => stakes(await api.get<WalletInfo>('fetch-wallet-info'));
    await expect.poll(moves, { timeout: 20_000 }).toBe(stakes(before) + 1);

    const app = await context.newPage();
    await app.goto('/play');
    await expect
      .poll(async () => (await notifications(app)).map((n) => n.title), { timeout: 10_000 })
      .toContain('Saved betslip sent');
    await expect.poll(() => app.locator('.queue-accepted').count(), WAIT).toBe(1);
    expect(await moves()).toBe(stakes(before) + 1);
    await context.close();
  });

  it('shows a pushed notification', async () => {
    const context = await e2e.phone();
    const page = await readyOfflineApp(context);
    const { cdp, registrationId } = await workerSession(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.server.url,
      registrationId: await registrationId(),
      data: JSON.stringify({
        title: 'Betslip closes soon',
        body: 'One hour left',
        url: '/play',
        tag: 'closing-J14',
      }),
    });
    await expect
      .poll(() => notifications(page), { timeout: 10_000 })
      .toContainEqual({ title: 'Betslip closes soon', body: 'One hour left', tag: 'closing-J14' });
    await context.close();
  });

  it('offers a new version deployed while the app is open, and reloads into it on tap', async () => {
    const context = await e2e.phone();
    const page = await readyOfflineApp(context);
    // "Deploy" a new build: the worker script changes (here by a marker the new version answers with),
    // with its precompressed copies, as the build writes them (the server sends the .br one as it is).
    const swPath = join(dist, 'sw.js');
    const copies = [swPath, `${swPath}.br`, `${swPath}.gz`];
    const originals = copies.map((file) => readFileSync(file));
    const deployed = Buffer.from(
      `${originals[0]}\nself.addEventListener('message',(e)=>{if(e.data==='which-build')e.ports[0].postMessage('build-2')});\n`,
    );
    writeFileSync(swPath, deployed);
    writeFileSync(`${swPath}.br`, brotliCompressSync(deployed));
    writeFileSync(`${swPath}.gz`, gzipSync(deployed));
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('dialog', { name: /new version/ });
      await expect.poll(() => prompt.textContent(), { timeout: 20_000 }).toMatch(/new version/);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'update-prompt.png') });
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update' }).click()]);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const build = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (e) => resolve(String(e.data));
            navigator.serviceWorker.controller!.postMessage('which-build', [channel.port2]);
          }),
      );
      expect(build).toBe('build-2');
      await page.locator('li.match').nth(13).waitFor();
      expect(await page.getByRole('dialog', { name: /new version/ }).count()).toBe(0);
    } finally {
      for (const [i, file] of copies.entries()) writeFileSync(file, originals[i] as Buffer);
    }
    await context.close();
  });

  it('passes Chromium’s installability check', async () => {
    // A persistent profile: Chromium never offers installation in an incognito-like context.
    const profile = mkdtempSync(join(tmpdir(), 'jackpot14-profile-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      baseURL: e2e.server.url,
    });
    try {
      const page = persistent.pages()[0] ?? (await persistent.newPage());
      await page.goto('/login');
      await untilInstalled(page);
      const cdp = await persistent.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
    } finally {
      await persistent.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
