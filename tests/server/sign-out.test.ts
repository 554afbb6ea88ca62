// Sign-out on the server (Keycloak's logout endpoint): the refresh token's sign-in session ends there too,
// so a token kept by someone else (a shared or lost phone) never refreshes again; other sessions go on.
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDb, MOBILE, signIn, tokenRequest, WEBSITE } from './helper.ts';
import { addSubscriber } from './playFixtures.ts';

const LOGOUT_PATH = '/auth/realms/commxp/protocol/openid-connect/logout';

const logout = (app: FastifyInstance, form: Record<string, string>, authorization: string = MOBILE) =>
  app.inject({
    method: 'POST',
    url: LOGOUT_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
    payload: new URLSearchParams(form).toString(),
  });
const refresh = (app: FastifyInstance, token: string) =>
  tokenRequest(app, { grant_type: 'refresh_token', refresh_token: token, client_id: 'mobile' });

describeEachDb('identity: sign-out', (t) => {
  it('ends that session: its refresh token, and the ones it was rotated into, refresh no more', async () => {
    const { app } = t();
    await addSubscriber(t(), '26650000701');
    const here = await signIn(app, '26650000701', 'play1234');
    const elsewhere = await signIn(app, '26650000701', 'play1234');
    const rotated = (await refresh(app, here.refresh_token)).json().refresh_token as string;

    // Signing out with the spent token of the family ends the family: the rotated token too.
    const out = await logout(app, { client_id: 'mobile', refresh_token: here.refresh_token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await refresh(app, rotated);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ error: 'invalid_grant' });
    // Another phone's session is untouched; saying it twice is fine.
    expect((await refresh(app, elsewhere.refresh_token)).statusCode).toBe(200);
    expect((await logout(app, { client_id: 'mobile', refresh_token: rotated })).statusCode).toBe(204);
  });

  it('refuses what is not a refresh token of the mobile client, in OAuth shape, and ends nothing', async () => {
    const { app } = t();
    await addSubscriber(t(), '26650000702');
    const session = await signIn(app, '26650000702', 'play1234');
    for (const [form, authorization, status, error] of [
      [{ client_id: 'mobile', refresh_token: 'not-a-token' }, MOBILE, 400, 'invalid_grant'],
      [{ client_id: 'mobile', refresh_token: session.access_token }, MOBILE, 400, 'invalid_grant'],
      [{ client_id: 'mobile' }, MOBILE, 400, 'invalid_request'],
      [{ client_id: 'website', refresh_token: session.refresh_token }, WEBSITE, 400, 'unauthorized_client'],
      [
        { client_id: 'mobile', refresh_token: session.refresh_token },
        'Basic bm9wZTpub3Bl',
        401,
        'invalid_client',
      ],
    ] as const) {
      const res = await logout(app, form, authorization);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status, error });
    }
    const nul = await logout(app, { client_id: 'mobile', refresh_token: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect((await refresh(app, session.refresh_token)).statusCode).toBe(200);
  });

  it('is named in the discovery document', async () => {
    const { app } = t();
    const doc = await app.inject({
      method: 'GET',
      url: '/auth/realms/commxp/.well-known/openid-configuration',
    });
    expect(doc.json().end_session_endpoint).toMatch(/\/protocol\/openid-connect\/logout$/);
  });
});
