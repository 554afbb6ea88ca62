// Every route, taken from the app's own route table (so a route added later is covered without editing
// this file): without a valid token a protected or admin route answers 401; random, malformed and hostile
// input never makes the server answer 500, a refusal always carries a message key, and a refused request
// writes nothing.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app.ts';
import type { Db } from '../../server/db/index.ts';
import { seedDemo } from '../../server/seed.ts';
import { describeEachDb, signIn, type Tokens } from './helper.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Routes that need a bearer token (the identity provider and registration have their own auth). */
const isGuarded = (route: RouteEntry) => /^\/api\/(protected|admin)\//.test(route.url);

/** A concrete URL for a route pattern: each `:param` (and a trailing wildcard) filled in. */
const fill = (url: string, value: string) =>
  url.replace(/:[A-Za-z]+/g, encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));

/** A fingerprint of every table's rows, so a test can say "nothing was written". */
async function snapshot(db: Db): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(db.kysely);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const row = await sql<{ n: string; h: string | null }>`
      SELECT count(*)::text AS n, md5(string_agg(t::text, ',' ORDER BY t::text)) AS h
      FROM ${sql.table(table_name)} t`.execute(db.kysely);
    parts.push(`${table_name}:${row.rows[0]?.n}:${row.rows[0]?.h}`);
  }
  return parts.join('|');
}

/** Values a careless or hostile client might send in any field. */
const hostileValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0.001, 0.005, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('x'.repeat(10_000), '__proto__', '<script>alert(1)</script>', "' OR 1=1 --", '266', ''),
  fc.array(fc.integer(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
);

/** A body: anything at all, or an object of plausible and implausible field names with hostile values. */
const hostileBody = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.dictionary(
    fc.constantFrom(
      'msisdn',
      'lang',
      'amount',
      'receivingMsisdn',
      'mobileWalletSid',
      'enableSubscription',
      'oldPassword',
      'newPassword',
      'betSlipSid',
      'betSlipCost',
      'positionAndPredictionDtos',
      'result',
      'weeklyLimit',
      'duration',
      'endsAt',
      'matches',
      'betslipParams',
      'registrationToken',
      'endpoint',
      'keys',
      'unknownField',
    ),
    hostileValue,
    { maxKeys: 6 },
  ),
);

describeEachDb('hardening: every route', (t) => {
  let routes: RouteEntry[];
  let user: Tokens;
  let admin: Tokens;

  beforeAll(async () => {
    const { app, db, config, clock } = t();
    await seedDemo(db, config, clock.now());
    routes = (app as FastifyInstance).routeTable.filter((r) => r.url.startsWith('/api/'));
    user = await signIn(app, '26650000001', 'demo1234');
    admin = await signIn(app, 'admin', 'admin1234');
  });

  it('finds the protected routes in the route table', () => {
    const guarded = routes.filter(isGuarded).map((r) => `${r.method} ${r.url}`);
    expect(guarded).toContain('POST /api/protected/submit-online-betslip');
    expect(guarded).toContain('GET /api/protected/fetch-wallet-info');
  });

  it('refuses every guarded route without a token, with an expired, forged or unsigned one', async () => {
    const { app, clock } = t();
    const claims = decodeJwt(user.access_token);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, realm_access: { roles: ['ROLE_ADMIN'] } })}.`;
    const stale = await signIn(app, '26650000001', 'demo1234');
    clock.advance(2 * 3600 * 1000);
    try {
      for (const route of routes.filter(isGuarded)) {
        for (const authorization of [
          undefined,
          `Bearer ${forged}`,
          `Bearer ${unsigned}`,
          `Bearer ${stale.access_token}`,
        ]) {
          const res = await app.inject({
            method: route.method as 'GET',
            url: fill(route.url, '1'),
            headers: { ...(authorization ? { authorization } : {}), 'idempotency-key': crypto.randomUUID() },
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          expect(res.statusCode, `${route.method} ${route.url} ${authorization?.slice(0, 20)}`).toBe(401);
        }
      }
    } finally {
      clock.advance(-2 * 3600 * 1000);
    }
  });

  it('refuses admin routes to a subscriber with 403', async () => {
    const adminRoutes = routes.filter((r) => r.url.startsWith('/api/admin/'));
    for (const route of adminRoutes) {
      const res = await t().app.inject({
        method: route.method as 'GET',
        url: fill(route.url, '1'),
        headers: { authorization: `Bearer ${user.access_token}`, 'idempotency-key': crypto.randomUUID() },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('never answers 500 to hostile bodies, paths and queries, and a refusal writes nothing', async () => {
    const { app, db } = t();
    const writable = routes.filter((r) => r.method !== 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writable),
        hostileBody,
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('..%2f', '%00', '0', '-1', '99999999999')),
        fc.constantFrom('user', 'admin'),
        async (route, body, param, who) => {
          const token = who === 'admin' ? admin.access_token : user.access_token;
          const before = await snapshot(db);
          const res = await app.inject({
            method: route.method as 'POST',
            url: fill(route.url, param || 'x'),
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': crypto.randomUUID(),
            },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode, `${route.method} ${route.url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json(), `${route.method} ${route.url}`).toHaveProperty('messageKey');
            expect(await snapshot(db), `${route.method} ${route.url} wrote on refusal`).toBe(before);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never answers 500 to hostile queries on reads', async () => {
    const { app } = t();
    const reads = routes.filter((r) => r.method === 'GET' || r.url.includes('fetch-'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.dictionary(fc.constantFrom('msisdn', 'page', 'since', 'lang', 'x'), fc.string({ maxLength: 30 }), {
          maxKeys: 3,
        }),
        async (route, query) => {
          const res = await app.inject({
            method: route.method as 'GET',
            url: fill(route.url, 'x'),
            query,
            headers: { authorization: `Bearer ${user.access_token}` },
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          expect(res.statusCode, `${route.method} ${route.url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('keeps personal answers out of shared caches', async () => {
    const res = await t().app.inject({
      method: 'GET',
      url: '/api/protected/fetch-wallet-info',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describeEachDb(
  'hardening: HSTS in production',
  (t) => {
    it('tells browsers to use HTTPS only when running in production', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  },
  { config: { production: true, demo: false } },
);

describeEachDb('hardening: no HSTS on a developer machine', (t) => {
  it('sends no HSTS in demo mode (plain http://localhost)', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
