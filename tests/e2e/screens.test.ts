// Every screen at 320×740 and 360×740, in Sesotho and English, as a visitor, the demo subscriber and the
// operator: the page never scrolls sideways (document.documentElement.scrollWidth ≤ the width), a won
// slip shows its amount and arrow whole inside its card, and on /play the pay button sits whole above the
// bottom tab bar. scripts/screens.ts takes the screenshots to look at.
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

/** What of an opened won slip lies outside its card (amount, arrow, tables): names and how far out. */
async function outsideWonSlip(page: Page): Promise<string[]> {
  await visit(page, '/results');
  const won = page.locator('.slip-won').first();
  await won.locator('.slip-head').click();
  await won.locator('.slip-body').waitFor();
  return won.evaluate((slip) => {
    const box = slip.getBoundingClientRect();
    return [...slip.querySelectorAll('.slip-amount, .slip-chevron, .slip-body > *, td, th')]
      .filter((e) => e.getBoundingClientRect().right > box.right + 0.5)
      .map(
        (e) =>
          `${e.className || e.tagName}: ${Math.round(e.getBoundingClientRect().right - box.right)} px out`,
      );
  });
}

describe('screens at phone widths', () => {
  for (const width of [320, 360]) {
    for (const lang of ['st', 'en'] as const) {
      it(`never scroll sideways at ${width} px, in ${lang}`, { timeout: 300_000 }, async () => {
        const wide: string[] = [];
        for (const who of ['visitor', 'subscriber', 'admin'] as const) {
          const { context, page } = await e2e.phonePage({ viewport: { width, height: 740 } });
          await context.addInitScript(`localStorage.setItem('lang', '${lang}')`);
          if (who === 'subscriber') await signIn(page);
          if (who === 'admin') await signIn(page, 'admin', 'admin1234');
          for (const path of SCREENS[who]) {
            await visit(page, path);
            const scrolled = await scrollWidth(page);
            if (scrolled > width) wide.push(`${who} ${path}: ${scrolled}`);
          }
          if (who === 'subscriber') wide.push(...(await outsideWonSlip(page)));
          await context.close();
        }
        expect(wide).toEqual([]);
      });
    }
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
