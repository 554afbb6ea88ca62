// Top up and play, end to end in Chromium at 360×740 against the real server in demo mode: the demo
// subscriber's wallet holds M 0.50 and their airtime is too low (OPERATOR_BILLING_INSUFFICIENT), so paying
// a M 2.00 slip is refused (402) and the play screen offers to deposit the M 1.50 difference by M-Pesa.
// The simulated provider confirms after 3 s; the same slip is then paid once, with the same key: exactly
// one accepted slip (receipt shown) and a wallet at M 0.00. Then the Account page lowers the weekly
// deposit limit, which applies at once and shows the week's deposit.
import { describe, expect, it } from 'vitest';
import { apiAs, money, shot, signIn, useServerAndBrowser, type Wallet } from './harness.ts';

const MSISDN = '26650000001';

const e2e = useServerAndBrowser({
  MOBILE_MONEY_LATENCY_MS: '3000',
  MOBILE_MONEY_FAILURE_RATE: '0',
  MOBILE_MONEY_DEPOSIT_OUTCOME: 'confirm',
  OPERATOR_BILLING_INSUFFICIENT: MSISDN,
});

describe('top up and play', () => {
  it('a short wallet tops up by M-Pesa and the same slip is paid once; then a lower deposit limit', async () => {
    const { context, page, errors } = await e2e.phonePage({ baseURL: e2e.server.url });
    await signIn(page);
    await page.getByTestId('lang-en').click();
    const api = apiAs(page);

    // Leave M 0.50 in the wallet: the rest buys airtime (a wallet move, paid from the balance).
    const before = await api.get<Wallet>('fetch-wallet-info');
    const spend = Math.round(before.totalAvailableAmount * 100 - 50) / 100;
    const { origin, token } = {
      origin: e2e.server.url,
      token: await page.evaluate(() => localStorage.getItem('token')),
    };
    const bought = await fetch(`${origin}/api/protected/mobile-money-transaction`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ lang: 'en', amount: spend, receivingMsisdn: null, mobileWalletSid: 'MPESA' }),
    });
    expect(bought.status, await bought.clone().text()).toBe(200);
    expect((await api.get<Wallet>('fetch-wallet-info')).totalAvailableAmount).toBe(0.5);

    await page.goto('/play');
    await page.locator('li.match').nth(13).waitFor({ timeout: 15_000 });
    for (let i = 0; i < 14; i++) await page.locator('li.match').nth(i).locator('button.pick').first().click();
    await page.locator('.btn-submit').click();

    const dialog = page.getByRole('dialog', { name: 'Top up and play' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByText('Deposit M 1.50 by mobile money').waitFor({ timeout: 10_000 });
    await dialog.getByLabel('Mobile wallet').selectOption({ label: 'M-Pesa' });
    await shot(page, 'top-up-offer');
    await dialog.getByRole('button', { name: 'Deposit M 1.50' }).click();
    await dialog.getByText('Confirm on your phone').waitFor({ timeout: 10_000 });
    const pending = (await dialog.getByTestId('top-up-status').textContent()) ?? '';
    const reference = /DP-[0-9A-Z]{8}/.exec(pending)?.[0];
    expect(reference).toBeDefined();
    await shot(page, 'top-up-pending');

    // Confirmed → the same slip is sent again and paid: the receipt sheet follows.
    const sheet = page.getByRole('dialog', { name: 'Your receipt' });
    await sheet.waitFor({ timeout: 30_000 });
    await shot(page, 'top-up-receipt');

    const after = await api.get<
      Wallet & { deposits: Array<{ reference: string; status: string; amount: number }> }
    >('fetch-wallet-info');
    expect(after.totalAvailableAmount).toBe(0);
    expect(after.deposits[0]).toMatchObject({ reference, status: 'CONFIRMED', amount: 1.5 });
    // Exactly one more stake than before (the demo wallet has older ones), of the slip's M 2.00.
    const stakes = (w: Wallet) => w.walletMovesDto.filter((m) => m.reason === 'BETSLIP_STAKE');
    expect(stakes(after)).toHaveLength(stakes(before).length + 1);
    expect(stakes(after)[0]!.amount).toBe(-2);
    expect(await page.getByTestId('wallet-button').textContent()).toBe(`M ${money(0)}`);

    // The weekly deposit limit: lowered at once, with the week's deposit shown beside it.
    await page.goto('/account');
    const group = page.getByRole('region', { name: 'Deposit limit' });
    await group.waitFor({ timeout: 15_000 });
    await expect.poll(() => group.getByTestId('deposited-this-week').textContent()).toBe('M 1.50');
    await group.getByLabel('Weekly deposit limit').fill('100');
    await group.getByRole('button', { name: 'Save limit' }).click();
    await expect
      .poll(() => group.getByTestId('deposit-limit').textContent(), { timeout: 10_000 })
      .toBe('M 100.00');
    const limits = await api.get<{ weeklyDepositLimit: number | null }>('play-limits');
    expect(limits.weeklyDepositLimit).toBe(100);
    await shot(page, 'deposit-limit');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
