// /api/protected/* (and /api/admin/*) admit only a valid access token: our key, RS256, unexpired, typ
// Bearer, our issuer, issued to the app's client (mobile).
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../server/seed.ts';
import { describeEachDb, resignToken, signIn, type Tokens } from './helper.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeEachDb('protected routes', (t) => {
  let tokens: Tokens;

  beforeAll(async () => {
    const { db, config, clock, app } = t();
    await seedDemoAccounts({ db, config, now: clock.now() });
    tokens = await signIn(app, '26650000001', 'demo1234');
  });

  const whoami = (authorization?: string) =>
    t().app.inject({
      method: 'GET',
      url: '/api/protected/whoami',
      headers: authorization ? { authorization } : {},
    });

  const expectUnauthorized = async (authorization?: string) => {
    const res = await whoami(authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, messageKey: 'ERRORS.UNAUTHORIZED' });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  };

  it('knows the subscriber from the token', async () => {
    const res = await whoami(`Bearer ${tokens.access_token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msisdn: '26650000001', roles: ['commxp-user'] });
  });

  it('refuses a request without a token or with another scheme', async () => {
    await expectUnauthorized();
    await expectUnauthorized(`Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`);
    await expectUnauthorized('Bearer');
    await expectUnauthorized(`Bearer ${'a'.repeat(10_000)}`);
  });

  it('refuses a tampered token (payload changed, signature kept)', async () => {
    const [header, , signature] = tokens.access_token.split('.');
    const claims = { ...decodeJwt(tokens.access_token), preferred_username: '26650000002' };
    await expectUnauthorized(`Bearer ${header}.${b64url(claims)}.${signature}`);
    const roles = { ...decodeJwt(tokens.access_token), realm_access: { roles: ['ROLE_ADMIN'] } };
    await expectUnauthorized(`Bearer ${header}.${b64url(roles)}.${signature}`);
  });

  it('refuses a token whose signature was altered', async () => {
    const last = tokens.access_token.at(-2) === 'A' ? 'B' : 'A';
    await expectUnauthorized(
      `Bearer ${tokens.access_token.slice(0, -2)}${last}${tokens.access_token.at(-1)}`,
    );
  });

  it('refuses an unsigned token (alg none)', async () => {
    const claims = decodeJwt(tokens.access_token);
    await expectUnauthorized(`Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`);
  });

  it('refuses a token signed by another key, even one claiming our kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const certs = (
      await t().app.inject({ method: 'GET', url: '/auth/realms/commxp/protocol/openid-connect/certs' })
    ).json();
    const forged = await new SignJWT(decodeJwt(tokens.access_token))
      .setProtectedHeader({ alg: 'RS256', kid: certs.keys[0].kid })
      .sign(privateKey);
    await expectUnauthorized(`Bearer ${forged}`);
  });

  it('refuses an HS256 token keyed with our public key (algorithm confusion)', async () => {
    const certs = (
      await t().app.inject({ method: 'GET', url: '/auth/realms/commxp/protocol/openid-connect/certs' })
    ).json();
    const secret = new TextEncoder().encode(JSON.stringify(certs.keys[0]));
    const forged = await new SignJWT(decodeJwt(tokens.access_token))
      .setProtectedHeader({ alg: 'HS256', kid: certs.keys[0].kid })
      .sign(secret);
    await expectUnauthorized(`Bearer ${forged}`);
  });

  it('refuses a refresh token used as an access token', async () => {
    await expectUnauthorized(`Bearer ${tokens.refresh_token}`);
  });

  it('refuses an expired token', async () => {
    const { app, clock } = t();
    const fresh = await signIn(app, '26650000001', 'demo1234');
    clock.advance(299 * 1000);
    expect((await whoami(`Bearer ${fresh.access_token}`)).statusCode).toBe(200);
    clock.advance(2 * 1000);
    await expectUnauthorized(`Bearer ${fresh.access_token}`);
  });
});

describeEachDb('protected routes: issuer and client', (t) => {
  let subscriber: Tokens;
  let admin: Tokens;

  beforeAll(async () => {
    const { db, config, clock, app } = t();
    await seedDemoAccounts({ db, config, now: clock.now() });
    subscriber = await signIn(app, '26650000001', 'demo1234');
    admin = await signIn(app, 'admin', 'admin1234');
  });

  const get = (url: string, token: string) =>
    t().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  const expectUnauthorized = async (url: string, token: string) => {
    const res = await get(url, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, messageKey: 'ERRORS.UNAUTHORIZED' });
  };

  it("accepts the mobile client's tokens on protected and admin routes", async () => {
    expect((await get('/api/protected/whoami', subscriber.access_token)).statusCode).toBe(200);
    expect((await get('/api/admin/betslips', admin.access_token)).statusCode).toBe(200);
  });

  it('refuses a token signed by our key for another issuer', async () => {
    const iss = 'https://evil.example/auth/realms/commxp';
    await expectUnauthorized(
      '/api/protected/whoami',
      await resignToken(t().db, subscriber.access_token, { iss }),
    );
    await expectUnauthorized('/api/admin/betslips', await resignToken(t().db, admin.access_token, { iss }));
  });

  it('refuses tokens issued to the website client, or to no client', async () => {
    const { db } = t();
    for (const azp of ['website', undefined]) {
      await expectUnauthorized(
        '/api/protected/whoami',
        await resignToken(db, subscriber.access_token, { azp }),
      );
      await expectUnauthorized('/api/admin/betslips', await resignToken(db, admin.access_token, { azp }));
    }
  });
});
