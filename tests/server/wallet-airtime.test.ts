// mobile-money-transaction: airtime for self or a friend from the wallet, refusals that write nothing,
// idempotent retries and a provider failure that gives the money back.
import { expect, it } from 'vitest';
import { availableCents, listMoves } from '../../server/wallet/ledger.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, get } from './playFixtures.ts';
import { post, resetSimulator, rowsOf } from './walletFixtures.ts';

const buy = (amount: unknown, receivingMsisdn: unknown = null, mobileWalletSid = 'MPESA', lang = 'en') => ({
  lang,
  amount,
  receivingMsisdn,
  mobileWalletSid,
});

describeEachDb(
  'wallet: airtime',
  (t) => {
    it('buys airtime for self: one AIRTIME_PURCHASE debit under the AIRTIME service, not the wallet sent', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      const msisdn = '26650000401';
      const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
      const res = await post(app, token, 'mobile-money-transaction', buy(10.5));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'You bought M 10.50 of airtime.',
        messageKey: 'AIRTIME.SUCCESS',
        status: 'CONFIRMED',
      });
      expect(await availableCents(db.kysely, msisdn)).toBe(89_50);
      const [move] = await listMoves(db.kysely, msisdn);
      expect(move).toMatchObject({ amountCents: -10_50, reason: 'AIRTIME_PURCHASE', serviceId: 'AIRTIME' });
      expect(sim.paid.at(-1)).toMatchObject({ msisdn, receivingMsisdn: msisdn, amountCents: 10_50 });
      const wallet = (await get(app, token, 'fetch-wallet-info')).json();
      expect(wallet.totalAvailableAmount).toBe(89.5);
      expect(wallet.walletMovesDto[0]).toMatchObject({ amount: -10.5, reason: 'AIRTIME_PURCHASE' });
    });

    it('buys for a friend (number as typed, amount as a string) with reason AIRTIME_FOR_FRIEND', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      const msisdn = '26650000402';
      const token = await addSubscriber(t(), msisdn, { walletCents: 20_00 });
      const res = await post(app, token, 'mobile-money-transaction', {
        ...buy('5.25', '5800 1234', 'ECOCASH'),
        lang: 'st',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        messageKey: 'AIRTIME.SUCCESS',
        message: expect.stringContaining('26658001234'),
      });
      expect(sim.paid.at(-1)).toMatchObject({ receivingMsisdn: '26658001234', msisdn });
      const [move] = await listMoves(db.kysely, msisdn);
      expect(move).toMatchObject({ amountCents: -5_25, reason: 'AIRTIME_FOR_FRIEND', serviceId: 'AIRTIME' });
    });

    it('refuses bad amounts, numbers, wallets and unaffordable buys with their keys, writing nothing', async () => {
      const { app } = t();
      resetSimulator(app);
      const msisdn = '26650000403';
      const token = await addSubscriber(t(), msisdn, { walletCents: 10_00 });
      const before = await rowsOf(t(), msisdn);
      const cases: Array<[unknown, number, string]> = [
        [buy(0), 400, 'AMOUNT.INVALID'],
        [buy(-5), 400, 'AMOUNT.INVALID'],
        [buy(1.234), 400, 'AMOUNT.INVALID'],
        [buy('12.345'), 400, 'AMOUNT.INVALID'],
        [buy('1e3'), 400, 'AMOUNT.INVALID'],
        [buy(''), 400, 'AMOUNT.INVALID'],
        [buy(1_000_000.01), 400, 'AMOUNT.INVALID'],
        [buy('1000000.01'), 400, 'AMOUNT.INVALID'],
        [buy(5, '123'), 400, 'MSISDN.INVALID'],
        [buy(5, '26670001234'), 400, 'MSISDN.INVALID'],
        [buy(5, null, 'PAYPAL'), 400, 'WALLET.UNKNOWN'],
        [buy(10.01), 402, 'WALLET.INSUFFICIENT_FUNDS'],
        [{ amount: 5, mobileWalletSid: 'MPESA', receivingMsisdn: 7 }, 400, 'ERRORS.INVALID_REQUEST'],
      ];
      for (const [i, [payload, status, messageKey]] of cases.entries()) {
        const res = await post(app, token, 'mobile-money-transaction', payload);
        expect({ i, status: res.statusCode, key: res.json().messageKey }).toEqual({
          i,
          status,
          key: messageKey,
        });
      }
      const noKey = await post(app, token, 'mobile-money-transaction', buy(1), null);
      expect(noKey.statusCode).toBe(400);
      expect(await rowsOf(t(), msisdn)).toEqual(before);
      // A refused subscriber without a wallet row does not get one either.
      const poor = '26650000404';
      const poorToken = await addSubscriber(t(), poor);
      expect((await post(app, poorToken, 'mobile-money-transaction', buy(1))).statusCode).toBe(402);
      expect(await rowsOf(t(), poor)).toEqual({ moves: 0, cashOuts: 0, keys: 0 });
      expect(
        await t().db.kysely.selectFrom('wallets').select('msisdn').where('msisdn', '=', poor).execute(),
      ).toEqual([]);
    });

    it('moves money once for a retried key, also when the retries run at the same time', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      sim.latencyMs = 30;
      const msisdn = '26650000405';
      const token = await addSubscriber(t(), msisdn, { walletCents: 50_00 });
      const key = crypto.randomUUID();
      const answers = await Promise.all(
        [1, 2, 3].map(() => post(app, token, 'mobile-money-transaction', buy(7), key)),
      );
      // One ran; the others were told it is in progress (409) or replayed its answer.
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      for (const r of answers) expect([200, 409]).toContain(r.statusCode);
      const replay = await post(app, token, 'mobile-money-transaction', buy(7), key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await availableCents(db.kysely, msisdn)).toBe(43_00);
      expect(sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
      const other = await post(app, token, 'mobile-money-transaction', buy(8), key);
      expect(other.statusCode).toBe(422);
      expect(other.json().messageKey).toBe('IDEMPOTENCY.MISMATCH');
      expect(await availableCents(db.kysely, msisdn)).toBe(43_00);
    });

    it('gives the money back when the provider fails or does not answer', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      const msisdn = '26650000406';
      const token = await addSubscriber(t(), msisdn, { walletCents: 30_00 });
      sim.failureRate = 1;
      const failed = await post(app, token, 'mobile-money-transaction', buy(10));
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toMatchObject({ messageKey: 'AIRTIME.FAILED', status: 'FAILED' });
      sim.failureRate = 0;
      sim.hang = true;
      const silent = await post(app, token, 'mobile-money-transaction', buy(10));
      expect(silent.json()).toMatchObject({ messageKey: 'AIRTIME.FAILED' });
      expect(await availableCents(db.kysely, msisdn)).toBe(30_00);
      const reasons = (await listMoves(db.kysely, msisdn)).map((m) => m.reason);
      expect(reasons.filter((r) => r === 'AIRTIME_REVERSAL')).toHaveLength(2);
      sim.hang = false;
    });
  },
  { config: { mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: 300 } } },
);
