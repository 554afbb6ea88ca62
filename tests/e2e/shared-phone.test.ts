// A shared phone (issue 27, point 8): subscriber A signs in, picks, lets the wallet and results last
// copies be written, queues a slip with no network, and signs out (asked first: the slip would be lost).
// Right after, and once B has signed in on the same browser profile, nothing of A is left: not in the
// DOM, localStorage, IndexedDB (every database and store) or Cache Storage, and A's queued slip is never
// sent by anyone (page or worker).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitInPage } from '../support/inPage.ts';
import { apiAs, sessionOf, shot, signIn, untilInstalled, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
const A = '26650000001';
const B = '26650000003';
const WAIT = { timeout: 15_000 };

/** Every IndexedDB record on the origin, as 'database/store/key' → JSON of its value. */
const indexedDbRecords = (page: Page) =>
  page.evaluate(async () => {
    const asPromise = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const out: Record<string, string> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await asPromise(indexedDB.open(name));
      for (const storeName of [...db.objectStoreNames]) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName);
        const [keys, values] = await Promise.all([asPromise(store.getAllKeys()), asPromise(store.getAll())]);
        keys.forEach((k, i) => {
          out[`${name}/${storeName}/${String(k)}`] = JSON.stringify(values[i]);
        });
      }
      db.close();
    }
    return out;
  });

/** Every Cache Storage entry but the app's own precached files, as 'cache url' → its text (or its type). */
const cachedAnswers = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string> = {};
    for (const name of await caches.keys()) {
      if (name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const res = await cache.match(request);
        const type = res?.headers.get('content-type') ?? '';
        out[`${name} ${request.url}`] = res && /json|text/.test(type) ? await res.text() : type;
      }
    }
    return out;
  });

const localStorageItems = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(localStorage)) as Record<string, string>);

/** The entries (key and value) of a dump that mention one of `marks`. */
const mentioning = (dump: Record<string, string>, marks: string[]) =>
  Object.entries(dump).filter(([k, v]) => marks.some((m) => k.includes(m) || v.includes(m)));

describe('a shared phone', () => {
  it('keeps nothing of A after Sign out, and B sees none of it', async () => {
    const { context, page, errors } = await e2e.phonePage();
    await signIn(page, A);
    await page.getByTestId('lang-en').click();
    await page.locator('li.match').nth(13).waitFor(WAIT);
    const stakesOf = async (api: ReturnType<typeof apiAs>) =>
      (await api.get<{ walletMovesDto: { reason: string }[] }>('fetch-wallet-info')).walletMovesDto.filter(
        (m) => m.reason === 'BETSLIP_STAKE',
      ).length;
    const sessionA = await sessionOf(page);
    const stakesBefore = await stakesOf(apiAs(sessionA));
    const walletA = await (await apiAs(sessionA).send('GET', 'fetch-wallet-info')).text();
    // The worker controls the page (so the app opens offline) and has cached A's reads.
    await untilInstalled(page);
    await waitInPage(
      page,
      async () =>
        Boolean(await (await caches.open('jackpot14-api')).match('/api/protected/fetch-wallet-info')),
      null,
      { what: "A's wallet in the worker's cache" },
    );

    // The results and wallet last copies.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
    await page.getByRole('heading', { level: 1, name: 'Results' }).waitFor(WAIT);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Play' }).click();
    await page.locator('li.match').nth(13).waitFor(WAIT);
    await expect
      .poll(
        async () => Object.keys(await indexedDbRecords(page)).filter((k) => k.includes(`last-copy:`)),
        WAIT,
      )
      .toEqual(
        expect.arrayContaining([
          `keyval-store/keyval/last-copy:results:${A}`,
          `keyval-store/keyval/last-copy:wallet:${A}`,
        ]),
      );

    // A slip queued with no network, then picks not yet played.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Quick pick' }).click();
    await page.locator('.btn-submit').click();
    await expect.poll(() => page.locator('.queue-waiting').textContent(), WAIT).toMatch(/1 slip is saved/);
    const queued = JSON.parse((await indexedDbRecords(page))['jackpot14-offline/keyval/queue'] ?? '[]') as {
      key: string;
    }[];
    expect(queued).toHaveLength(1);
    const slipKey = queued[0]!.key;
    await page.getByRole('button', { name: 'Quick pick' }).click();
    await expect
      .poll(
        async () => Object.keys(await localStorageItems(page)).filter((k) => k.startsWith('picks:')),
        WAIT,
      )
      .toHaveLength(1);

    // Sign out asks first; sending needs the network; "Sign out and delete".
    await page.getByTestId('sign-out').click();
    const dialog = page.getByTestId('sign-out-dialog');
    await dialog.waitFor(WAIT);
    expect(await dialog.getByTestId('sign-out-unsent').textContent()).toMatch(/^1 slip saved on this phone/);
    await dialog.getByRole('button', { name: 'Send it first' }).click();
    await dialog.getByTestId('sign-out-offline').waitFor(WAIT);
    await shot(page, 'shared-phone-sign-out-dialog');
    await dialog.getByRole('button', { name: 'Sign out and delete' }).click();
    await page.waitForURL(/\/login/, WAIT);
    await page.locator('input[name="username"]').waitFor(WAIT);

    // Signed out: nothing of A anywhere (the device-wide language stays).
    const marks = [A, slipKey];
    const leftOfA = async () => ({
      localStorage: mentioning(await localStorageItems(page), marks),
      picks: Object.keys(await localStorageItems(page)).filter((k) => k.startsWith('picks:')),
      indexedDb: mentioning(await indexedDbRecords(page), marks),
      caches: Object.keys(await cachedAnswers(page)).filter((k) => k.includes('/api/')),
    });
    await expect.poll(leftOfA, WAIT).toEqual({ localStorage: [], picks: [], indexedDb: [], caches: [] });
    expect(await localStorageItems(page)).toMatchObject({ lang: 'en' });

    // B signs in on the same profile, with the network back.
    await context.setOffline(false);
    await signIn(page, B);
    await page.locator('li.match').nth(13).waitFor(WAIT);
    await page.getByTestId('wallet-button').waitFor(WAIT);
    await shot(page, 'shared-phone-b-signed-in');
    expect(await page.locator('body').textContent()).not.toContain(A);
    expect(await page.content()).not.toContain(A);
    expect(await page.locator('.queue-waiting').count()).toBe(0);
    expect(await page.locator('li.match [aria-pressed="true"]').count()).toBe(0);

    // What B's visit stored is B's: A's number, slip and wallet answer are nowhere.
    await expect
      .poll(
        async () =>
          Object.keys(await indexedDbRecords(page)).some((k) => k.endsWith(`last-copy:wallet:${B}`)),
        WAIT,
      )
      .toBe(true);
    expect(mentioning(await localStorageItems(page), marks)).toEqual([]);
    expect(Object.keys(await localStorageItems(page)).filter((k) => k.startsWith('picks:'))).toEqual([]);
    expect(mentioning(await indexedDbRecords(page), [...marks, walletA])).toEqual([]);
    expect(mentioning(await cachedAnswers(page), [...marks, walletA])).toEqual([]);

    // A's queued slip was never sent, by the page or by the worker's Background Sync.
    await page.waitForTimeout(2000);
    expect(await stakesOf(apiAs(sessionA))).toBe(stakesBefore);
    expect(errors).toEqual([]);
    await context.close();
  });
});
