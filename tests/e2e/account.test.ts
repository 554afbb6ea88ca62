// Account screen end to end against the real server: the demo subscriber's id, creation date and
// Enabled status, the change-password modal opening with its show/hide toggle and refusing a mismatch
// without a request, and nothing wider than a 360 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, shot, signIn, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();

const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent())?.trim();

describe('account', () => {
  it("shows the demo subscriber's id, creation date and Enabled; the modal refuses a mismatch", async () => {
    const { context, page, errors } = await e2e.phonePage();
    await signIn(page);
    await page.getByTestId('lang-en').click();
    await page.goto('/account');

    await expect.poll(() => text(page, 'account-subscription'), { timeout: 10_000 }).toBe('Enabled');
    const info = await apiAs(page).get<{ msisdn: string; createDate: string }>('fetch-subscriber-info');
    expect(await text(page, 'account-user')).toBe('26650000001');
    const [y, m, d] = info.createDate.slice(0, 10).split('-');
    expect(await text(page, 'account-created')).toBe(`${d}/${m}/${y}`);
    expect(await page.getByRole('button', { name: 'Subscribe now' }).count()).toBe(0);
    await shot(page, 'account-en');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The modal: show/hide reveals the new password; a mismatch sends nothing and keeps the modal open.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('change-password')) posts.push(r.url());
    });
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    await dialog.getByLabel('Current password', { exact: true }).fill('demo1234');
    const next = dialog.getByLabel('New password', { exact: true });
    await next.fill('Maseru2026');
    await dialog.getByLabel('Repeat new password', { exact: true }).fill('Maseru2027');
    expect(await next.getAttribute('type')).toBe('password');
    await dialog.locator('.field').nth(1).getByRole('button', { name: 'Show' }).click();
    expect(await next.getAttribute('type')).toBe('text');
    await shot(page, 'account-password-modal');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    expect(await next.getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(400);
    expect(await dialog.isVisible()).toBe(true);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
