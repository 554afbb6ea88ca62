// App-level behaviour: health, security headers, JSON 404s, the PWA with its single-page fallback, and
// no /dev routes outside demo mode.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from './helper.ts';

const dist = mkdtempSync(join(tmpdir(), 'jackpot14-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><title>Jackpot 14</title><script src="/assets/app-1.js"></script>',
);
writeFileSync(join(dist, 'assets', 'app-1.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
// The build's Brotli copy (scripts/precompress.ts) at the highest quality: not what on-the-fly gives.
const appBr = brotliCompressSync(readFileSync(join(dist, 'assets', 'app-1.js')), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
});
writeFileSync(join(dist, 'assets', 'app-1.js.br'), appBr);
writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };

describeEachDb(
  'app',
  (t) => {
    it('answers /healthz', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    });

    it('sends a CSP that allows only our own scripts', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/', headers: html });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it("sends the lean set on answers that are not documents, helmet's whole set on pages and the worker", async () => {
      const { app } = t();
      const page = await app.inject({ method: 'GET', url: '/play', headers: html });
      const worker = await app.inject({ method: 'GET', url: '/sw.js' });
      for (const full of [page, worker]) {
        expect(full.statusCode).toBe(200);
        expect(String(full.headers['content-security-policy'])).toContain("script-src 'self'");
        expect(full.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(full.headers['referrer-policy']).toBe('no-referrer');
      }
      const json = await app.inject({ method: 'GET', url: '/healthz' });
      const script = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
      const missing = await app.inject({ method: 'GET', url: '/api/nope' });
      for (const lean of [json, script, missing]) {
        expect(lean.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(lean.headers['x-content-type-options']).toBe('nosniff');
        expect(lean.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(lean.headers['x-frame-options']).toBeUndefined();
        expect(lean.headers['referrer-policy']).toBeUndefined();
      }
    });

    it('serves the PWA, with index.html for page navigations to client routes', async () => {
      const { app } = t();
      const root = await app.inject({ method: 'GET', url: '/', headers: html });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('Jackpot 14');
      // Revalidated (no-cache), so it keeps its validator: an unchanged page costs a 304.
      expect(root.headers.etag).toEqual(expect.any(String));
      for (const url of ['/play', '/wallet/transactions', '/login?redirect=%2Fplay']) {
        const res = await app.inject({ method: 'GET', url, headers: html });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({
        method: 'GET',
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['content-encoding']).toBe('gzip');
      // Never revalidated: no validators or ranges on a hashed file (bytes a phone pays at install).
      for (const name of ['etag', 'last-modified', 'accept-ranges'])
        expect(asset.headers[name]).toBeUndefined();
      // A browser that takes Brotli gets the build's copy as it is.
      const br = await app.inject({
        method: 'GET',
        url: '/assets/app-1.js',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.rawPayload.equals(appBr)).toBe(true);
    });

    it('answers unknown server paths and non-page requests with a JSON 404', async () => {
      const { app } = t();
      for (const url of ['/api/nope', '/api/protected', '/auth/realms/other', '/missing.js']) {
        const res = await app.inject({ method: 'GET', url, headers: url.endsWith('.js') ? {} : html });
        expect(res.statusCode === 404 || res.statusCode === 401).toBe(true);
        expect(res.json()).toHaveProperty('messageKey');
      }
      const post = await app.inject({ method: 'POST', url: '/play', headers: html });
      expect(post.statusCode).toBe(404);
    });
  },
  { staticRoot: dist },
);

describeEachDb(
  'production-like app',
  (t) => {
    it('has no /dev routes', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/dev/sms?msisdn=26650000001' });
      expect(res.statusCode).toBe(404);
    });

    it('answers OTP requests with 503 when no SMS gateway is configured', async () => {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/web-registration/request-otp',
        headers: { authorization: `Basic ${Buffer.from('website:website-secret').toString('base64')}` },
        payload: { msisdn: '26650000009', lang: 'en' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ messageKey: 'SMS.UNAVAILABLE' });
    });
  },
  { config: { demo: false } },
);
