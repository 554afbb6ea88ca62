// Ready for real subscribers, in Chromium against the real server: registration asks for 18+ and the
// terms (the server records both), the terms are readable signed out, the account page unsubscribes after
// a confirmation and subscribes again, and the phone's bottom tabs keep all four main pages on screen.
// Screenshots of every main screen at 360×740 and 1280×800 in both languages ($SCREENSHOT_DIR).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestOtp, shot, signIn, untilInstalled, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous: a loaded machine answers slowly. */
const POLL = { timeout: 15_000 };

/** Right edge of the widest element beyond the viewport (0 or less: nothing sticks out sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('launch readiness', () => {
  it('registers only with 18+ and the terms ticked, in Sesotho, and records both', async () => {
    const { context, page, errors } = await e2e.phonePage();
    await page.goto('/register');
    await page.locator('input[name="tel"]').fill('58009876');
    await page.locator('form button[type="submit"]').click();
    // The app's own message in Sesotho, not the browser's bubble, and no code sent.
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toContain('lilemo li 18');
    await shot(page, 'launch-register-refused-st');
    const outbox = await (await fetch(`${e2e.server.url}/dev/sms?msisdn=26658009876`)).json();
    expect(outbox).toEqual([]);

    await page.locator('input[name="adult"]').check();
    await page.locator('input[name="terms"]').check();
    await page.locator('form button[type="submit"]').click();
    const otp = page.locator('input[name="one-time-code"]');
    await otp.waitFor();
    await otp.fill(await latestOtp(e2e.server.url, '26658009876'));
    await page.locator('form button[type="submit"]').click();
    await page.locator('input[name="new-password"]').fill('Maseru2026');
    await page.locator('input[name="new-password-again"]').fill('Maseru2026');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/play');

    // The server holds the acceptance: no prompt, and terms-status says the current version.
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/protected/terms-status', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return res.json();
    });
    expect(status).toMatchObject({ mustAccept: false, acceptedVersion: '2026-11-01' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the terms signed out with a way back, and the footer links the privacy policy', async () => {
    const { context, page } = await e2e.phonePage();
    await page.goto('/login');
    await page.goto('/tnc');
    await page.getByRole('heading', { level: 1, name: 'Melao le lipehelo' }).waitFor();
    expect(await page.getByText('TNC PENDING').count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'launch-tnc-signed-out-st');
    await page.getByRole('button', { name: 'Khutla' }).click();
    await page.waitForURL('**/login');
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Leano la lekunutu' }).waitFor();
    await context.close();
  });

  it('unsubscribes after a confirmation and subscribes again from the account page after seeing the price', async () => {
    const { context, page } = await e2e.phonePage();
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await signIn(page);
    await page.goto('/account');
    const status = page.getByTestId('account-subscription');
    await expect.poll(() => status.textContent(), POLL).toBe('Enabled');
    await expect.poll(() => page.getByTestId('account-price').textContent(), POLL).toContain('M 5.00 a week');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('is no longer charged');
    await shot(page, 'launch-unsubscribe-dialog-en');
    await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => status.textContent(), POLL).toBe('Disabled');
    await page.reload();
    await expect.poll(() => page.getByTestId('account-subscription').textContent(), POLL).toBe('Disabled');

    await page.getByRole('button', { name: 'Subscribe now' }).click();
    // Subscribing again shows the price and period, with the terms, before anything is sent.
    const confirm = page.getByRole('dialog', { name: 'Subscribe to Jackpot 14?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Jackpot 14 costs M 5.00 a week.');
    expect(await confirm.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/tnc',
    );
    expect(await page.getByTestId('account-subscription').textContent()).toBe('Disabled');
    await shot(page, 'launch-subscribe-confirm-en');
    await confirm.getByRole('button', { name: 'ACCEPT' }).click();
    await expect.poll(() => page.getByTestId('account-subscription').textContent(), POLL).toBe('Enabled');
    await page.reload();
    await expect.poll(() => page.getByTestId('account-subscription').textContent(), POLL).toBe('Enabled');
    await context.close();
  });

  it('keeps the four main tabs on a phone in a bottom bar, 44 px tall or more, and the top nav on a desktop', async () => {
    const { context, page } = await e2e.phonePage();
    await signIn(page);
    await page.goto('/results');
    await page.locator('.main-nav a').first().waitFor();
    const tabs = await page.$$eval('.main-nav a', (links) =>
      links
        .filter((a) => (a as HTMLElement).offsetParent !== null)
        .map((a) => {
          const r = a.getBoundingClientRect();
          return {
            href: a.getAttribute('href'),
            top: r.top,
            bottom: r.bottom,
            height: r.height,
            right: r.right,
          };
        }),
    );
    expect(tabs.map((t) => t.href)).toEqual(['/play', '/results', '/wallet', '/account']);
    for (const t of tabs) {
      expect(t.height).toBeGreaterThanOrEqual(44);
      expect(t.bottom).toBeLessThanOrEqual(740);
      expect(t.top).toBeGreaterThan(600);
      expect(t.right).toBeLessThanOrEqual(360);
    }
    await context.close();

    const desktop = await e2e.phonePage({ viewport: { width: 1280, height: 800 }, hasTouch: false });
    await signIn(desktop.page);
    await desktop.page.locator('.main-nav a').first().waitFor();
    const top = await desktop.page.$$eval('.main-nav a', (links) =>
      links.map((a) => ({ href: a.getAttribute('href'), top: a.getBoundingClientRect().top })),
    );
    expect(top.map((t) => t.href)).toContain('/contact');
    for (const t of top) expect(t.top).toBeLessThan(300);
    await desktop.context.close();
  });

  it('looks right on every main screen at 360×740 and 1280×800 in both languages', {
    timeout: 300_000,
  }, async () => {
    const screens = ['/play', '/results', '/wallet', '/account', '/contact', '/tnc'];
    for (const size of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      for (const lang of ['st', 'en']) {
        const { context, page } = await e2e.phonePage({ viewport: size, hasTouch: size.width < 640 });
        await context.addInitScript(`localStorage.setItem('lang', '${lang}')`);
        await signIn(page);
        for (const path of screens) {
          await page.goto(path);
          await page.locator('main h1, main h2, li.match').first().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await overflow(page), `${path} ${size.width} ${lang}`).toBeLessThanOrEqual(0);
          await shot(page, `launch-${size.width}-${lang}${path.replace(/\//g, '-')}`);
        }
        await context.close();
      }
    }
  });
});

describe('offline honesty', () => {
  it('shows the last results offline with their time and an offline sign', async () => {
    const { context, page } = await e2e.phonePage();
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    await signIn(page);
    await page.goto('/results');
    await page.locator('li.slip').first().waitFor();
    const online = await page.locator('li.slip').count();
    expect(await page.getByTestId('offline-badge').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Play' }).click();
    await page.waitForURL('**/play');
    // Offline as an installed app is: the worker holds every chunk.
    await untilInstalled(page);

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
    const notice = page.getByTestId('results-offline-copy');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /You are offline\. These are your results as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./,
    );
    expect(await page.locator('li.slip').count()).toBe(online);
    await page.getByTestId('offline-badge').waitFor();
    await shot(page, 'launch-results-offline-en');

    // Back online, the screen looks again by itself: no tap needed.
    await context.setOffline(false);
    await expect.poll(() => notice.count(), POLL).toBe(0);
    expect(await page.locator('li.slip').count()).toBe(online);
    await context.close();
  });
});
