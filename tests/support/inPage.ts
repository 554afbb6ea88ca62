// Playwright's page.waitForFunction takes a returned Promise as a truthy answer and stops waiting at
// once, so an async predicate (anything reading the Cache API or IndexedDB) never waited at all. This
// awaits the page's answer each time and polls until it holds.
import type { Page } from 'playwright-core';
import { waitUntil } from './wait.ts';

export async function waitInPage<A>(
  page: Page,
  predicate: (arg: A) => Promise<boolean>,
  arg: A,
  { what, timeoutMs = 15_000 }: { what: string; timeoutMs?: number },
): Promise<void> {
  // A reload in between destroys the evaluation context: that check counts as "not yet".
  const check = () => page.evaluate(predicate as (a: unknown) => Promise<boolean>, arg).catch(() => false);
  await waitUntil(check, { what, timeoutMs, intervalMs: 250 });
}
