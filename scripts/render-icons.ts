// Renders the PWA's PNG icons from public/icons/icon.svg with headless Chromium (playwright-core, Debian's
// /usr/bin/chromium or CHROME_PATH). Run once after changing the SVG: `node --import tsx scripts/render-icons.ts`.
// The maskable icon puts the artwork inside the central 80 % safe zone on a full-bleed brand background,
// so a launcher's circle or squircle mask never cuts into it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const dir = new URL('../public/icons/', import.meta.url).pathname;
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const BRAND = '#064e2f';

const targets = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const t of targets) {
    const page = await browser.newPage({ viewport: { width: t.size, height: t.size }, deviceScaleFactor: 1 });
    const inner = t.maskable ? Math.round(t.size * 0.8) : t.size;
    const bg = t.maskable ? BRAND : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;width:${t.size}px;height:${t.size}px;display:grid;place-items:center;background:${bg}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}"></body></html>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: join(dir, t.file), omitBackground: !t.maskable });
    await page.close();
    console.log(`wrote public/icons/${t.file}`);
  }
} finally {
  await browser.close();
}
