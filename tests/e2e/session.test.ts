// Staying signed in, end to end in Chromium (DESIGN.md "Staying signed in"), on a server whose access
// tokens live 20 seconds. Online: the subscriber idles past a token's life, acts, and is still signed in
// with a token the API accepts; an app opened after its token expired refreshes it at start. Offline: the
// token expires with no network, the app reloads signed in on /play with the cached betslip, a slip made
// then waits in the queue, and once the network is back the session refreshes and the slip is sent.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitInPage } from '../support/inPage.ts';
import { apiAs, shot, signIn, untilInstalled, useServerAndBrowser } from './harness.ts';

const ACCESS_TOKEN_TTL = 20;
const e2e = useServerAndBrowser({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL) });
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

/** Long enough for the token the page holds now to have expired. */
const PAST_EXPIRY_MS = (ACCESS_TOKEN_TTL + 4) * 1000;

interface WalletInfo {
  totalAvailableAmount: number;
  walletMovesDto: { amount: number; reason: string }[];
}
const stakes = (w: WalletInfo) => w.walletMovesDto.filter((m) => m.reason === 'BETSLIP_STAKE').length;

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
/** Seconds until the stored access token expires (negative once it has). */
const tokenSecondsLeft = (page: Page) =>
  page.evaluate(() => {
    const token = localStorage.getItem('token') ?? '';
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp: number;
    };
    return payload.exp - Date.now() / 1000;
  });

async function signedInPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signIn(page);
  await page.getByTestId('lang-en').click();
  await page.locator('li.match').nth(13).waitFor();
  return page;
}

describe('staying signed in (20-second access tokens)', () => {
  it('online: idles past the token’s life, acts, and is still signed in; a later start refreshes at once', async () => {
    const context = await e2e.phone();
    const page = await signedInPage(context);
    const first = await storedToken(page);
    await shot(page, 'session-signed-in');

    await page.waitForTimeout(PAST_EXPIRY_MS);
    await page.getByRole('link', { name: 'Results', exact: true }).click();
    await page.waitForURL(/\/results/);
    expect(await page.getByTestId('sign-out').isVisible()).toBe(true);
    // The token was refreshed along the way; the API takes the one the app holds now.
    expect(await storedToken(page)).not.toBe(first);
    expect(await tokenSecondsLeft(page)).toBeGreaterThan(0);
    await apiAs(page).get<WalletInfo>('fetch-wallet-info');
    await shot(page, 'session-still-signed-in');

    // No page open while the token expires; the next start refreshes it before its first call.
    const stale = await storedToken(page);
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, PAST_EXPIRY_MS));
    const staleExp = (
      JSON.parse(Buffer.from(stale!.split('.')[1]!, 'base64url').toString()) as { exp: number }
    ).exp;
    expect(staleExp * 1000).toBeLessThan(Date.now());
    const reopened = await context.newPage();
    await reopened.goto('/play');
    await reopened.locator('li.match').nth(13).waitFor();
    expect(new URL(reopened.url()).pathname).toBe('/play');
    expect(await storedToken(reopened)).not.toBe(stale);
    expect(await tokenSecondsLeft(reopened)).toBeGreaterThan(0);
    await apiAs(reopened).get<WalletInfo>('fetch-wallet-info');
    await context.close();
  });

  it('offline: opens signed in on the cached betslip after the token expired, and sends a queued slip when the network is back', async () => {
    const context = await e2e.phone();
    const page = await signedInPage(context);
    await untilInstalled(page);
    // The worker keeps the betslip for offline use once it knows the session.
    await waitInPage(
      page,
      async () =>
        Boolean(await (await caches.open('jackpot14-api')).match('/api/protected/fetch-current-betslip')),
      null,
      { what: 'the betslip in the worker cache' },
    );
    const before = await apiAs(page).get<WalletInfo>('fetch-wallet-info');

    await context.setOffline(true);
    await page.waitForTimeout(PAST_EXPIRY_MS);
    const expired = await storedToken(page);
    expect(await tokenSecondsLeft(page)).toBeLessThan(0);
    await page.reload();
    await page.locator('li.match').nth(13).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/play');
    expect(await page.getByTestId('sign-out').isVisible()).toBe(true);
    expect(await page.getByTestId('session-countdown').textContent()).toBe('00:00');
    await shot(page, 'session-offline-expired');

    await page.getByRole('button', { name: 'Quick pick' }).click();
    await page.locator('.btn-submit').click();
    await expect.poll(() => page.locator('.queue-waiting').textContent(), WAIT).toMatch(/1 slip is saved/);
    await shot(page, 'session-offline-queued');
    expect(await storedToken(page)).toBe(expired);

    await context.setOffline(false);
    await expect
      .poll(() => page.locator('.queue-accepted').textContent(), { timeout: 20_000 })
      .toMatch(/accepted/);
    expect(await storedToken(page)).not.toBe(expired);
    expect(await page.getByTestId('session-countdown').textContent()).not.toBe('00:00');
    expect(new URL(page.url()).pathname).toBe('/play');
    await shot(page, 'session-back-online');
    expect(stakes(await apiAs(page).get<WalletInfo>('fetch-wallet-info'))).toBe(stakes(before) + 1);
    await context.close();
  });
});
