// The wallet and account flows, end to end in Chromium against the real server: buy airtime for a friend and
// cash out, then see both moves with their signs and the balance moved by exactly those amounts (screen
// and API); change the password and sign in with the new one only; subscribe through the warning modal
// (Cancel changes nothing, ACCEPT subscribes); a cash-out whose provider never answers stays under
// processing with its amount withheld. Screenshots at 360×740 go to $SCREENSHOT_DIR when set.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, money, shot, signIn, useServer, useServerAndBrowser, type Wallet } from './harness.ts';

// The rail emulators answer after 50 ms, so a cash-out confirms within the request.
const e2e = useServerAndBrowser({ MOBILE_MONEY_LATENCY_MS: '50', MOBILE_MONEY_FAILURE_RATE: '0' });
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

/** A signed-in phone page in English that records uncaught errors. */
async function englishPage(url: string, username?: string) {
  const { context, page, errors } = await e2e.phonePage({ baseURL: url });
  await signIn(page, username);
  await page.getByTestId('lang-en').click();
  return { context, page, errors };
}

/** The wallet page's toast, once it says something. */
async function toastText(page: Page): Promise<{ kind: string | null; text: string }> {
  const toast = page.locator('.wallet [data-testid="toast"]');
  await toast.waitFor();
  return { kind: await toast.getAttribute('data-kind'), text: (await toast.textContent()) ?? '' };
}

const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`).locator('dd').textContent();

describe('wallet flows', () => {
  it('buys airtime for a friend and cashes out; both moves show with their signs and the balance moves by exactly that', async () => {
    const { context, page, errors } = await englishPage(e2e.server.url);
    const before = await apiAs(page).get<Wallet>('fetch-wallet-info');
    // The demo subscriber has winnings to cash out (server/demo) and money for the airtime.
    expect(before.withdrawablemount).toBeGreaterThanOrEqual(20);
    expect(before.totalAvailableAmount).toBeGreaterThanOrEqual(32.5);
    const button = page.getByTestId('wallet-button');
    await expect.poll(() => button.textContent(), WAIT).toBe(`M ${money(before.totalAvailableAmount)}`);

    await button.click();
    await page.waitForURL('**/wallet');
    const panel = page.getByRole('tabpanel');

    // Buy M 12.50 of airtime for 5000 0009, paid from the wallet (no mobile wallet to choose), confirmed.
    await page.getByRole('tab', { name: 'Buy mobile' }).click();
    expect(await panel.getByLabel('Mobile wallet').count()).toBe(0);
    await panel.getByRole('button', { name: 'For a friend' }).click();
    await panel.getByLabel("Friend's phone number").fill('5000 0009');
    await panel.getByLabel('Amount').fill('12.50');
    await shot(page, 'flows-buy-filled');
    await panel.getByRole('button', { name: 'Buy airtime for a friend' }).click();
    const askedBuy = page.getByRole('dialog', { name: 'M 12.50 airtime to 266 5000 0009?' });
    await askedBuy.waitFor();
    await shot(page, 'flows-buy-confirm');
    await askedBuy.getByRole('button', { name: 'Buy · M 12.50' }).click();
    const bought = await toastText(page);
    expect(bought.kind).toBe('success');
    expect(bought.text).toContain('You bought M 12.50 of airtime for 26650000009.');
    await shot(page, 'flows-buy-toast');
    // The form is cleared for the next purchase.
    expect(await panel.getByLabel('Amount').inputValue()).toBe('');
    const afterAirtime = before.totalAvailableAmount - 12.5;
    await expect.poll(() => button.textContent(), WAIT).toBe(`M ${money(afterAirtime)}`);

    // Cash out M 20.00 to M-Pesa (B2C); the M-Pesa emulator confirms after 50 ms.
    await page.getByRole('tab', { name: 'Cash out' }).click();
    await panel.getByLabel('Mobile wallet').selectOption({ label: 'M-Pesa' });
    await panel.getByLabel('Amount').fill('20');
    await panel.getByLabel('Amount').blur();
    expect(await panel.getByLabel('Amount').inputValue()).toBe('20.00');
    await panel.getByRole('button', { name: 'Cash out' }).click();
    const askedCashOut = page.getByRole('dialog', { name: 'Cash out M 20.00?' });
    await askedCashOut.waitFor();
    await shot(page, 'flows-cashout-confirm');
    await askedCashOut.getByRole('button', { name: 'Cash out · M 20.00' }).click();
    await expect
      .poll(() => page.locator('.wallet [data-testid="toast"]').textContent(), WAIT)
      .toContain('M 20.00 has been sent to your M-Pesa wallet.');
    expect((await toastText(page)).kind).toBe('success');
    await shot(page, 'flows-cashout-toast');
    const expected = before.totalAvailableAmount - 32.5;
    await expect.poll(() => button.textContent(), WAIT).toBe(`M ${money(expected)}`);

    // The API agrees, to the cent: available down by 32.50, withdrawable and withdrawn by the cash-out.
    const after = await apiAs(page).get<Wallet>('fetch-wallet-info');
    expect(Math.round(after.totalAvailableAmount * 100)).toBe(Math.round(expected * 100));
    // Withdrawable: the winnings not yet cashed out, less the 20.00, never more than what is available.
    const winningsLeft = before.totalWonAmount - before.totalWithdrawnAmount - before.currentlyWithheldAmount;
    expect(Math.round(after.withdrawablemount * 100)).toBe(
      Math.round(Math.min(winningsLeft - 20, expected) * 100),
    );
    expect(Math.round(after.totalWithdrawnAmount * 100)).toBe(
      Math.round((before.totalWithdrawnAmount + 20) * 100),
    );
    expect(after.currentlyWithheldAmount).toBe(0);
    expect(after.walletMovesDto.length).toBe(before.walletMovesDto.length + 2);
    const newMoves = after.walletMovesDto.slice(0, 2);
    expect(newMoves.map((m) => m.amount).sort()).toEqual([-12.5, -20]);

    // Overview shows the same figures; nothing is under processing.
    await page.getByRole('tab', { name: 'Overview' }).click();
    expect(await figure(page, 'available')).toBe(`M ${money(expected)}`);
    expect(await figure(page, 'withdrawable')).toBe(`M ${money(after.withdrawablemount)}`);
    expect(await figure(page, 'withdrawn')).toBe(`M ${money(after.totalWithdrawnAmount)}`);
    expect(await page.getByTestId('figure-withheld').count()).toBe(0);

    // Transactions: both new moves at the top, money out with a minus sign, their reasons inside.
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const items = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await items.first().waitFor();
    const summaries = await items.locator('summary .move-amount').allTextContents();
    expect(summaries.slice(0, 2).sort()).toEqual(['M. -12.50', 'M. -20.00']);
    const airtime = items.filter({ has: page.locator('.move-amount', { hasText: 'M. -12.50' }) }).first();
    await airtime.locator('summary').click();
    await expect.poll(() => airtime.textContent(), WAIT).toContain('Airtime for a friend');
    expect(await airtime.locator('.move-amount').getAttribute('class')).toContain('out');
    const cash = items.filter({ has: page.locator('.move-amount', { hasText: 'M. -20.00' }) }).first();
    await cash.locator('summary').click();
    await expect.poll(() => cash.textContent(), WAIT).toContain('Cash-out');
    await shot(page, 'flows-transactions');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('subscribes through the warning modal: Cancel changes nothing, ACCEPT subscribes', async () => {
    const { context, page, errors } = await englishPage(e2e.server.url, '26650000003');
    const subscribe = page.locator('.header-actions').getByRole('button', { name: 'Subscribe' });
    await subscribe.waitFor();
    await shot(page, 'flows-header-subscribe');
    // The header's wallet, Subscribe and Sign out stay on one row at 360 px.
    const centres = () =>
      page.locator('.header-bar > :not(.header-actions), .header-actions > *').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return Math.round(r.top + r.height / 2);
        }),
      );
    const rows = await centres();
    expect(rows.length).toBe(4); // brand, wallet, Subscribe, Sign out
    expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(4);
    // Also with the longer Sesotho 'Ingolisetse'.
    await page.getByTestId('lang-st').click();
    await page.locator('.header-actions').getByRole('button', { name: 'Ingolisetse' }).waitFor();
    const stRows = await centres();
    expect(Math.max(...stRows) - Math.min(...stRows)).toBeLessThanOrEqual(4);
    await page.getByTestId('lang-en').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const toggles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('toggle-subscription')) toggles.push(r.method());
    });
    await subscribe.click();
    const dialog = page.getByRole('dialog', { name: 'You have other subscriptions' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      'Daily Horoscope',
      'Football News',
    ]);
    expect(await dialog.getByTestId('subscription-price').textContent()).toContain('M 5.00 a week');
    await shot(page, 'flows-subscribe-modal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(toggles).toEqual([]);
    expect(await subscribe.isVisible()).toBe(true);
    const still = await apiAs(page).get<{ isSubscriptionEnabled: boolean }>('fetch-subscriber-info');
    expect(still.isSubscriptionEnabled).toBe(false);

    await subscribe.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'ACCEPT' }).click();
    await subscribe.waitFor({ state: 'detached' });
    expect(toggles).toEqual(['POST']);
    await expect
      .poll(() => page.locator('[data-testid="toast"]').first().textContent(), WAIT)
      .toContain('You are subscribed to Jackpot 14. Good luck!');
    const info = await apiAs(page).get<{ isSubscriptionEnabled: boolean }>('fetch-subscriber-info');
    expect(info.isSubscriptionEnabled).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/account');
    await expect
      .poll(() => page.getByTestId('account-subscription').textContent(), { timeout: 10_000 })
      .toBe('Enabled');
    expect(await page.getByRole('button', { name: 'Subscribe now' }).count()).toBe(0);
    await shot(page, 'flows-account-subscribed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the password; the new one signs in and the old one is refused with the translated message', async () => {
    const { context, page, errors } = await englishPage(e2e.server.url);
    try {
      await page.goto('/account');
      await page.getByTestId('account-subscription').getByText('Enabled').waitFor();
      await page.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.getByLabel('Current password').fill('demo1234');
      await dialog.getByLabel('New password', { exact: true }).fill('newpass99');
      await dialog.getByLabel('Repeat new password').fill('newpass99');
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await dialog.waitFor({ state: 'detached' });
      const toast = page.locator('.account [data-testid="toast"]');
      await expect.poll(() => toast.getAttribute('data-kind'), WAIT).toBe('success');
      expect(await toast.textContent()).toContain('Your password has been changed.');
      await shot(page, 'flows-password-changed');

      await page.getByTestId('sign-out').click();
      await page.waitForURL('**/login');
      // The old password is refused, in the language chosen before signing out.
      await page.locator('input[name="username"]').fill('26650000001');
      await page.locator('input[name="password"]').fill('demo1234');
      await page.locator('form button[type="submit"]').click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent(), WAIT).toBe('Wrong phone number or password.');
      expect(page.url()).toContain('/login');
      await shot(page, 'flows-login-refused');
      // …and in Sesotho.
      await page.getByTestId('lang-st').click();
      await expect.poll(() => alert.textContent(), WAIT).toBe('Nomoro ea mohala kapa phasewete e fosahetse.');
      await page.getByTestId('lang-en').click();

      await page.locator('input[name="password"]').fill('newpass99');
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL('**/play');
      expect(errors).toEqual([]);
    } finally {
      // Put the demo password back so the other tests on this server sign in as before (a refusal here
      // means it never changed; the test has failed already and says why).
      await apiAs(page).send('POST', 'change-password', {
        oldPassword: 'newpass99',
        newPassword: 'demo1234',
      });
      await context.close();
    }
  });
});

describe('a provider that never answers', () => {
  const hung = useServer({ MOBILE_MONEY_HANG: 'true', MOBILE_MONEY_TIMEOUT_MS: '500' });

  it('leaves the cash-out under processing on Overview with the amount withheld', async () => {
    const { context, page, errors } = await englishPage(hung.server.url);
    const before = await apiAs(page).get<Wallet>('fetch-wallet-info');
    expect(before.currentlyWithheldAmount).toBe(0);
    await page.goto('/wallet');
    const panel = page.getByRole('tabpanel');
    await page.getByRole('tab', { name: 'Cash out' }).click();
    await panel.getByLabel('Mobile wallet').selectOption({ label: 'M-Pesa' });
    await panel.getByLabel('Amount').fill('15');
    await panel.getByRole('button', { name: 'Cash out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cash out · M 15.00' }).click();
    const toast = await toastText(page);
    expect(toast.kind).toBe('warning');
    expect(toast.text).toMatch(/Your cash-out of M 15\.00 is being processed \(reference CO-\d+\)\./);
    await shot(page, 'flows-cashout-pending');

    await page.getByRole('tab', { name: 'Overview' }).click();
    const withheld = page.getByTestId('figure-withheld');
    await withheld.waitFor();
    expect(await withheld.textContent()).toContain('Under processing');
    expect(await withheld.textContent()).toContain('M 15.00');
    const reference = /reference (CO-\d+)/.exec(toast.text)?.[1];
    expect(await withheld.textContent()).toContain(reference);
    expect(await figure(page, 'available')).toBe(`M ${money(before.totalAvailableAmount - 15)}`);
    await shot(page, 'flows-overview-pending');

    const after = await apiAs(page).get<Wallet>('fetch-wallet-info');
    expect(after.currentlyWithheldAmount).toBe(15);
    expect(errors).toEqual([]);
    await context.close();
  });
});
