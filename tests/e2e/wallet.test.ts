// Wallet, end to end, for what the server serves today: the header's balance, the Overview figures and the
// Transactions list of the demo subscriber, each checked against the API's own answer; plus the tabs at
// phone size; offline, the last copy with its time. Buying, cashing out and subscribing are in wallet-flows.test.ts.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { showWireDate as statementDate } from '../../machines/rules/maseruTime';
import {
  apiAs,
  money,
  shot,
  signIn,
  untilInstalled,
  useServerAndBrowser,
  type Wallet,
  workerOffline,
} from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous: the wallet waits on the server (or on the network's loss), and CI is slow. */
const POLL = { timeout: 10_000 };

/** WCAG A/AA violations inside the wallet screen (the shell around it is checked by its own tests). */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('.wallet').withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('wallet', () => {
  it('shows the balance in the header, the overview figures and the transactions of the demo subscriber', async () => {
    const { context, page, errors } = await e2e.phonePage();
    await signIn(page);
    await page.getByTestId('lang-en').click();

    const wallet = await apiAs(page).get<Wallet>('fetch-wallet-info');
    const button = page.getByTestId('wallet-button');
    await expect.poll(() => button.textContent(), POLL).toBe(`M ${money(wallet.totalAvailableAmount)}`);
    // The demo subscriber's seeded balance (server/demo): M 1,054.00 before any play.
    expect(await button.textContent()).toBe('M 1,054.00');

    await button.click();
    await page.waitForURL('**/wallet');
    await page.getByRole('tab', { name: 'Overview' }).waitFor();
    const figure = (id: string) => page.getByTestId(`figure-${id}`).locator('dd').textContent();
    expect(await figure('available')).toBe(`M ${money(wallet.totalAvailableAmount)}`);
    expect(await figure('withdrawable')).toBe(`M ${money(wallet.withdrawablemount)}`);
    expect(await figure('won')).toBe(`M ${money(wallet.totalWonAmount)}`);
    expect(await figure('withdrawn')).toBe(`M ${money(wallet.totalWithdrawnAmount)}`);
    expect(await page.getByTestId('figure-withheld').count()).toBe(wallet.currentlyWithheldAmount ? 1 : 0);
    await shot(page, 'wallet-overview');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Buy mobile' }).click();
    await page.getByRole('button', { name: 'For a friend' }).click();
    await page.getByLabel("Friend's phone number").fill('+266 5000 0002');
    expect(await page.getByLabel("Friend's phone number").inputValue()).toBe('50000002');
    await page.getByRole('tabpanel').getByLabel('Amount').fill('1234.5');
    expect(await page.getByRole('tabpanel').getByLabel('Amount').inputValue()).toBe('1,234.5');
    await shot(page, 'wallet-buy');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Transactions' }).click();
    const items = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    await items.first().waitFor();
    expect(wallet.walletMovesDto.length).toBeGreaterThan(0);
    expect(await items.count()).toBe(Math.min(8, wallet.walletMovesDto.length));
    const first = wallet.walletMovesDto[0]!;
    const sign = first.amount < 0 ? '-' : '';
    // dd/MM/yyyy HH:mm, the signed amount, then the reason in words (translated, never the code).
    const summary = (await items.first().locator('summary').textContent()) ?? '';
    expect(summary).toContain(`${statementDate(first.createDate)}M. ${sign}${money(Math.abs(first.amount))}`);
    expect(summary).not.toContain(first.reason);
    await items.first().locator('summary').click();
    const balanceAfter = (first as { balanceAfter?: number }).balanceAfter ?? 0;
    await expect
      .poll(() => items.first().textContent(), POLL)
      .toContain(`Balance afterM. ${balanceAfter < 0 ? '-' : ''}${money(Math.abs(balanceAfter))}`);
    const pages = Math.ceil(wallet.walletMovesDto.length / 8);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(pages > 1 ? 1 : 0);
    await shot(page, 'wallet-transactions');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Cash out' }).click();
    // Cash-outs go to M-Pesa only (EcoCash takes deposits only): the one payout wallet is chosen already.
    const cashOutPanel = page.getByRole('tabpanel');
    expect(await cashOutPanel.getByLabel('Mobile wallet').inputValue()).toBe('MPESA');
    expect(
      await cashOutPanel.getByLabel('Mobile wallet').locator('option', { hasText: 'EcoCash' }).count(),
    ).toBe(0);
    await cashOutPanel.getByRole('button', { name: 'Cash out' }).click();
    // No amount: the amount field is marked invalid (and shakes) and nothing is sent.
    expect(await cashOutPanel.getByLabel('Amount').getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'wallet-cashout');
    expect(await axeViolations(page)).toEqual([]);

    // The page never scrolls sideways at 360 px.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the last copy offline, balances and transactions, with its time, and current figures once back', async () => {
    const { context, page, errors } = await e2e.phonePage();
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await signIn(page);
    await page.goto('/wallet');
    const available = page.getByTestId('figure-available').locator('dd');
    await available.waitFor();
    const balance = await available.textContent();
    expect(await page.getByTestId('wallet-offline-copy').count()).toBe(0);
    // Installed, and the wallet read once through the service worker: offline, the worker answers from
    // its cache, and that answer is a last copy too.
    await untilInstalled(page);
    await page.reload();
    await available.waitFor();

    await context.setOffline(true);
    // The worker's network goes a moment after the page's: opened again once it has, the installed app
    // reads the wallet from the worker's cache, as on a phone with no signal.
    await workerOffline(context);
    await page.reload();
    const note = page.getByTestId('wallet-offline-copy');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.textContent()).toMatch(
      /You are offline\. This is your wallet as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./,
    );
    expect(await available.textContent()).toBe(balance);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const items = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
    expect(await items.count()).toBeGreaterThan(0);
    await shot(page, 'wallet-offline-copy');
    // The note sits in the page, clear of the bottom tab bar.
    const noteBox = await note.boundingBox();
    const barBox = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(noteBox && barBox && noteBox.y + noteBox.height <= barBox.y).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => note.count(), POLL).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
