// CORS for the bundled mobile app (CORS_ORIGINS): its origins may call /api and /auth with a bearer
// token, preflight included; any other origin gets no Access-Control-Allow-Origin; static files, the
// single-page fallback and /healthz get no CORS headers at all.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CORS_ORIGINS } from '../../server/config.ts';
import { describeEachDb, TOKEN_PATH } from './helper.ts';
import { addSubscriber, seedPlay, tokenFor } from './playFixtures.ts';

const dist = mkdtempSync(join(tmpdir(), 'jackpot14-cors-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Jackpot 14</title>');
writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1);');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const APP = 'https://localhost';
const FOREIGN = 'https://evil.example';
const BETSLIP = '/api/protected/fetch-current-betslip';

function preflight(app: FastifyInstance, url: string, origin: string, method = 'GET') {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,idempotency-key',
    },
  });
}

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describeEachDb(
  'CORS',
  (t) => {
    beforeAll(async () => {
      await seedPlay(t());
      await addSubscriber(t(), '26650000401');
    });

    it('lets the app’s origins call the API with a bearer token, preflight first', async () => {
      const { app } = t();
      const token = await tokenFor(t(), '26650000401');
      expect(DEFAULT_CORS_ORIGINS).toEqual([
        'capacitor://localhost',
        'https://localhost',
        'http://localhost',
      ]);
      for (const origin of DEFAULT_CORS_ORIGINS) {
        const pre = await preflight(app, BETSLIP, origin);
        expect(pre.statusCode).toBe(204);
        expect(pre.headers['access-control-allow-origin']).toBe(origin);
        const allowedHeaders = String(pre.headers['access-control-allow-headers']).toLowerCase();
        for (const h of ['authorization', 'content-type', 'idempotency-key'])
          expect(allowedHeaders).toContain(h);
        const methods = String(pre.headers['access-control-allow-methods']);
        for (const m of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(m);
        expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
        expect(pre.headers.vary).toContain('Origin');

        const res = await app.inject({
          method: 'GET',
          url: BETSLIP,
          headers: { origin, authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        // The client reads the server clock from Date: it must be visible cross-origin.
        expect(String(res.headers['access-control-expose-headers'])).toContain('Date');
      }
    });

    it('answers the token endpoint’s preflight and a refused request with the header too', async () => {
      const { app } = t();
      const pre = await preflight(app, TOKEN_PATH, APP, 'POST');
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(APP);
      // A 401 the app must be able to read (to refresh its token).
      const refused = await app.inject({ method: 'GET', url: BETSLIP, headers: { origin: APP } });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['access-control-allow-origin']).toBe(APP);
    });

    it('names no CORS header on the PWA’s own same-origin calls (no Origin), only Vary', async () => {
      const { app } = t();
      const token = await tokenFor(t(), '26650000401');
      const res = await app.inject({
        method: 'GET',
        url: BETSLIP,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(corsHeaders(res.headers)).toEqual([]);
      expect(res.headers.vary).toContain('Origin');
    });

    it('gives any other origin no Access-Control-Allow-Origin', async () => {
      const { app } = t();
      const token = await tokenFor(t(), '26650000401');
      const pre = await preflight(app, BETSLIP, FOREIGN);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const res = await app.inject({
        method: 'GET',
        url: BETSLIP,
        headers: { origin: FOREIGN, authorization: `Bearer ${token}` },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-expose-headers']).toBeUndefined();
      // A look-alike of an allowed origin is another origin.
      const lookalike = await preflight(app, BETSLIP, 'https://localhost.evil.example');
      expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('leaves static files, the page fallback and /healthz alone', async () => {
      const { app } = t();
      for (const [url, accept] of [
        ['/', 'text/html'],
        ['/play', 'text/html'],
        ['/assets/app-1.js', '*/*'],
        ['/healthz', '*/*'],
      ] as const) {
        const res = await app.inject({ method: 'GET', url, headers: { origin: APP, accept } });
        expect(res.statusCode).toBe(200);
        expect(corsHeaders(res.headers)).toEqual([]);
        expect(res.headers.vary ?? '').not.toContain('Origin');
      }
      const pre = await preflight(app, '/assets/app-1.js', APP);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { staticRoot: dist },
);

describeEachDb(
  'CORS_ORIGINS set',
  (t) => {
    it('allows exactly the configured origins', async () => {
      const { app } = t();
      const allowed = await preflight(app, BETSLIP, 'https://app.example');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      const dropped = await preflight(app, BETSLIP, APP);
      expect(dropped.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { config: { corsOrigins: ['https://app.example'] } },
);
