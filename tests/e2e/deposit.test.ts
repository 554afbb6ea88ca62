// A deposit end to end in Chromium against the real server in demo mode: the subscriber deposits
// M 25.00 by M-Pesa, sees it pending ("confirm on your phone", with its reference) while the simulated
// provider waits, then confirmed once the provider's signed callback arrives, and the balance grows by
// exactly that (screen and API). Screenshots at 360×740 go to $SCREENSHOT_DIR when set.
import { describe, expect, it } from 'vitest';
import { apiAs, money, shot, signIn, useServerAndBrowser, type Wallet } from './harness.ts';

// The simulated provider calls back after 1.5 s, so the pending state can be seen.
const e2e = useServerAndBrowser({
  MOBILE_MONEY_LATENCY_MS: '1500',
  MOBILE_MONEY_FAILURE_RATE: '0',
  MOBILE_MONEY_DEPOSIT_OUTCOME: 'confirm',
});
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

describe('deposit', () => {
  it('deposits by M-Pesa: pending with its reference, then confirmed and in the balance', async () => {
    const { context, page, errors } = await e2e.phonePage({ baseURL: e2e.server.url });
    await signIn(page);
    await page.getByTestId('lang-en').click();
    const before = await apiAs(page).get<Wallet>('fetch-wallet-info');
    const button = page.getByTestId('wallet-button');
    await expect.poll(() => button.textContent(), WAIT).toBe(`M ${money(before.totalAvailableAmount)}`);
    await button.click();
    await page.waitForURL('**/wallet');

    await page.getByRole('tab', { name: 'Deposit' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Mobile wallet').selectOption({ label: 'M-Pesa' });
    await panel.getByLabel('Amount').fill('25');
    await panel.getByRole('button', { name: 'Deposit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deposit · M 25.00' }).click();

    const card = panel.getByTestId('deposit-card');
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('PENDING');
    const pendingText = (await card.textContent()) ?? '';
    expect(pendingText).toContain('Deposit of M 25.00 waiting');
    expect(pendingText).toContain('Confirm the payment on your phone');
    const reference = /DP-[0-9A-Z]{8}/.exec(pendingText)?.[0];
    expect(reference).toBeDefined();
    await shot(page, 'deposit-pending');

    await expect.poll(() => card.getAttribute('data-status'), { timeout: 20_000 }).toBe('CONFIRMED');
    expect(await card.textContent()).toContain('Deposit of M 25.00 received');
    const expected = before.totalAvailableAmount + 25;
    await expect.poll(() => button.textContent(), { timeout: 10_000 }).toBe(`M ${money(expected)}`);
    await shot(page, 'deposit-confirmed');

    const after = await apiAs(page).get<
      Wallet & { totalDepositedAmount: number; deposits: Array<{ reference: string; status: string }> }
    >('fetch-wallet-info');
    expect(Math.round(after.totalAvailableAmount * 100)).toBe(Math.round(expected * 100));
    expect(after.totalDepositedAmount).toBe(
      (before as Wallet & { totalDepositedAmount?: number }).totalDepositedAmount! + 25,
    );
    expect(after.deposits[0]).toMatchObject({ reference, status: 'CONFIRMED' });
    // The deposit is withdrawable.
    expect(Math.round(after.withdrawablemount * 100)).toBe(Math.round((before.withdrawablemount + 25) * 100));
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
