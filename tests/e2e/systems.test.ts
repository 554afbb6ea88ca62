// Reduced systems, end to end at 360×740: the demo subscriber marks four triples, is offered R-4-0-9 with
// its rows, price and guarantee (in English and Sesotho), plays it for the price of nine single slips,
// and reads the slip back with its rows and system, from the API and on /results (in both languages).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, money, shot, signIn, useServerAndBrowser, type Wallet } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

const pick = (page: Page, index: number, digit: '1' | '3' | '2') =>
  page
    .locator('li.match')
    .nth(index)
    .locator('button.pick')
    .nth(digit === '1' ? 0 : digit === '3' ? 1 : 2);
const shownPrice = async (page: Page) =>
  /M\s*([\d,]+\.\d{2})/.exec((await page.locator('.btn-submit').textContent()) ?? '')?.[1];

describe('reduced systems', () => {
  it('offers R-4-0-9 for four triples, charges nine rows and shows the slip with its system', async () => {
    const context = await e2e.phone();
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('lang-en').click();
    await page.locator('li.match').nth(13).waitFor();
    const { sid, betslipParams } = await apiAs(page).get<{
      sid: string;
      betslipParams: { defaultBetslipPrice: number; thirdChance: number };
    }>('fetch-current-betslip');
    expect(betslipParams.thirdChance).toBeGreaterThanOrEqual(4);
    const ninePrice = money(betslipParams.defaultBetslipPrice * 9);
    const before = await apiAs(page).get<Wallet>('fetch-wallet-info');

    for (let i = 0; i < 4; i++) for (const d of ['1', '3', '2'] as const) await pick(page, i, d).click();
    for (let i = 4; i < 14; i++) await pick(page, i, '1').click();

    const picker = page.getByTestId('system-picker');
    await picker.waitFor(WAIT);
    const choice = picker.locator('label', { hasText: 'R-4-0-9' });
    await expect.poll(() => choice.textContent(), WAIT).toContain(`9 rows · M ${ninePrice}`);
    expect(await choice.textContent()).toContain('At least 13 of 14 if your single picks are right');
    // The full system stays the default: 81 rows at the full price.
    expect(await picker.locator('label', { hasText: 'Full system' }).textContent()).toContain('81 rows');
    await choice.locator('input').check();
    await expect.poll(() => shownPrice(page), WAIT).toBe(ninePrice);
    await shot(page, 'systems-picker-en');

    await page.getByTestId('lang-st').click();
    await expect.poll(() => choice.textContent(), WAIT).toContain('Bonyane 13 ho 14');
    expect(await choice.textContent()).toContain(`mela e 9 · M ${ninePrice}`);
    await shot(page, 'systems-picker-st');
    await page.getByTestId('lang-en').click();

    await page.locator('.btn-submit').click();
    const confirm = page.getByRole('dialog');
    await confirm.waitFor(WAIT);
    await confirm.getByRole('button', { name: `Play · M ${ninePrice}` }).click();
    await expect.poll(() => page.locator('.popover').textContent(), WAIT).toMatch(/accepted|Good luck/i);

    const after = await apiAs(page).get<Wallet>('fetch-wallet-info');
    expect(Math.round((before.totalAvailableAmount - after.totalAvailableAmount) * 100)).toBe(
      Math.round(betslipParams.defaultBetslipPrice * 9 * 100),
    );
    const slips = await apiAs(page).get<{ rows: number; systemId: string | null }[]>(`my-slips?sid=${sid}`);
    expect(slips).toContainEqual(expect.objectContaining({ rows: 9, systemId: 'R-4-0-9' }));

    // The newest slip comes first; opened, it says its rows and system.
    await page.goto('/results');
    const head = page.locator('button.slip-head', { hasText: `Round ${sid}` }).first();
    await head.waitFor(WAIT);
    await head.click();
    await expect
      .poll(() => page.getByTestId('slip-rows').allTextContents(), WAIT)
      .toContainEqual(expect.stringContaining('9 rows · Reduced system R-4-0-9'));
    await shot(page, 'systems-results-en');
    await page.getByTestId('lang-st').click();
    await expect
      .poll(() => page.getByTestId('slip-rows').allTextContents(), WAIT)
      .toContainEqual(expect.stringContaining('Mela e 9 · Sistimi e fokotsitsoeng R-4-0-9'));
    await shot(page, 'systems-results-st');
    await context.close();
  });
});
