// Password reset end to end at 360×740, real server and Chromium: "Forgot password?" on /login → number
// (carried over) → SMS code from the demo outbox → new password with the live rules → signed in, in
// Sesotho; and in English, registering a number that has an account offers the reset, which ends every
// other session. Codes are read from GET /dev/sms.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestOtp, shot, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

const MOBILE = `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`;

/** A token-endpoint call as the app makes it. */
async function token(form: Record<string, string>): Promise<Response> {
  return fetch(`${e2e.server.url}/auth/realms/commxp/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { authorization: MOBILE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'mobile', ...form }).toString(),
  });
}

/** Types the code the outbox holds for `msisdn` and continues. */
async function enterCode(page: Page, msisdn: string) {
  const code = page.locator('input[name="one-time-code"]');
  await code.waitFor();
  await code.fill(await latestOtp(e2e.server.url, msisdn));
  await page.locator('form button[type="submit"]').click();
}

/** The page fits the phone: nothing wider than the 360 px viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('password reset', () => {
  it('resets from "Forgot password?" on /login and lands signed in (Sesotho)', async () => {
    const context = await e2e.phone();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/login');
    await page.locator('input[name="username"]').fill('5000 0001');
    await shot(page, 'reset-1-login-st');
    await page.getByRole('link', { name: 'U lebetse phasewete?' }).click();
    await page.waitForURL('**/reset-password**');
    expect(await page.locator('html').getAttribute('lang')).toBe('st');
    await page.getByRole('heading', { name: 'Beha phasewete e ncha' }).waitFor();
    expect(await page.locator('input[name="tel"]').inputValue()).toBe('26650000001');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'reset-2-number-st');
    await page.locator('form button[type="submit"]').click();

    // A wrong code first: refused in Sesotho.
    const code = page.locator('input[name="one-time-code"]');
    await code.waitFor();
    const otp = await latestOtp(e2e.server.url, '26650000001');
    await code.fill(otp === '000000' ? '111111' : '000000');
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toContain('Khoutu eo ha e nepahale');
    await shot(page, 'reset-3-code-wrong-st');
    await code.fill(otp);
    await page.locator('form button[type="submit"]').click();

    const first = page.locator('input[name="new-password"]');
    await first.waitFor();
    await first.fill('Lesotho1');
    await page.locator('input[name="new-password-again"]').fill('Lesotho1');
    // Every part of the rule is ticked.
    expect(await page.locator('ul.rules li.rule-ok').count()).toBe(4);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'reset-4-password-st');
    await page.getByRole('button', { name: "Boloka 'me u kene" }).click();

    await page.waitForURL('**/play');
    await page.getByTestId('sign-out').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBe('26650000001');
    await shot(page, 'reset-5-play-st');

    // The old password no longer works; the new one does.
    expect(
      (await token({ grant_type: 'password', username: '26650000001', password: 'demo1234' })).status,
    ).toBe(401);
    expect(
      (await token({ grant_type: 'password', username: '26650000001', password: 'Lesotho1' })).status,
    ).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the reset when registering a number that has an account, and ends its other sessions (English)', async () => {
    // A session on another device, before the reset.
    const before = await token({ grant_type: 'password', username: '26650000003', password: 'demo1234' });
    expect(before.status).toBe(200);
    const { refresh_token: otherDevice } = (await before.json()) as { refresh_token: string };

    const context = await e2e.phone();
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.locator('html').getAttribute('lang'), WAIT).toBe('en');
    await page.locator('input[name="tel"]').fill('5000 0003');
    await page.locator('input[name="adult"]').check();
    await page.locator('input[name="terms"]').check();
    await page.locator('form button[type="submit"]').click();
    await enterCode(page, '26650000003');

    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), WAIT).toContain('This number already has an account');
    expect(await page.locator('input[name="new-password"]').count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'reset-6-register-exists-en');
    await page.getByRole('link', { name: 'Set a new password' }).click();
    await page.waitForURL('**/reset-password**');
    expect(await page.locator('input[name="tel"]').inputValue()).toBe('26650000003');
    await shot(page, 'reset-7-number-en');
    await page.getByRole('button', { name: 'Send code' }).click();
    await enterCode(page, '26650000003');

    await page.locator('input[name="new-password"]').fill('Maseru2027');
    await page.locator('input[name="new-password-again"]').fill('Maseru2027');
    await shot(page, 'reset-8-password-en');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL('**/play');
    await page.getByTestId('sign-out').waitFor();
    expect(await page.getByTestId('sign-out').textContent()).toBe('Sign out');
    await shot(page, 'reset-9-play-en');

    // The other device's session has ended: its refresh token is refused.
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: otherDevice });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    await context.close();
  });
});
