// Issue 27 point 9: nothing clipped, nothing wider than the screen, with every field at its longest.
// Through the real admin and API routes the server gets content at each field's server-side limit,
// written as long unbroken words and wide digits (tests/e2e/longest.ts): two rounds with a 32-character
// sid, 80-character tournaments and 60-character teams (machines/rules/roundTextLimits.ts), every prize
// at the largest pool the server takes (OperatorMoney) and won whole; a group with a 40-character name
// (machines/rules/groupShares.ts); a slip at the dearest price a round may set (MAX_SLIP_PRICE); a
// testimonial in each language with an 80-character name and occupation and a 600-character text
// (machines/wire/marketing.ts). Then every screen showing them, at 320×740, 360×740 and 1280×800, in
// Sesotho and English: the page never scrolls sideways; a long name wraps or is cut with an ellipsis,
// never clipped bare nor sticking out of its box; an amount stays on one line, whole, inside its box.
// Each screen is loaded once per language and measured at the three sizes in turn. With SCREENSHOT_DIR
// set, each is saved there at 320 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shot, signIn, useServerAndBrowser } from './harness.ts';
import { layoutProblems, type Made, makeLongestContent, SCREENS } from './longest.ts';

const e2e = useServerAndBrowser();

const SIZES = [
  { width: 320, height: 740 },
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/** Two frames: a resize's media queries, and React's answer to them, are in. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );

describe('the longest content at 320, 360 and 1280 px', () => {
  let made: Made;
  beforeAll(async () => {
    made = await makeLongestContent(e2e.server.url);
  }, 60_000);

  for (const lang of ['st', 'en'] as const) {
    it(`fits every screen that shows it, in ${lang}`, { timeout: 120_000 }, async () => {
      const problems: string[] = [];
      const errors: string[] = [];
      for (const who of ['visitor', 'subscriber', 'admin'] as const) {
        const context = await e2e.phone({ viewport: SIZES[0] });
        await context.addInitScript(`localStorage.setItem('lang', '${lang}')`);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        if (who === 'subscriber') await signIn(page);
        if (who === 'admin') await signIn(page, 'admin', 'admin1234');
        for (const screen of SCREENS[who]) {
          await page.setViewportSize(SIZES[0]);
          await page.goto(screen.path(made));
          await page.locator('main h1, main h2, li.match').first().waitFor({ timeout: 15_000 });
          // Lazy parts (tickers, carousels, tables) in place before measuring.
          await page.waitForLoadState('networkidle');
          await screen.open?.(page);
          for (const size of SIZES) {
            await page.setViewportSize(size);
            await nextFrames(page);
            const found = await page.evaluate(layoutProblems);
            problems.push(...found.map((p) => `${who} ${screen.name} at ${size.width}: ${p}`));
            if (size.width === 320)
              await shot(page, `longest-${lang}-${who}${screen.name.replace(/\W+/g, '-')}`);
          }
        }
        await context.close();
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
