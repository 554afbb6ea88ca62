// The Keycloak-compatible token endpoint: password and refresh grants, claims, JWKS, client
// authentication, rotation and reuse detection.
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../server/seed.ts';
import {
  basic,
  describeEachDb,
  MOBILE,
  resignToken,
  signIn,
  TOKEN_PATH,
  type Tokens,
  tokenRequest,
  WEBSITE,
} from './helper.ts';

const REALM = '/auth/realms/commxp';
const SUBSCRIBER = '26650000001';

/** A token-endpoint call addressed to `host` (the Host header a client, or an attacker, chose). */
const tokenRequestTo = (app: FastifyInstance, host: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    headers: { host, authorization: MOBILE, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

const whoami = (app: FastifyInstance, accessToken: string, host?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/protected/whoami',
    headers: { authorization: `Bearer ${accessToken}`, ...(host ? { host } : {}) },
  });

describeEachDb('token endpoint', (t) => {
  beforeAll(async () => {
    const { db, config, clock } = t();
    await seedDemoAccounts({ db, config, now: clock.now() });
  });

  it('issues a Keycloak-shaped token response for the password grant', async () => {
    const res = await tokenRequest(t().app, {
      grant_type: 'password',
      username: SUBSCRIBER,
      password: 'demo1234',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 300,
      refresh_expires_in: 2_592_000,
      'not-before-policy': 0,
      scope: expect.any(String),
      session_state: expect.any(String),
    });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
  });

  it('signs RS256 access tokens with the claims the client reads, verifiable with the JWKS', async () => {
    const { app, clock } = t();
    const tokens = await signIn(app, SUBSCRIBER, 'demo1234');
    const jwks = (await app.inject({ method: 'GET', url: `${REALM}/protocol/openid-connect/certs` })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();

    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', kid: jwks.keys[0].kid });
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
      currentDate: clock.now(),
      issuer: `http://localhost:80${REALM}`,
    });
    const iat = Math.floor(clock.now().getTime() / 1000);
    expect(payload).toMatchObject({
      typ: 'Bearer',
      azp: 'mobile',
      preferred_username: SUBSCRIBER,
      realm_access: { roles: ['commxp-user'] },
      sid: tokens.session_state,
      iat,
      exp: iat + 300,
    });
    // Keycloak 25+ keeps the session in `sid` only; the token response still names it session_state.
    expect(payload.session_state).toBeUndefined();
    expect(payload.sub).toEqual(expect.any(String));
  });

  it('takes the issuer from PUBLIC_URL-less requests host and serves the discovery document', async () => {
    const res = await t().app.inject({
      method: 'GET',
      url: `${REALM}/.well-known/openid-configuration`,
      headers: { host: 'jackpot.example:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: `http://jackpot.example:8080${REALM}`,
      token_endpoint: `http://jackpot.example:8080${REALM}/protocol/openid-connect/token`,
      jwks_uri: `http://jackpot.example:8080${REALM}/protocol/openid-connect/certs`,
      grant_types_supported: ['password', 'refresh_token'],
    });
  });

  it('binds a token to the host it was issued on when PUBLIC_URL is unset', async () => {
    const { app } = t();
    const res = await tokenRequestTo(app, 'evil.example', {
      grant_type: 'password',
      username: SUBSCRIBER,
      password: 'demo1234',
    });
    expect(res.statusCode).toBe(200);
    const evil: Tokens = res.json();
    expect(decodeJwt(evil.access_token).iss).toBe(`http://evil.example${REALM}`);
    // Presented to this server under its own name, it is refused on protected routes and on refresh.
    const who = await whoami(app, evil.access_token);
    expect(who.statusCode).toBe(401);
    expect(who.json()).toMatchObject({ statusCode: 401, messageKey: 'ERRORS.UNAUTHORIZED' });
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: evil.refresh_token,
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    // Where it was issued, it still works (demo mode: the issuer follows the host).
    expect((await whoami(app, evil.access_token, 'evil.example')).statusCode).toBe(200);
    // Once verified there (and remembered as verified), it is still refused under this server's name.
    expect((await whoami(app, evil.access_token)).statusCode).toBe(401);
  });

  it('gives the operator ROLE_ADMIN', async () => {
    const tokens = await signIn(t().app, 'admin', 'admin1234');
    const who = await t().app.inject({
      method: 'GET',
      url: '/api/protected/whoami',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(who.json()).toEqual({ msisdn: 'admin', roles: ['ROLE_ADMIN'] });
  });

  it('accepts the phone number in any usual spelling as the username', async () => {
    const tokens = await signIn(t().app, '+266 5000-0001', 'demo1234');
    expect(tokens.access_token).toBeTruthy();
  });

  it('accepts client credentials in the body and a Content-Type with a charset', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: SUBSCRIBER,
        password: 'demo1234',
        client_id: 'mobile',
        client_secret: 'mobile-secret',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives no tokens to the website client: it authenticates registration calls, not users', async () => {
    const { app } = t();
    const form = { grant_type: 'password', username: SUBSCRIBER, password: 'demo1234' };
    for (const res of [
      await tokenRequest(app, form, WEBSITE),
      await tokenRequest(app, { ...form, client_id: 'website', client_secret: 'website-secret' }, ''),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'unauthorized_client', error_description: expect.any(String) });
    }
  });

  it('refuses unknown clients and wrong secrets with 401 invalid_client', async () => {
    const form = { grant_type: 'password', username: SUBSCRIBER, password: 'demo1234' };
    for (const auth of [basic('mobile', 'nope'), basic('other', 'mobile-secret'), 'Basic !!!', '']) {
      const res = await tokenRequest(t().app, form, auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
    const mismatch = await tokenRequest(t().app, { ...form, client_id: 'website' }, MOBILE);
    expect(mismatch.statusCode).toBe(401);
  });

  it('answers OAuth errors for a missing or unknown grant type and missing parameters', async () => {
    const missing = await tokenRequest(t().app, { username: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const unknown = await tokenRequest(t().app, { grant_type: 'client_credentials' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const noPassword = await tokenRequest(t().app, { grant_type: 'password', username: SUBSCRIBER });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ error: 'invalid_request' });
    const noToken = await tokenRequest(t().app, { grant_type: 'refresh_token' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('answers wrong credentials with 401 invalid_grant', async () => {
    for (const [username, password] of [
      [SUBSCRIBER, 'wrong-password1'],
      ['26659999999', 'demo1234'],
    ] as const) {
      const res = await tokenRequest(t().app, { grant_type: 'password', username, password });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid user credentials' });
    }
  });

  it('rotates refresh tokens: each use gives a new pair in the same session', async () => {
    const { app } = t();
    const first = await signIn(app, SUBSCRIBER, 'demo1234');
    const res = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      // The original client sends these as the text null on refresh.
      username: 'null',
      password: 'null',
    });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.session_state).toBe(first.session_state);
    const third = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
    });
    expect(third.statusCode).toBe(200);
  });

  it('refuses a reused refresh token and revokes its whole family', async () => {
    const { app } = t();
    const first = await signIn(app, SUBSCRIBER, 'demo1234');
    const second = (
      await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json();
    const reuse = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
    // The legitimate newest token of that family is dead too: the leak may have been either side.
    const after = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
    });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ error: 'invalid_grant' });
    // Other sessions of the same user are untouched.
    const other = await signIn(app, SUBSCRIBER, 'demo1234');
    const ok = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: other.refresh_token });
    expect(ok.statusCode).toBe(200);
  });

  it('lets only one of two concurrent uses of a refresh token succeed', async () => {
    const { app } = t();
    const first = await signIn(app, SUBSCRIBER, 'demo1234');
    const both = await Promise.all(
      [0, 1].map(() =>
        tokenRequest(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a refresh token from another client, an access token, garbage and an expired one', async () => {
    const { app, clock } = t();
    const tokens = await signIn(app, SUBSCRIBER, 'demo1234');
    const wrongClient = await tokenRequest(
      app,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      WEBSITE,
    );
    expect(wrongClient.statusCode).toBe(400);
    for (const refresh_token of [tokens.access_token, 'not.a.jwt', 'x'.repeat(5000)]) {
      const res = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_grant' });
    }
    clock.advance(2_592_000 * 1000 + 1000);
    const expired = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: 'invalid_grant', error_description: 'Token is not active' });
  });
});

describeEachDb(
  'token endpoint with PUBLIC_URL (production)',
  (t) => {
    const ISSUER = `https://jackpot14.example${REALM}`;

    beforeAll(async () => {
      const { db, config, clock } = t();
      await seedDemoAccounts({ db, config, now: clock.now() });
    });

    it('advertises and signs with PUBLIC_URL whatever the Host header says', async () => {
      const { app } = t();
      const discovery = await app.inject({
        method: 'GET',
        url: `${REALM}/.well-known/openid-configuration`,
        headers: { host: 'evil.example' },
      });
      expect(discovery.json()).toMatchObject({
        issuer: ISSUER,
        token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
        jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
      });
      const res = await tokenRequestTo(app, 'evil.example', {
        grant_type: 'password',
        username: SUBSCRIBER,
        password: 'demo1234',
      });
      const tokens: Tokens = res.json();
      expect(decodeJwt(tokens.access_token).iss).toBe(ISSUER);
      expect(decodeJwt(tokens.refresh_token).iss).toBe(ISSUER);
      expect((await whoami(app, tokens.access_token)).statusCode).toBe(200);
    });

    it('refuses tokens signed by our key whose issuer is not PUBLIC_URL', async () => {
      const { app, db } = t();
      const tokens = await signIn(app, SUBSCRIBER, 'demo1234');
      // What a request-derived issuer would have put there, had the Host header been chosen by an attacker.
      const iss = `http://evil.example${REALM}`;
      const access = await resignToken(db, tokens.access_token, { iss });
      const who = await whoami(app, access, 'evil.example');
      expect(who.statusCode).toBe(401);
      expect(who.json()).toMatchObject({ statusCode: 401, messageKey: 'ERRORS.UNAUTHORIZED' });
      const refresh = await resignToken(db, tokens.refresh_token, { iss, aud: iss });
      const refused = await tokenRequestTo(app, 'evil.example', {
        grant_type: 'refresh_token',
        refresh_token: refresh,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
      // The genuine refresh token of that sign-in was not spent by the refused one.
      const ok = await tokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      expect(ok.statusCode).toBe(200);
    });
  },
  { config: { production: true, demo: false, publicUrl: 'https://jackpot14.example' } },
);
