// Receipts, end to end in Chromium: the demo subscriber pays a slip and sees its receipt and reference,
// /play says the round is played, and a stranger's browser (signed out) checks the receipt on /verify:
// valid; changed, not valid; offline, still checked with the key it saved.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, shot, signIn, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

const REFERENCE = /^J14-\d{4}-[2-9A-HJ-NP-Z]{6}$/;

/** What the phone's screen shows (not the full page: the sheet is a fixed dialog), to $SCREENSHOT_DIR. */
async function screenShot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
}

const verdict = (page: Page) => page.getByTestId('verify-result').textContent();

describe('receipts', () => {
  it('shows the receipt after paying, lists the round’s slips and verifies the receipt, offline too', async () => {
    const context = await e2e.phone();
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('lang-en').click();
    await page.locator('li.match').nth(13).waitFor();

    // Singles everywhere: the default price, paid from the demo wallet.
    for (let i = 0; i < 14; i++) await page.locator('li.match').nth(i).locator('button.pick').first().click();
    await page.locator('.btn-submit').click();
    const sheet = page.getByRole('dialog', { name: 'Your receipt' });
    await sheet.waitFor({ timeout: 15_000 });
    const reference = ((await sheet.getByTestId('receipt-reference').textContent()) ?? '').trim();
    expect(reference).toMatch(REFERENCE);
    expect(await sheet.locator('.receipt-picks li').count()).toBe(14);
    expect(await sheet.textContent()).toMatch(/From the wallet|By airtime/);
    await screenShot(page, 'receipt-sheet-en');
    await sheet.getByRole('button', { name: 'Done' }).click();

    const played = page.locator('.played-round');
    await expect.poll(() => played.textContent(), WAIT).toMatch(/You have played this round: \d+ slips?/);
    expect(await played.textContent()).toContain(reference);
    await played.scrollIntoViewIfNeeded();
    await screenShot(page, 'played-round-en');
    // In Sesotho, the list and the sheet opened from it.
    await page.getByTestId('lang-st').click();
    await expect.poll(() => played.textContent(), WAIT).toMatch(/U bapetse potolohong ena/);
    await played.getByRole('button').filter({ hasText: reference }).click();
    await page.getByRole('dialog').waitFor();
    await screenShot(page, 'receipt-sheet-st');
    await page.keyboard.press('Escape');
    await page.getByTestId('lang-en').click();

    const slips = await apiAs(page).get<{ reference: string; jws: string }[]>('my-slips');
    const jws = slips.find((s) => s.reference === reference)?.jws ?? '';
    expect(jws.split('.')).toHaveLength(3);

    // Results carry the reference too.
    await page.goto('/results');
    await page.locator('.slip-head').first().click();
    await expect.poll(() => page.locator('.slip-reference').first().textContent(), WAIT).toContain(reference);
    await context.close();

    // Someone else's phone, signed out, opens the shared link.
    const stranger = await e2e.phone();
    const other = await stranger.newPage();
    await other.goto(`/verify#${jws}`);
    await expect.poll(() => verdict(other), { timeout: 15_000 }).toMatch(/Rasiti e nepahetseng/);
    await shot(other, 'verify-valid-st');
    await other.evaluate(() => localStorage.setItem('lang', 'en'));
    await other.reload();
    await expect.poll(() => verdict(other), { timeout: 15_000 }).toContain('Valid receipt');
    expect(await verdict(other)).toContain(reference);
    await shot(other, 'verify-valid-en');

    // A receipt with a changed price is not valid.
    const [h, p, s] = jws.split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const richer = Buffer.from(JSON.stringify({ ...claims, cost: 1000 })).toString('base64url');
    const box = other.getByLabel('Receipt', { exact: true });
    await box.fill(`${h}.${richer}.${s}`);
    await other.getByRole('button', { name: 'Check', exact: true }).click();
    await expect.poll(() => verdict(other), WAIT).toContain('Not valid');
    await shot(other, 'verify-not-valid-en');

    // Offline, the key saved on the first visit still checks it.
    await stranger.setOffline(true);
    await box.fill(jws);
    await other.getByRole('button', { name: 'Check', exact: true }).click();
    await expect.poll(() => verdict(other), WAIT).toContain('Valid receipt');
    await stranger.close();
  });
});
