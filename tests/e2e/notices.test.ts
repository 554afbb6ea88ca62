// The shell's notices in Chromium against the real server: a critical version configured on the server
// opens the alert once until dismissed; on an Android phone the red app-download toast appears after 10 s
// and a click clears it. The server keeps its generated VAPID keys in the data folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, signIn, useServerAndBrowser } from './harness.ts';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** What the phone's screen shows (fixed notices sit in the viewport, not on the full page). */
const screen = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}-screen.png`) });
};

const e2e = useServerAndBrowser({
  APP_VERSION: '2.0.0',
  APP_CRITICAL: 'true',
  APP_DISPLAY_MESSAGE: 'Jackpot 14 2.0 is here. Update to keep playing.',
  MOBILE_APP_URL: 'https://example.org/jackpot14.apk',
});

describe('shell notices', () => {
  it('keeps generated VAPID keys in the data folder and serves the public one', async () => {
    const stored = JSON.parse(readFileSync(join(e2e.server.dataDir, 'vapid.json'), 'utf8')) as {
      publicKey: string;
    };
    const res = await fetch(`${e2e.server.url}/api/web-registration/vapid-public-key`, {
      headers: { authorization: `Basic ${btoa('website:website-secret')}` },
    });
    expect(await res.json()).toEqual({ publicKey: stored.publicKey });
    expect(existsSync(join(e2e.server.dataDir, 'vapid.json'))).toBe(true);
  });

  it('shows the critical version alert until dismissed, and the app toast on Android after 10 s', async () => {
    const context = await e2e.phone({ userAgent: ANDROID_UA, locale: 'en-US' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });
    const page = await context.newPage();
    await signIn(page);
    const dialog = page.getByRole('dialog', { name: 'Update Jackpot 14' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Jackpot 14 2.0 is here.');
    await shot(page, 'notices-critical-alert');
    await screen(page, 'notices-critical-alert');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const toast = page.getByRole('status').filter({ hasText: 'has an Android app' });
    await toast.waitFor({ timeout: 15_000 });
    await shot(page, 'notices-app-toast');
    await screen(page, 'notices-app-toast');
    expect(await page.getByRole('link', { name: 'Download the app' }).getAttribute('href')).toBe(
      'https://example.org/jackpot14.apk',
    );
    await page.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByTestId('wallet-button').waitFor();
    await page.waitForTimeout(1500);
    expect(await dialog.count()).toBe(0);
    await context.close();
  });
});
