// Repeated failed sign-ins are refused with 429, per account (5 in 15 minutes) and per address
// (20 in 15 minutes), counted in the database.
import { expect, it } from 'vitest';
import { describeEachDb, register, tokenRequest } from './helper.ts';

const MINUTE = 60_000;

describeEachDb('sign-in rate limits', (t) => {
  const attempt = (username: string, password: string, ip = '198.51.100.7') =>
    t().app.inject({
      method: 'POST',
      url: '/auth/realms/commxp/protocol/openid-connect/token',
      remoteAddress: ip,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`,
      },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    });

  it('blocks an account after five failures, even for the right password, until the window passes', async () => {
    const { app, clock } = t();
    await register(app, '26657000001', 'right123');
    for (let i = 0; i < 5; i++) {
      // From different addresses: the account limit alone must trigger.
      const res = await attempt('26657000001', 'wrong123', `203.0.113.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt('26657000001', 'right123', '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'invalid_grant' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same number typed differently is the same account.
    expect((await attempt('+266 5700 0001', 'right123', '203.0.113.99')).statusCode).toBe(429);

    clock.advance(15 * MINUTE + 1000);
    expect((await attempt('26657000001', 'right123', '203.0.113.99')).statusCode).toBe(200);
  });

  it('forgives an account its failures after a successful sign-in', async () => {
    const { app } = t();
    await register(app, '26657000002', 'right123');
    for (let i = 0; i < 4; i++) expect((await attempt('26657000002', 'wrong123')).statusCode).toBe(401);
    expect((await attempt('26657000002', 'right123')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('26657000002', 'wrong123')).statusCode).toBe(401);
    expect((await attempt('26657000002', 'right123')).statusCode).toBe(200);
  });

  it('blocks an address after twenty failures across accounts', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 20; i++) {
      const res = await attempt(`2665600${String(i).padStart(4, '0')}`, 'wrong123', ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt('26656009999', 'wrong123', ip);
    expect(blocked.statusCode).toBe(429);
    // Another address still gets an answer about the credentials.
    const elsewhere = await tokenRequest(t().app, {
      grant_type: 'password',
      username: '26656009999',
      password: 'x',
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
