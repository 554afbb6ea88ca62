// No input makes the server answer 500: malformed bodies are 400 with ERRORS.INVALID_REQUEST, wrong
// content types 415, oversized bodies 413, always with a message key.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDb, registrationPost, TOKEN_PATH, tokenRequest, WEBSITE } from './helper.ts';
import { refusalBody } from './refusal.ts';

const ROUTES = ['request-otp', 'submit-otp', 'register', 'reset-password'] as const;

describeEachDb('malformed requests', (t) => {
  const post = (route: string, payload: string, contentType = 'application/json') =>
    t().app.inject({
      method: 'POST',
      url: `/api/web-registration/${route}`,
      headers: { authorization: WEBSITE, 'content-type': contentType },
      payload,
    });

  const expectInvalid = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusalBody(400, 'Bad Request', 'ERRORS.INVALID_REQUEST'));
  };

  it('answers missing fields with 400 ERRORS.INVALID_REQUEST', async () => {
    for (const route of ROUTES) expectInvalid(await registrationPost(t().app, route, {}));
    expectInvalid(
      await registrationPost(t().app, 'register', { msisdn: '26650000009', submittedOtp: '123456' }),
    );
    expectInvalid(
      await registrationPost(t().app, 'reset-password', { msisdn: '26650000009', submittedOtp: '123456' }),
    );
    expectInvalid(
      await registrationPost(t().app, 'request-otp', { msisdn: '26650000009', purpose: 'LOGIN' }),
    );
  });

  it('answers wrong types with 400', async () => {
    for (const msisdn of [{ a: 1 }, ['26650000009'], null]) {
      expectInvalid(await registrationPost(t().app, 'request-otp', { msisdn, lang: 'en' }));
    }
    expectInvalid(
      await registrationPost(t().app, 'submit-otp', { msisdn: '26650000009', submittedOtp: { $gt: '' } }),
    );
  });

  it('answers invalid JSON, an empty body and a non-object body with 400', async () => {
    expectInvalid(await post('request-otp', '{"msisdn": "2665'));
    expectInvalid(await post('request-otp', ''));
    expectInvalid(await post('request-otp', '"26650000009"'));
    expectInvalid(await post('request-otp', '[]'));
    expectInvalid(await post('request-otp', 'null'));
  });

  it('refuses prototype pollution attempts with 400', async () => {
    expectInvalid(await post('request-otp', '{"msisdn":"26650000009","__proto__":{"admin":true}}'));
  });

  it('answers huge strings with 400 and huge bodies with 413', async () => {
    expectInvalid(await registrationPost(t().app, 'request-otp', { msisdn: '2'.repeat(10_000), lang: 'en' }));
    expectInvalid(
      await registrationPost(t().app, 'request-otp', { msisdn: '26650000009', lang: 'x'.repeat(5000) }),
    );
    const huge = await registrationPost(t().app, 'request-otp', {
      msisdn: '26650000009',
      pad: 'x'.repeat(200_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ messageKey: 'ERRORS.PAYLOAD_TOO_LARGE' });
  });

  it('answers a content type it does not read with 415', async () => {
    const res = await post('request-otp', 'msisdn=26650000009', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ statusCode: 415, messageKey: 'ERRORS.UNSUPPORTED_MEDIA_TYPE' });
    expect((await post('request-otp', '<xml/>', 'text/xml')).statusCode).toBe(415);
  });

  it('answers the token endpoint in OAuth shape for JSON, empty and broken bodies', async () => {
    const json = await t().app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/json' },
      payload: { grant_type: 'password', username: 'a', password: 'b' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    const empty = await t().app.inject({ method: 'POST', url: TOKEN_PATH });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'invalid_request' });
    const brokenJson = await t().app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json()).toMatchObject({ error: 'invalid_request' });
    const big = await tokenRequest(t().app, {
      grant_type: 'password',
      username: 'x'.repeat(20_000),
      password: 'y',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('never answers 500 to arbitrary JSON on any registration route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.jsonValue(), async (route, value) => {
        const res = await post(route, JSON.stringify(value));
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toHaveProperty('messageKey');
      }),
      { numRuns: 60 },
    );
  });

  it('never answers 500 to arbitrary form fields on the token endpoint', async () => {
    const field = fc.constantFrom(
      'grant_type',
      'username',
      'password',
      'refresh_token',
      'client_id',
      'client_secret',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(field, fc.oneof(fc.string(), fc.constantFrom('password', 'refresh_token', 'mobile'))),
        async (form) => {
          const res = await tokenRequest(t().app, form);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json()).toHaveProperty('error');
        },
      ),
      { numRuns: 60 },
    );
  });
});
