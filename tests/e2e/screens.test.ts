// Every screen at 360×740, in Sesotho and English, as a visitor, the demo subscriber and the operator:
// the page never scrolls sideways (document.documentElement.scrollWidth ≤ 360), and on /play the pay
// button sits whole above the bottom tab bar. scripts/screens.ts takes the screenshots to look at.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();

type Who = 'visitor' | 'subscriber' | 'admin';
const SCREENS: Record<Who, string[]> = {
  visitor: [
    '/',
    '/login',
    '/register',
    '/reset-password',
    '/tnc',
    '/privacy',
    '/verify',
    '/rounds',
    '/how-to-play',
  ],
  subscriber: [
    '/play',
    '/results',
    '/wallet',
    '/wallet?tab=deposit',
    '/wallet?tab=buy',
    '/wallet?tab=transactions',
    '/wallet?tab=cashout',
    '/account',
    '/contact',
    '/rounds',
    '/how-to-play',
  ],
  admin: ['/admin', '/support', '/marketing'],
};

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1, main h2, li.match').first().waitFor({ timeout: 15_000 });
  // Lazy parts (tables, reports, carousels) in place before measuring.
  await page.waitForLoadState('networkidle');
}

describe('screens at 360×740', () => {
  for (const lang of ['st', 'en'] as const) {
    it(`never scroll sideways, in ${lang}`, { timeout: 300_000 }, async () => {
      const wide: string[] = [];
      for (const who of ['visitor', 'subscriber', 'admin'] as const) {
        const { context, page } = await e2e.phonePage();
        await context.addInitScript(`localStorage.setItem('lang', '${lang}')`);
        if (who === 'subscriber') await signIn(page);
        if (who === 'admin') await signIn(page, 'admin', 'admin1234');
        for (const path of SCREENS[who]) {
          await visit(page, path);
          const width = await scrollWidth(page);
          if (width > 360) wide.push(`${who} ${path}: ${width}`);
        }
        await context.close();
      }
      expect(wide).toEqual([]);
    });
  }

  it('keeps the pay button whole above the bottom tab bar on /play', async () => {
    const { context, page } = await e2e.phonePage();
    await signIn(page);
    await page.locator('li.match').first().waitFor({ timeout: 15_000 });
    const pay = page.locator('.btn-submit');
    for (const at of ['top', 'middle'] as const) {
      if (at === 'middle') await page.locator('li.match').nth(6).scrollIntoViewIfNeeded();
      const button = await pay.boundingBox();
      const tabs = await page.getByTestId('main-nav').boundingBox();
      expect(button, 'pay button').not.toBeNull();
      expect(tabs, 'tab bar').not.toBeNull();
      // Whole: its bottom above the bar's top, its top on screen.
      expect(button!.y + button!.height, at).toBeLessThanOrEqual(tabs!.y);
      expect(button!.y, at).toBeGreaterThanOrEqual(0);
      expect(tabs!.y + tabs!.height, at).toBeLessThanOrEqual(740);
      // And nothing lies over it: a tap on its lower edge reaches the button.
      const edge = { x: button!.x + button!.width / 2, y: button!.y + button!.height - 2 };
      expect(
        await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.btn-submit'), edge),
        at,
      ).toBe(true);
    }
    // What the page shows at the screen's foot: a toast (the wallet's outcome) sits above the bar too.
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: join(dir, 'screens-play-360.png') });
    const toast = await page.evaluate(() => {
      const el = Object.assign(document.createElement('div'), { className: 'toast', textContent: 'Toast' });
      document.querySelector('.app')?.append(el);
      const r = el.getBoundingClientRect();
      el.remove();
      return { bottom: r.bottom };
    });
    const tabs = await page.getByTestId('main-nav').boundingBox();
    expect(toast.bottom).toBeLessThanOrEqual(tabs!.y);
    await context.close();
  });
});
