// The call centre and marketing at 360×740, real server and Chromium: the call centre signs in, opens its
// screen from the account page, looks up the demo subscriber, sees the wallet and a slip's receipt
// reference, and sends a password-reset SMS (read back from the demo outbox); marketing adds a Sesotho
// testimonial, sees it in the carousel preview, removes it, and changes a prize amount that stays saved.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, signIn, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();

/** The page fits the phone: nothing wider than the 360 px viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Sms {
  text: string;
  otp: string | null;
}
const outbox = async (msisdn: string): Promise<Sms[]> =>
  (await fetch(`${e2e.server.url}/dev/sms?msisdn=${msisdn}`)).json() as Promise<Sms[]>;

/** Signs an operator in, then opens `link` from the account page's "More" (the phone's way there). */
async function openFromAccount(page: Page, username: string, password: string, link: string, path: string) {
  await signIn(page, username, password);
  await page.goto('/account');
  await page.getByTestId('account-more').getByRole('link', { name: link }).click();
  await page.waitForURL(`**${path}`, { timeout: 15_000 });
}

describe('support and marketing screens', () => {
  it('lets the call centre look a subscriber up and send a password-reset SMS', async () => {
    const { context, page, errors } = await e2e.phonePage();
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await openFromAccount(page, 'callcentre', 'callcentre1234', 'Call centre', '/support');

    const field = page.getByLabel("Subscriber's phone number");
    await field.waitFor({ timeout: 15_000 });
    await field.fill('26650000001');
    await page.getByRole('button', { name: 'Look up' }).click();

    const slip = page.getByTestId('support-slip').first();
    await slip.waitFor({ timeout: 10_000 });
    expect(await slip.locator('.support-ref').textContent()).toMatch(/^[A-Z0-9]+-\d{4}-[2-9A-HJ-NP-Z]{6}$/);
    const wallet = page.getByTestId('support-wallet');
    expect(await wallet.textContent()).toMatch(/Balance\s*M\s[\d,]+\.\d{2}/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'support-1-lookup-en');

    const before = (await outbox('26650000001')).length;
    await page.getByRole('button', { name: 'Send password-reset SMS' }).click();
    await page.getByRole('button', { name: 'Send the SMS' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent(), { timeout: 10_000 })
      .toContain('was sent to +26650000001');
    const sms = await outbox('26650000001');
    expect(sms.length).toBe(before + 1);
    expect(sms[0]?.otp).toMatch(/^\d{6}$/);
    expect(sms[0]?.text).toContain(sms[0]?.otp ?? 'no code');
    await shot(page, 'support-2-sent-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets marketing add, preview and remove a Sesotho testimonial and change a prize', async () => {
    const { context, page, errors } = await e2e.phonePage();
    await page.addInitScript(() => localStorage.setItem('lang', 'st'));
    await openFromAccount(page, 'marketing', 'marketing1234', 'Papatso', '/marketing');

    await page.getByRole('radio', { name: 'Sesotho' }).check({ timeout: 15_000 });
    const text = `Ke hapile ka Jackpot 14! ${Date.now()}`;
    await page.getByLabel('Lebitso').fill('Lineo E2E');
    await page.getByLabel('Seo a se buang').fill(text);
    await page.getByRole('button', { name: 'Kenya bopaki' }).click();
    const preview = page.getByTestId('mk-preview');
    await expect.poll(() => preview.getByText(text).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'marketing-1-added-st');

    const mine = page.getByTestId('mk-testimonial').filter({ hasText: text });
    await mine.getByRole('button', { name: 'Tlosa' }).click();
    await mine.getByRole('button', { name: 'Tlosa' }).click();
    await expect.poll(() => preview.getByText(text).count(), { timeout: 10_000 }).toBe(0);

    const six = page.getByLabel('6 tse nepahetseng (M)');
    const amount = `${(Date.now() % 90) + 10}.50`;
    await six.fill(amount);
    await page.getByRole('button', { name: 'Boloka tafole ea meputso' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent(), { timeout: 10_000 })
      .toContain('Tafole ea meputso e bolokiloe');
    // Saved on the server: a fresh visit shows it.
    await page.reload();
    await expect
      .poll(() => page.getByLabel('6 tse nepahetseng (M)').inputValue(), { timeout: 10_000 })
      .toBe(String(Number(amount)));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'marketing-2-prizes-st');
    expect(errors).toEqual([]);
    await context.close();
  });
});
