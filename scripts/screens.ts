// A look at every screen as a person would see it: each at 360×740 and 1280×800, in Sesotho and English,
// saved as full-page PNGs to a temporary folder (or the folder given), and a list of the screens whose
// content is wider than the viewport (the page scrolls sideways) with the elements that stick out.
// Not part of npm test: `npx vite build && node --import tsx scripts/screens.ts [folder]`, then view the PNGs.
// The checks that must hold are in tests/e2e/screens.test.ts.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../tests/support/chromium.ts';
import { spawnServer } from '../tests/support/serverProcess.ts';

const root = new URL('..', import.meta.url).pathname;
const out = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'screens-'));
mkdirSync(out, { recursive: true });

type Who = 'visitor' | 'subscriber' | 'admin';
const SCREENS: [Who, string][] = [
  ['visitor', '/'],
  ['visitor', '/login'],
  ['visitor', '/register'],
  ['visitor', '/reset-password'],
  ['visitor', '/tnc'],
  ['visitor', '/privacy'],
  ['visitor', '/verify'],
  ['visitor', '/rounds'],
  ['visitor', '/how-to-play'],
  ['subscriber', '/play'],
  ['subscriber', '/results'],
  ['subscriber', '/wallet'],
  ['subscriber', '/wallet?tab=deposit'],
  ['subscriber', '/wallet?tab=buy'],
  ['subscriber', '/wallet?tab=transactions'],
  ['subscriber', '/wallet?tab=cashout'],
  ['subscriber', '/account'],
  ['subscriber', '/contact'],
  ['subscriber', '/rounds'],
  ['subscriber', '/how-to-play'],
  ['admin', '/admin'],
  ['admin', '/support'],
  ['admin', '/marketing'],
];
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
const LOGINS: Record<Exclude<Who, 'visitor'>, [string, string]> = {
  subscriber: ['26650000001', 'demo1234'],
  admin: ['admin', 'admin1234'],
};

async function signIn(page: Page, [username, password]: [string, string]) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/(play|admin)/, { timeout: 20_000 });
}

/** What sticks out to the right of the viewport (the deepest such elements, a few). */
const wideElements = (page: Page) =>
  page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right <= w + 0.5 || r.width === 0) continue;
      if ([...el.children].some((c) => c.getBoundingClientRect().right > w + 0.5)) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`;
      found.push(`${name} right=${Math.round(r.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      if (found.length >= 5) break;
    }
    return found;
  });

const server = await spawnServer({
  freshDataDir: true,
  timeoutMs: 60_000,
  graceMs: 5000,
  env: { DIST_DIR: process.env.DIST_DIR || join(root, 'dist') },
});
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  headless: true,
  args: ['--no-sandbox'],
});
const problems: string[] = [];
try {
  for (const size of SIZES) {
    for (const lang of ['st', 'en'] as const) {
      for (const who of ['visitor', 'subscriber', 'admin'] as const) {
        const context: BrowserContext = await browser.newContext({
          baseURL: server.url,
          viewport: size,
          deviceScaleFactor: 1,
          hasTouch: size.width < 640,
        });
        await context.addInitScript(`localStorage.setItem('lang', '${lang}')`);
        const page = await context.newPage();
        if (who !== 'visitor') await signIn(page, LOGINS[who]);
        for (const [owner, path] of SCREENS) {
          if (owner !== who) continue;
          await page.goto(path);
          await page.locator('main h1, main h2, li.match').first().waitFor({ timeout: 20_000 });
          await page.waitForLoadState('networkidle');
          const name = `${size.width}-${lang}-${who}${path.replace(/[/?=]+/g, '-')}`.replace(/-$/, '');
          await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          if (wide > size.width)
            problems.push(`${name}: scrollWidth ${wide}\n    ${(await wideElements(page)).join('\n    ')}`);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${out}`);
console.log(
  problems.length ? `wider than the viewport:\n${problems.join('\n')}` : 'nothing wider than the viewport',
);
