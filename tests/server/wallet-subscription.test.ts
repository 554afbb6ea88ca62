// fetch-supported-wallets, fetch-other-subscriptions and toggle-subscription, and the demo subscriber
// who is not yet subscribed.
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { seedDemo } from '../../server/seed.ts';
import { walletSummary } from '../../server/wallet/ledger.ts';
import { describeEachDb, signIn } from './helper.ts';
import { addSubscriber, get } from './playFixtures.ts';
import { post, win } from './walletFixtures.ts';

function toggle(app: FastifyInstance, token: string, enableSubscription: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/protected/toggle-subscription',
    headers: { authorization: `Bearer ${token}` },
    payload: { msisdn: '26650000009', lang: 'en', enableSubscription },
  });
}

describeEachDb('wallet: subscriptions and supported wallets', (t) => {
  it('lists the supported wallets in order, saying which take cash-outs', async () => {
    const token = await addSubscriber(t(), '26650000301');
    const res = await get(t().app, token, 'fetch-supported-wallets');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { sid: 'MPESA', name: 'M-Pesa', payouts: true },
      { sid: 'ECOCASH', name: 'EcoCash', payouts: false },
    ]);
  });

  it('refuses a cash-out to EcoCash (deposits only) before withholding anything', async () => {
    const msisdn = '26650000309';
    const token = await addSubscriber(t(), msisdn);
    await win(t(), msisdn, 40_00);
    const refused = await post(t().app, token, 'cash-out', {
      lang: 'en',
      amount: 10,
      mobileWalletSid: 'ECOCASH',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messageKey).toBe('WALLET.UNKNOWN');
    expect(await walletSummary(t().db.kysely, msisdn)).toMatchObject({
      withdrawableAmount: 40_00,
      currentlyWithheldAmount: 0,
    });
  });

  it('seeds 26650000003 unsubscribed, with other subscriptions and a small funded wallet', async () => {
    const { app, db, config, clock } = t();
    await seedDemo(db, config, clock.now());
    await seedDemo(db, config, clock.now()); // idempotent
    const { access_token: token } = await signIn(app, '26650000003', 'demo1234');
    expect((await get(app, token, 'fetch-other-subscriptions')).json()).toEqual([
      'Daily Horoscope',
      'Football News',
    ]);
    const info = (await get(app, token, 'fetch-subscriber-info')).json();
    expect(info).toMatchObject({ msisdn: '26650000003', isSubscriptionEnabled: false });
    const wallet = (await get(app, token, 'fetch-wallet-info')).json();
    expect(wallet).toMatchObject({ totalAvailableAmount: 25, withdrawablemount: 0 });
    expect(wallet.walletMovesDto).toHaveLength(1);
  });

  it('sets the subscription idempotently and reports isSubscribed', async () => {
    const { app } = t();
    const token = await addSubscriber(t(), '26650000302', { subscribed: false });
    const before = (await get(app, token, 'fetch-subscriber-info')).json();
    expect(before.isSubscriptionEnabled).toBe(false);
    for (const expected of [true, true, false, false, true]) {
      const res = await toggle(app, token, expected);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isSubscribed: expected });
      expect((await get(app, token, 'fetch-subscriber-info')).json().isSubscriptionEnabled).toBe(expected);
    }
    // The other subscriptions list never contains Jackpot 14 itself.
    expect((await get(app, token, 'fetch-other-subscriptions')).json()).toEqual([]);
    // Concurrent identical requests agree.
    const answers = await Promise.all([1, 2, 3].map(() => toggle(app, token, false)));
    expect(answers.map((r) => r.json())).toEqual([1, 2, 3].map(() => ({ isSubscribed: false })));
  });

  it('refuses a malformed toggle with 400 ERRORS.INVALID_REQUEST', async () => {
    const token = await addSubscriber(t(), '26650000303', { subscribed: false });
    for (const value of ['true', 1, null, undefined]) {
      const res = await toggle(t().app, token, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().messageKey).toBe('ERRORS.INVALID_REQUEST');
    }
  });
});
