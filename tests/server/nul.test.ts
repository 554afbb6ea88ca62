// PostgreSQL refuses the character U+0000 in text, so a NUL anywhere in a request must be refused as a
// client's mistake (400 ERRORS.INVALID_REQUEST; the token endpoint's invalid_request) before it reaches
// SQL, never answered 500. Every route in the app's own route table is covered: each string its request
// schemas declare must forbid NUL, and each string input of a sample request, sent with a NUL, is refused.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app.ts';
import { seedDemo } from '../../server/seed.ts';
import { BETSLIP_PARAMS } from '../support/rounds.ts';
import { CONSENT, describeEachDb, signIn, TOKEN_PATH, tokenRequest, WEBSITE } from './helper.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** Every free-text string in a JSON schema (literals and enums are fixed values), with its path. */
function* stringsOf(schema: JsonSchema, path: string): Generator<[string, JsonSchema]> {
  if (schema.type === 'string' && schema.const === undefined && !schema.enum) yield [path, schema];
  for (const [name, sub] of Object.entries(schema.properties ?? {})) yield* stringsOf(sub, `${path}.${name}`);
  if (schema.items) yield* stringsOf(schema.items, `${path}[]`);
  if (typeof schema.additionalProperties === 'object')
    yield* stringsOf(schema.additionalProperties, `${path}.*`);
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    yield* stringsOf(sub, path);
}

const requestStrings = (route: RouteEntry) =>
  PARTS.flatMap((part) => {
    const schema = route.schema?.[part] as JsonSchema | undefined;
    return schema ? [...stringsOf(schema, part)] : [];
  });

/** Values with a NUL that a string schema must refuse whatever else it allows. */
const NUL_PROBES = ['\0', 'a\0', '\0a', 'a\0b', '1\0', '266\0', '/\0', 'A\0-1', '2026-01-01T00:00:00Z\0'];
const refusesNul = (schema: JsonSchema) =>
  schema.pattern !== undefined &&
  NUL_PROBES.every((probe) => !new RegExp(schema.pattern as string, 'u').test(probe));

/** A request that passes validation, for each route that takes a string: its params, query and body. */
interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
}

const HOUR = 3600_000;
const matches = (from: Date) =>
  Array.from({ length: 14 }, (_, i) => ({
    tournament: 'Test League',
    startDate: new Date(from.getTime() + (i + 1) * HOUR).toISOString(),
    homeTeam: `Home ${i + 1}`,
    awayTeam: `Away ${i + 1}`,
    homeTeamLogo: '/logos/home.svg',
    awayTeamLogo: '/logos/away.svg',
  }));
const params = BETSLIP_PARAMS;
const picks = Array.from({ length: 14 }, (_, i) => ({ betSlipPosition: i, prediction: 1 }));

function samples(now: Date): Record<string, Sample> {
  return {
    'POST /api/web-registration/request-otp': { body: { msisdn: '26650000099', lang: 'en' } },
    'POST /api/web-registration/submit-otp': {
      body: { msisdn: '26650000099', lang: 'en', submittedOtp: '000000' },
    },
    'POST /api/web-registration/register': {
      body: { msisdn: '26650000099', lang: 'en', submittedOtp: '000000', userInput: 'secret123', ...CONSENT },
    },
    'POST /api/web-registration/reset-password': {
      body: { msisdn: '26650000099', lang: 'en', submittedOtp: '000000', newPassword: 'secret123' },
    },
    'POST /api/ussd': { body: { sessionId: 'nul-1', phoneNumber: '26650000001', text: '' } },
    'POST /dev/sms': { body: { from: '26650000001', text: 'HELP' } },
    'POST /api/sms/inbound': { body: { from: '26650000001', text: 'HELP', id: 'nul-1' } },
    'GET /api/public/content/:doc': { params: { doc: 'terms' }, query: { lang: 'en' } },
    'GET /api/public/receipts/:reference': { params: { reference: 'J14-0004-NKSPA7' } },
    'POST /api/protected/accept-terms': { body: { version: '2026-11-01' } },
    'POST /api/protected/change-password': { body: { oldPassword: 'not-mine', newPassword: 'secret123' } },
    'POST /api/protected/submit-online-betslip': {
      body: {
        msisdn: '26650000001',
        lang: 'en',
        betSlipSid: 'J14-NONE',
        positionAndPredictionDtos: picks,
        betSlipCost: 2,
      },
    },
    'POST /api/protected/groups': {
      body: {
        lang: 'en',
        betSlipSid: 'J14-NONE',
        positionAndPredictionDtos: picks,
        name: 'Ba Maseru',
        shares: 2,
        captainShares: 1,
        unsold: 'CANCEL',
      },
    },
    'GET /api/protected/groups/:code': { params: { code: '123456' } },
    'POST /api/protected/groups/:code/shares': { params: { code: '123456' }, body: { count: 1, lang: 'en' } },
    'GET /api/public/groups/:code': { params: { code: '123456' } },
    'POST /api/protected/toggle-subscription': {
      body: { msisdn: '26650000001', lang: 'en', enableSubscription: true },
    },
    'POST /api/protected/mobile-money-transaction': {
      body: { lang: 'en', amount: '1.00', receivingMsisdn: '26650000002', mobileWalletSid: 'MPESA' },
    },
    'POST /api/protected/cash-out': { body: { lang: 'en', amount: '1.00', mobileWalletSid: 'MPESA' } },
    'POST /api/protected/deposit': { body: { lang: 'en', amount: '1.00', mobileWalletSid: 'MPESA' } },
    'GET /api/protected/deposits/:depositId': { params: { depositId: 'none' } },
    'POST /api/providers/mobile-money/deposit-callback': {
      body: {
        Body: {
          stkCallback: {
            MerchantRequestID: 'MR-1',
            CheckoutRequestID: 'ws_CO_1',
            ResultCode: 0,
            ResultDesc: 'ok',
            CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: 'R1' }] },
          },
        },
      },
    },
    'POST /api/protected/fetch-past-submitted-betslips': { query: { msisdn: '26650000001' } },
    'GET /api/protected/my-slips': { query: { sid: 'J14-0004' } },
    'GET /api/protected/pick-shares': { query: { sid: 'J14-0004' } },
    'POST /api/admin/betslips': {
      body: {
        sid: 'NUL-1',
        endDate: new Date(now.getTime() + HOUR).toISOString(),
        matches: matches(new Date(now.getTime() + HOUR)),
        betslipParams: params,
      },
    },
    'POST /api/admin/betslips/:sid/publish': { params: { sid: 'NOPE' } },
    'POST /api/admin/betslips/:sid/results': {
      params: { sid: 'NOPE' },
      body: { position: 1, result: 'HOME_WIN' },
    },
    'POST /api/admin/betslips/:sid/settle': { params: { sid: 'NOPE' } },
    'GET /api/admin/betslips/:sid/settlement-preview': { params: { sid: 'NOPE' } },
    'GET /api/admin/audit': {
      query: { actor: 'admin', action: 'BETSLIP.CREATE', target: 'NOPE', from: '2026-01-01T00:00:00Z' },
    },
    'GET /api/admin/subscribers/:msisdn/wallet': { params: { msisdn: '26650000001' } },
    'GET /api/admin/support/subscriber': { query: { msisdn: '26650000001' } },
    'POST /api/admin/support/password-reset': { body: { msisdn: '26650000003' } },
    'POST /api/admin/testimonials': {
      body: {
        lang: 'en',
        imgUrl: '/testimonials/a.svg',
        name: 'Lineo',
        occupation: 'Teacher',
        testimonial: 'I won!',
      },
    },
    'DELETE /api/admin/testimonials/:id': { params: { id: '999999' } },
    'POST /api/admin/operators': {
      body: { username: 'nul-operator', role: 'ROLE_MARKETING', password: 'secret123' },
    },
    'POST /api/admin/operators/:username/disable': { params: { username: 'nobody' } },
    'POST /api/admin/operators/:username/password': {
      params: { username: 'nobody' },
      body: { password: 'secret123' },
    },
    'POST /api/web-registration/operator-password': {
      body: { username: 'nobody', oldPassword: 'secret123', newPassword: 'secret456' },
    },
    'POST /api/protected/wep-push-notification-subscription': {
      body: {
        endpoint: 'https://push.example.com/send/abc',
        keys: { p256dh: 'BAAA', auth: 'AAAA' },
        lang: 'en',
      },
    },
    'POST /api/protected/mobile-push-notification-subscription': {
      body: { registrationToken: 'fcm-token-1' },
    },
    'GET /dev/sms': { query: { msisdn: '26650000001' } },
  };
}

/** `value` with a NUL in its middle ('MPESA' → 'MP\0ESA'). */
const withNul = (value: string) => `${value.slice(0, 2)}\0${value.slice(2)}`;

/** Every string in `value` with its path, and a copy of `value` with that one string given a NUL. */
function* nulVariants(value: Json, path: string): Generator<[string, Json]> {
  if (typeof value === 'string') yield [path, withNul(value)];
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries())
      for (const [p, v] of nulVariants(item, `${path}[${i}]`)) yield [p, value.with(i, v)];
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      for (const [p, v] of nulVariants(item, `${path}.${key}`)) yield [p, { ...value, [key]: v }];
  }
}

describeEachDb('NUL characters in requests', (t) => {
  let routes: RouteEntry[];
  /** The credential a route wants: the subscriber's or the admin's token, or the website client's. */
  let auth: (url: string) => string | undefined;

  beforeAll(async () => {
    const { app, db, config, clock } = t();
    await seedDemo(db, config, clock.now());
    // Not the rail emulators (demo only): they speak the providers' own protocols and check their input
    // the way those providers do (tests/server/rails-*.test.ts).
    routes = (app as FastifyInstance).routeTable.filter((r) => !r.url.startsWith('/dev/rails/'));
    const user = await signIn(app, '26650000001', 'demo1234');
    const admin = await signIn(app, 'admin', 'admin1234');
    auth = (url) => {
      if (url.startsWith('/api/admin/')) return `Bearer ${admin.access_token}`;
      if (url.startsWith('/api/protected/')) return `Bearer ${user.access_token}`;
      if (url.startsWith('/api/web-registration/')) return WEBSITE;
      return undefined;
    };
  });

  const send = (route: string, sample: Sample) => {
    const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
    const url = pattern.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(sample.params?.[name] ?? ''),
    );
    const authorization = auth(url);
    return t().app.inject({
      method,
      url,
      query: sample.query,
      headers: { ...(authorization ? { authorization } : {}), 'idempotency-key': crypto.randomUUID() },
      ...(sample.body === undefined ? {} : { payload: sample.body as object }),
    });
  };

  it('declares every path parameter in a params schema', () => {
    const undeclared = routes
      .filter((r) => r.url.includes(':'))
      .filter((r) => {
        const declared = Object.keys((r.schema?.params as JsonSchema | undefined)?.properties ?? {});
        return [...r.url.matchAll(/:(\w+)/g)].some(([, name]) => !declared.includes(name as string));
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('forbids NUL in every string of every request schema', () => {
    const open = routes.flatMap((route) =>
      requestStrings(route)
        .filter(([, schema]) => !refusesNul(schema))
        .map(([path]) => `${route.method} ${route.url} ${path}`),
    );
    expect(open).toEqual([]);
  });

  it('refuses a NUL in each string a route takes with 400 ERRORS.INVALID_REQUEST', async () => {
    const table = samples(t().clock.now());
    const taking = routes.filter((r) => requestStrings(r).some(([path]) => !path.startsWith('headers')));
    // A new route that takes text needs a sample here, or its inputs would go untested.
    expect(taking.map((r) => `${r.method} ${r.url}`).filter((r) => !table[r])).toEqual([]);

    const wrong: string[] = [];
    for (const [route, sample] of Object.entries(table)) {
      // The sample itself passes validation, so a refusal below is the NUL's doing.
      const clean = await send(route, sample);
      expect(clean.statusCode, `${route} ${clean.body}`).toBeLessThan(500);
      // The phone gateways' callbacks answer in plain text (the gateway shows it), never a refusal key.
      if (String(clean.headers['content-type']).startsWith('application/json')) {
        expect(clean.json().messageKey, `${route} ${clean.body}`).not.toBe('ERRORS.INVALID_REQUEST');
      }

      const variants: Array<[string, Sample]> = [
        ...Object.entries(sample.params ?? {}).map(([name, value]): [string, Sample] => [
          `params.${name}`,
          { ...sample, params: { ...sample.params, [name]: withNul(value) } },
        ]),
        ...Object.entries(sample.query ?? {}).map(([name, value]): [string, Sample] => [
          `query.${name}`,
          { ...sample, query: { ...sample.query, [name]: withNul(value) } },
        ]),
        ...[...nulVariants(sample.body ?? null, 'body')].map(([path, body]): [string, Sample] => [
          path,
          { ...sample, body },
        ]),
      ];
      for (const [path, variant] of variants) {
        const res = await send(route, variant);
        const body = res.json();
        if (res.statusCode !== 400 || body.messageKey !== 'ERRORS.INVALID_REQUEST' || !body.message) {
          wrong.push(`${route} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the token endpoint with 400 invalid_request for a NUL in any form field', async () => {
    const form = { grant_type: 'password', username: 'admin', password: 'wrong', client_id: 'mobile' };
    const clean = await tokenRequest(t().app, form);
    expect(clean.statusCode).toBe(401);
    for (const field of ['grant_type', 'username', 'password', 'client_id'] as const) {
      const res = await tokenRequest(t().app, { ...form, [field]: withNul(form[field]) });
      expect({ field, status: res.statusCode, body: res.json() }).toEqual({
        field,
        status: 400,
        body: { error: 'invalid_request', error_description: expect.any(String) },
      });
    }
    const refresh = await tokenRequest(t().app, { grant_type: 'refresh_token', refresh_token: 'a\0b' });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({ error: 'invalid_request' });
    const raw = await t().app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=%00&password=x&client_id=mobile&client_secret=mobile-secret',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ error: 'invalid_request' });
  });
});
