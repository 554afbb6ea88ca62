// Clear play, end to end in Chromium at 360×740: the submit button says what it does and its price; a
// slip above the default price is confirmed once, with the price explained, before anything is sent; an
// incomplete slip marks the missing matches and brings the first into view; a player who is not
// subscribed is asked to subscribe before picking. English and Sesotho screenshots.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, shot, signIn, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
/** Generous waits for what depends on the server, a lazy chunk or the service worker: CI is slow and loaded. */
const WAIT = { timeout: 10_000 };

const card = (page: Page, index: number) => page.locator('li.match').nth(index);
const pick = (page: Page, index: number, n: 0 | 1 | 2) => card(page, index).locator('button.pick').nth(n);

async function open(page: Page, lang: 'en' | 'st', username?: string) {
  await signIn(page, username);
  await page.getByTestId(`lang-${lang}`).click();
  await page.locator('li.match').nth(13).waitFor();
  await page.locator(`html[lang="${lang}"]`).waitFor();
}

function countSubmissions(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes('submit-online-betslip')) n++;
  });
  return () => n;
}

describe('clear play', () => {
  it('the button says Play with the live price; above the default price one confirmation explains it', async () => {
    const { page, errors } = await e2e.phonePage();
    await open(page, 'en');
    const slip = await apiAs(page).get<{ sid: string; betslipParams: { defaultBetslipPrice: number } }>(
      'fetch-current-betslip',
    );
    const base = slip.betslipParams.defaultBetslipPrice.toFixed(2);
    const submit = page.locator('.btn-submit');
    await expect.poll(async () => (await submit.textContent())?.trim(), WAIT).toBe(`Play · M ${base}`);
    await expect
      .poll(() => page.locator('.play-round').textContent(), WAIT)
      .toMatch(new RegExp(`^Round ${slip.sid} · closes \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`));
    const submissions = countSubmissions(page);

    // Every match a single, then a double on the first: the price goes up and the button follows.
    for (let i = 0; i < 14; i++) await pick(page, i, 0).click();
    await pick(page, 0, 1).click();
    const price = /M ([\d.]+)/.exec((await submit.textContent()) ?? '')?.[1];
    expect(Number(price)).toBeGreaterThan(Number(base));
    expect(await submit.textContent()).toBe(`Play · M ${price}`);

    await submit.click();
    const dialog = page.getByRole('dialog', { name: `Pay M ${price} for this slip?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`M ${base} × `);
    expect(await dialog.textContent()).toContain(`= M ${price}`);
    await shot(page, 'clear-play-confirm-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(submissions()).toBe(0);

    // Sesotho: the same question in Sesotho words.
    await page.getByTestId('lang-st').click();
    await expect.poll(() => submit.textContent(), WAIT).toBe(`Bapala · M ${price}`);
    await submit.click();
    const lipotso = page.getByRole('dialog', { name: `Lefa M ${price} bakeng sa slip ena?` });
    await lipotso.waitFor();
    await shot(page, 'clear-play-confirm-st');
    await lipotso.getByRole('button', { name: `Bapala · M ${price}` }).click();
    await expect.poll(() => page.locator('.popover').textContent(), { timeout: 10_000 }).toBeTruthy();
    await expect.poll(submissions, { timeout: 10_000 }).toBe(1);
    // The price question is gone; the receipt sheet takes its place until the player closes it.
    expect(await lipotso.count()).toBe(0);
    const receipt = page.getByRole('dialog', { name: 'Rasiti ea hau' });
    await receipt.waitFor();
    await receipt.getByRole('button', { name: 'Ho lokile' }).click();
    await receipt.waitFor({ state: 'detached' });
    // Accepted: the offer to play the same picks in each new round (in Sesotho here).
    await page.getByRole('region', { name: 'Bapala likhetho tse tšoanang potolohong e latelang' }).waitFor();
    await shot(page, 'clear-play-standing-offer-st');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an incomplete slip marks the missing matches and brings the first into view', async () => {
    const { page } = await e2e.phonePage();
    await open(page, 'en');
    const submissions = countSubmissions(page);
    for (let i = 0; i < 14; i++) if (i !== 9 && i !== 12) await pick(page, i, 0).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.btn-submit').click();
    const missing = page.locator('li.match-missing');
    await expect.poll(() => missing.count(), WAIT).toBe(2);
    expect(await card(page, 9).getAttribute('class')).toContain('match-missing');
    expect(await card(page, 12).getAttribute('class')).toContain('match-missing');
    expect(await card(page, 9).locator('fieldset').getAttribute('aria-describedby')).toBe('missing-9');
    expect(await page.locator('#missing-9').textContent()).toBe('Not picked yet');
    // The first missing match is scrolled into the viewport and its first pick has focus.
    await expect
      .poll(() =>
        card(page, 9).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await pick(page, 9, 0).evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, 'clear-play-incomplete-en');
    await page.getByTestId('lang-st').click();
    expect(await page.locator('#missing-9').textContent()).toBe('Ha e so khethoe');
    await shot(page, 'clear-play-incomplete-st');
    expect(submissions()).toBe(0);
    await page.context().close();
  });

  it('a player who is not subscribed is asked to subscribe before picking', async () => {
    const { page } = await e2e.phonePage();
    await open(page, 'en', '26650000003');
    const prompt = page.getByRole('region', { name: 'Subscription' });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Subscribe first, so that your slip can be played.');
    // The button is its own small chunk: wait for it rather than look once.
    await prompt.getByRole('button', { name: 'Subscribe now' }).waitFor();
    expect(await prompt.getByRole('button', { name: 'Subscribe now' }).isVisible()).toBe(true);
    // It sits above the first match, in view without scrolling.
    const [promptBox, firstMatch] = [await prompt.boundingBox(), await card(page, 0).boundingBox()];
    expect(promptBox!.y).toBeLessThan(firstMatch!.y);
    expect(promptBox!.y + promptBox!.height).toBeLessThanOrEqual(740);
    await shot(page, 'clear-play-subscribe-en');
    // Tapping it asks first: the price and period with the terms; Cancel subscribes no one.
    await prompt.getByRole('button', { name: 'Subscribe now' }).click();
    // This demo number has other subscriptions: the dialog names them, with the price as always.
    const confirm = page.getByRole('dialog', { name: 'You have other subscriptions' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('subscription-price').textContent()).toContain('M 5.00 a week');
    await shot(page, 'clear-play-subscribe-confirm-en');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await prompt.getByRole('button', { name: 'Subscribe now' }).isVisible()).toBe(true);
    await page.getByTestId('lang-st').click();
    await page.getByRole('region', { name: 'Ngoliso' }).waitFor();
    await shot(page, 'clear-play-subscribe-st');
    await page.context().close();
  });
});
