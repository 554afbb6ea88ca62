// Play, end to end: the demo subscriber picks singles, a double and triples, sees the price the formula
// gives, runs into the triple limit, is stopped by a missing pick, then pays for a complete slip and the
// wallet drops by exactly the price. The expected price is computed here from the betslip's own params.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, shot, signIn, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

interface Params {
  defaultBetslipPrice: number;
  thirdChance: number;
  multipleChance: number;
  feePerSecond: number;
  feePerThird: number;
}

/** The price formula (default × feePerSecond^doubles × feePerThird^triples), apart from machines/rules. */
const expectedPrice = (p: Params, doubles: number, triples: number) =>
  (
    Math.round(p.defaultBetslipPrice * 100 * p.feePerSecond ** doubles * p.feePerThird ** triples) / 100
  ).toFixed(2);

const card = (page: Page, index: number) => page.locator('li.match').nth(index);
const pick = (page: Page, index: number, digit: '1' | '2' | '3') =>
  card(page, index)
    .locator('button.pick')
    .nth(digit === '1' ? 0 : digit === '3' ? 1 : 2);
const pressed = async (page: Page, index: number) => {
  const marks: string[] = [];
  for (const d of ['1', '3', '2'] as const) {
    if ((await pick(page, index, d).getAttribute('aria-pressed')) === 'true') marks.push(d);
  }
  return marks.join('');
};
const shownPrice = async (page: Page) =>
  /M\s*([\d,]+\.\d{2})/.exec((await page.locator('.btn-submit').textContent()) ?? '')?.[1]?.replace(/,/g, '');

describe('play', () => {
  it('prices picks by the formula, keeps the limits, refuses an incomplete slip and charges exactly once', async () => {
    const context = await e2e.phone();
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('lang-en').click();
    await page.locator('li.match').nth(13).waitFor();

    const slip = await apiAs(page).get<{ sid: string; betslipParams: Params; matches: unknown[] }>(
      'fetch-current-betslip',
    );
    const params = slip.betslipParams;
    expect(slip.matches).toHaveLength(14);
    expect(params.thirdChance).toBeGreaterThanOrEqual(1);
    const before = await apiAs(page).get<{ totalAvailableAmount: number }>('fetch-wallet-info');
    expect(await shownPrice(page)).toBe(expectedPrice(params, 0, 0));

    // The layout follows the round's limits: singles first, one double, every triple allowed, one match
    // that runs into the triple limit, and the last match left empty.
    const triples = params.thirdChance;
    expect(params.multipleChance).toBeGreaterThanOrEqual(triples + 2);
    const double = 14 - triples - 3;
    expect(double).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < double; i++) await pick(page, i, '1').click();
    expect(await shownPrice(page)).toBe(expectedPrice(params, 0, 0));

    await pick(page, double, '1').click();
    await pick(page, double, '3').click();
    expect(await pressed(page, double)).toBe('13');
    expect(await shownPrice(page)).toBe(expectedPrice(params, 1, 0));

    // Triples up to the limit.
    for (let t = 0; t < triples; t++) {
      for (const d of ['1', '3', '2'] as const) await pick(page, double + 1 + t, d).click();
      expect(await pressed(page, double + 1 + t)).toBe('132');
    }
    expect(await shownPrice(page)).toBe(expectedPrice(params, 1, triples));

    // One more triple is beyond the limit: the last pick of that match is replaced instead.
    const extra = double + 1 + triples;
    await pick(page, extra, '1').click();
    await pick(page, extra, '3').click();
    await pick(page, extra, '2').click();
    expect(await pressed(page, extra)).toBe('12');
    // …and the player is told which pick was replaced and why.
    await expect
      .poll(() => page.locator('.popover').textContent(), WAIT)
      .toContain(`Match ${extra + 1}: 2 replaced X.`);
    expect(await shownPrice(page)).toBe(expectedPrice(params, 2, triples));

    // Back to singles on the triples (tapping a mark takes it off), so the slip costs what the wallet holds.
    for (let t = 0; t < triples; t++) {
      for (const d of ['3', '2'] as const) await pick(page, double + 1 + t, d).click();
      expect(await pressed(page, double + 1 + t)).toBe('1');
    }
    expect(await shownPrice(page)).toBe(expectedPrice(params, 2, 0));

    // Leave the last match empty: the slip is refused on the phone and nothing reaches the server.
    let submits = 0;
    page.on('request', (r) => {
      if (r.url().includes('submit-online-betslip')) submits++;
    });
    expect(extra).toBe(12);
    await page.locator('.btn-submit').click();
    await expect
      .poll(() => page.locator('.popover').textContent(), WAIT)
      .toContain('Please place predictions for all matches');
    await shot(page, 'play-incomplete-en');
    expect(submits).toBe(0);

    // Complete it and pay.
    await pick(page, 13, '3').click();
    const price = await shownPrice(page);
    expect(price).toBe(expectedPrice(params, 2, 0));
    await page.locator('.btn-submit').click();
    // Above the default price, one confirmation with the price explained comes first.
    const confirm = page.getByRole('dialog', { name: `Pay M ${price} for this slip?` });
    await confirm.waitFor();
    expect(submits).toBe(0);
    await confirm.getByRole('button', { name: `Play · M ${price}` }).click();
    await expect
      .poll(() => page.locator('.popover').textContent(), { timeout: 10_000 })
      .toMatch(/accepted|Good luck/i);
    expect(submits).toBe(1);
    await shot(page, 'play-submitted-en');

    // The slip is cleared and the price back to the default.
    await expect.poll(() => shownPrice(page), WAIT).toBe(expectedPrice(params, 0, 0));
    expect(await pressed(page, 0)).toBe('');

    const after = await apiAs(page).get<{ totalAvailableAmount: number }>('fetch-wallet-info');
    expect(Math.round((before.totalAvailableAmount - after.totalAvailableAmount) * 100)).toBe(
      Math.round(Number(price) * 100),
    );
    await context.close();
  });

  it('lays the play screen out for a 360 px phone: no sideways scroll, touch targets of 44 px or more', async () => {
    const context = await e2e.phone();
    const page = await context.newPage();
    await signIn(page);
    await page.locator('li.match').nth(13).waitFor();
    await shot(page, 'play-st');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const sizes = await page
      .locator('button.pick')
      .evaluateAll((buttons) =>
        buttons.map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)),
      );
    expect(sizes).toHaveLength(42);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(44);
    await context.close();
  });
});
