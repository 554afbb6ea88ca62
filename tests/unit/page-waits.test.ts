// Playwright's waitForFunction treats a returned Promise as truthy and stops at once: an async predicate
// passed to it never waits (this made the offline e2e flaky for a turn). Async page checks go through
// tests/support/inPage.ts's waitInPage.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

it('no browser test or bench hands an async predicate to waitForFunction', () => {
  const files = readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  const offenders = files.filter((f) =>
    /waitForFunction\(\s*async\b/.test(readFileSync(join(root, 'tests', f), 'utf8')),
  );
  expect(files.length).toBeGreaterThan(50);
  expect(offenders).toEqual([]);
});
