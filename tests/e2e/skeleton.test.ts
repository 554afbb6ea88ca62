// Walking skeleton, end to end: register with an SMS code, see the shell in Sesotho, switch to English
// (kept across a reload), sign out; and the guard sends strangers to /login. Real server, real Chromium.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestOtp, shot, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

async function register(page: Page, local: string, password: string) {
  await page.goto('/register');
  await page.locator('input[name="tel"]').fill(local);
  await page.locator('input[name="adult"]').check();
  await page.locator('input[name="terms"]').check();
  await page.locator('form button[type="submit"]').click();
  const otpInput = page.locator('input[name="one-time-code"]');
  await otpInput.waitFor();
  await otpInput.fill(await latestOtp(e2e.server.url, `266${local}`));
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="new-password"]').fill(password);
  await page.locator('input[name="new-password-again"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

describe('walking skeleton', () => {
  it('registers by SMS code, shows the shell in Sesotho, switches to English and signs out', async () => {
    const { context, page, errors } = await e2e.phonePage();

    await register(page, '58001234', 'Maseru2026');
    await page.waitForURL('**/play');

    // Sesotho is the first language: the document says so and the shell is there.
    expect(await page.locator('html').getAttribute('lang')).toBe('st');
    await expect.poll(() => page.getByTestId('clock').textContent(), WAIT).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect((await page.getByTestId('date').textContent())?.trim()).not.toBe('');
    // The session countdown starts near the five-minute token lifetime and ticks down.
    const first = await page.getByTestId('session-countdown').textContent();
    expect(first).toMatch(/^0[45]:\d{2}$/);
    await expect.poll(() => page.getByTestId('session-countdown').textContent(), WAIT).not.toBe(first);
    const signOutSt = await page.getByTestId('sign-out').textContent();
    await shot(page, 'skeleton-play-st');

    await page.getByTestId('lang-en').click();
    await expect.poll(() => page.locator('html').getAttribute('lang'), WAIT).toBe('en');
    expect(await page.getByTestId('sign-out').textContent()).toBe('Sign out');
    expect(signOutSt).not.toBe('Sign out');

    await page.reload();
    await page.getByTestId('sign-out').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByTestId('sign-out').textContent()).toBe('Sign out');

    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/login');
    // Signed out means signed out: the guarded page now sends us back to /login.
    await page.goto('/play');
    await page.waitForURL('**/login**');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs the demo subscriber in with a local number and a wrong password gets a translated error', async () => {
    const context = await e2e.phone();
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('5000 0001');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('form button[type="submit"]').click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const st = await alert.textContent();
    expect(st?.trim()).not.toBe('');
    await shot(page, 'skeleton-login-error-st');

    await page.locator('input[name="password"]').fill('demo1234');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/play');
    await page.getByTestId('sign-out').waitFor();
    await context.close();
  });

  it('sends an unknown path and a guarded path to /login when signed out', async () => {
    const context = await e2e.phone();
    const page = await context.newPage();
    for (const path of ['/no-such-page', '/wallet']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await page.waitForURL('**/login**');
      await page.locator('input[name="username"]').waitFor();
    }
    await context.close();
  });
});
