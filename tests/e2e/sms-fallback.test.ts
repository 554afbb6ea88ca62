// The SMS fallback of the offline queue, end to end in Chromium: a slip queued offline whose round
// closes within the hour is offered "Send by SMS" (an sms: link carrying the slip and its key's short
// code). When that SMS arrives (the gateway's callback) and then the network comes back, the queued
// request is answered with the SMS's acceptance: the app shows it accepted, and it is paid once.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitInPage } from '../support/inPage.ts';
import { apiAs, shot, signIn, untilInstalled, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

interface WalletInfo {
  totalAvailableAmount: number;
  walletMovesDto: { amount: number; reason: string }[];
}

const wallet = (page: Page) => apiAs(page).get<WalletInfo>('fetch-wallet-info');
const stakes = (w: WalletInfo) => w.walletMovesDto.filter((m) => m.reason === 'BETSLIP_STAKE').length;

async function closeRoundIn(minutes: number): Promise<void> {
  const res = await fetch(`${e2e.server.url}/dev/current-betslip-ends-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ minutes }),
  });
  expect(res.status).toBe(200);
}

/** Signed in, in `lang`, controlled by the service worker with the play reads cached. */
async function readyApp(context: BrowserContext, lang: 'en' | 'st'): Promise<Page> {
  const page = await context.newPage();
  await signIn(page);
  await page.getByTestId(`lang-${lang}`).click();
  await page.locator('li.match').nth(13).waitFor();
  await untilInstalled(page);
  await waitInPage(
    page,
    async () =>
      Boolean(await (await caches.open('jackpot14-api')).match('/api/protected/fetch-current-betslip')),
    null,
    { what: 'the betslip in the worker cache' },
  );
  return page;
}

async function queueOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.locator('.play-tools button').first().click();
  await page.locator('.btn-submit').click();
  await expect.poll(() => page.locator('.queue-waiting').count(), { timeout: 15_000 }).toBe(1);
}

describe('SMS fallback of the offline queue', () => {
  it('offers Send by SMS near the close; the SMS and the queued request are paid once', async () => {
    await closeRoundIn(30);
    const context = await e2e.phone();
    const page = await readyApp(context, 'en');
    const before = await wallet(page);

    await queueOffline(context, page);
    const offer = page.getByTestId('sms-fallback');
    await offer.waitFor({ timeout: 15_000 });
    const link = offer.getByRole('link', { name: 'Send by SMS' });
    const href = (await link.getAttribute('href')) ?? '';
    const match = /^sms:(\w+)\?body=(.+)$/.exec(href);
    expect(match, href).not.toBeNull();
    const command = decodeURIComponent(match?.[2] ?? '');
    expect(command).toMatch(/^PLAY [123()]{14,} [A-Z][0-9A-Z]{5}$/);
    await expect.poll(() => offer.textContent(), WAIT).toContain(command);
    await shot(page, 'sms-fallback-en');

    // The subscriber's SMS reaches the gateway, which calls us.
    const sms = await fetch(`${e2e.server.url}/api/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        from: '+26650000001',
        to: match?.[1] ?? '',
        text: command,
        id: `e2e-${Date.now()}`,
      }),
    });
    expect(sms.status).toBe(200);
    const replies = (await (await fetch(`${e2e.server.url}/dev/sms?msisdn=26650000001`)).json()) as {
      text: string;
    }[];
    expect(replies[0]?.text).toMatch(/^Jackpot 14: slip accepted/);

    // The network comes back: the queued request is answered with that acceptance, nothing more paid.
    await context.setOffline(false);
    await expect
      .poll(() => page.locator('.queue-accepted').textContent(), { timeout: 30_000 })
      .toMatch(/accepted/);
    await expect.poll(() => page.locator('.queue-waiting').count(), WAIT).toBe(0);
    expect(await offer.count()).toBe(0);
    const after = await wallet(page);
    expect(stakes(after)).toBe(stakes(before) + 1);
    await context.close();
  });

  it('says it in Sesotho, and does not offer SMS while the close is more than an hour away', async () => {
    await closeRoundIn(120);
    const context = await e2e.phone();
    const page = await readyApp(context, 'st');
    await queueOffline(context, page);
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('sms-fallback').count()).toBe(0);

    // Within the hour (the panel looks again on its own); the queued slip keeps its round's end, so the
    // round's close is moved and a new slip queued.
    await context.setOffline(false);
    await expect.poll(() => page.locator('.queue-waiting').count(), { timeout: 30_000 }).toBe(0);
    await closeRoundIn(20);
    await page.reload();
    await page.locator('li.match').nth(13).waitFor();
    await waitInPage(
      page,
      async () => {
        const cached = await (await caches.open('jackpot14-api')).match(
          '/api/protected/fetch-current-betslip',
        );
        const endsAt = cached ? ((await cached.json()) as { endsAt: string }).endsAt : null;
        return endsAt !== null && new Date(endsAt).getTime() - Date.now() < 3_600_000;
      },
      null,
      { what: 'the cached betslip closing within the hour' },
    );
    await queueOffline(context, page);
    const offer = page.getByTestId('sms-fallback');
    await offer.waitFor({ timeout: 15_000 });
    await expect.poll(() => offer.getByRole('link', { name: 'Romela ka SMS' }).count(), WAIT).toBe(1);
    expect(await offer.textContent()).toMatch(/BAPALA [123()]{14,} [A-Z][0-9A-Z]{5}/);
    await shot(page, 'sms-fallback-st');
    await context.close();
  });
});
