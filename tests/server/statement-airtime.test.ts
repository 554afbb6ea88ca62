// Airtime on the statement (issue 27): the wallet pays, so the move is recorded under the AIRTIME service,
// not the M-Pesa/EcoCash an older app made the subscriber pick; a friend's purchase and its refund carry the
// friend's number, masked. Rows stored before this (service = the wallet picked) read the same way.
import { expect, it } from 'vitest';
import { listMoves, postMove } from '../../server/wallet/ledger.ts';
import { moveDetails } from '../../server/wallet/moveDetails.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, get } from './playFixtures.ts';
import { post, resetSimulator } from './walletFixtures.ts';

type Row = { reason: string; amount: number; serviceId: string; friend?: string };
const rowsOf = (info: { walletMovesDto: Row[] }) =>
  info.walletMovesDto.map(({ reason, amount, serviceId, friend }) => ({
    reason,
    amount,
    serviceId,
    ...(friend === undefined ? {} : { friend }),
  }));

describeEachDb(
  'statement: airtime moves',
  (t) => {
    it('records airtime under AIRTIME with no wallet asked for, and a friend masked on the debit and refund', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      const msisdn = '26650002701';
      const token = await addSubscriber(t(), msisdn, { walletCents: 50_00 });
      // No mobileWalletSid: the wallet pays.
      const mine = await post(app, token, 'mobile-money-transaction', { lang: 'en', amount: 5 });
      expect(mine.json()).toMatchObject({ status: 'CONFIRMED' });
      const friend = await post(app, token, 'mobile-money-transaction', {
        lang: 'en',
        amount: 10,
        receivingMsisdn: '5800 1234',
      });
      expect(friend.json()).toMatchObject({ status: 'CONFIRMED' });
      sim.failureRate = 1;
      const failed = await post(app, token, 'mobile-money-transaction', {
        lang: 'en',
        amount: 3,
        receivingMsisdn: '62001299',
      });
      sim.failureRate = 0;
      expect(failed.json()).toMatchObject({ status: 'FAILED' });

      const stored = await listMoves(db.kysely, msisdn);
      expect(stored.filter((m) => m.reason.startsWith('AIRTIME')).map((m) => m.serviceId)).toEqual([
        'AIRTIME',
        'AIRTIME',
        'AIRTIME',
        'AIRTIME',
      ]);
      const info = (await get(app, token, 'fetch-wallet-info')).json();
      expect(rowsOf(info)).toEqual([
        { reason: 'AIRTIME_REVERSAL', amount: 3, serviceId: 'AIRTIME', friend: '266 6xxx xx99' },
        { reason: 'AIRTIME_FOR_FRIEND', amount: -3, serviceId: 'AIRTIME', friend: '266 6xxx xx99' },
        { reason: 'AIRTIME_FOR_FRIEND', amount: -10, serviceId: 'AIRTIME', friend: '266 5xxx xx34' },
        { reason: 'AIRTIME_PURCHASE', amount: -5, serviceId: 'AIRTIME' },
        { reason: 'TEST_CREDIT', amount: 50, serviceId: expect.any(String) },
      ]);
      // The friend's whole number never leaves the server on the statement.
      expect(JSON.stringify(info)).not.toContain('58001234');
    });

    it('reads a purchase stored by an older server (service = the wallet picked) as airtime, friend masked', async () => {
      const { app, db } = t();
      const msisdn = '26650002702';
      const token = await addSubscriber(t(), msisdn, { walletCents: 20_00 });
      await db.kysely.transaction().execute(async (trx) => {
        await postMove(trx, {
          msisdn,
          amountCents: -4_00,
          kind: 'AIRTIME_PURCHASE',
          reason: 'AIRTIME_FOR_FRIEND',
          serviceId: 'MPESA',
          idempotencyKey: 'airtime:OLD1',
        });
        await trx
          .insertInto('airtime_purchases')
          .values({
            reference: `airtime:${msisdn}:OLD1`,
            msisdn,
            idempotency_key: 'OLD1',
            receiving_msisdn: '26650009988',
            wallet_sid: 'MPESA',
            amount_cents: 4_00,
            status: 'CONFIRMED',
            created_at: new Date(),
          })
          .execute();
      });
      const info = (await get(app, token, 'fetch-wallet-info')).json();
      expect(rowsOf(info)[0]).toEqual({
        reason: 'AIRTIME_FOR_FRIEND',
        amount: -4,
        serviceId: 'AIRTIME',
        friend: '266 5xxx xx88',
      });
    });

    it('still asks one query for a list with airtime, deposit and cash-out moves', async () => {
      const db = t().db.kysely;
      let queries = 0;
      const counting = db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          queries += 1;
          return args.result;
        },
      });
      await moveDetails(counting, '26650002703', [
        { id: 1, kind: 'DEPOSIT' },
        { id: 2, kind: 'AIRTIME_PURCHASE' },
        { id: 3, kind: 'OPERATOR_ADJUSTMENT', reason: 'AIRTIME_REVERSAL' },
      ]);
      expect(queries).toBe(1);
      queries = 0;
      expect(await moveDetails(counting, '26650002703', [{ id: 2, kind: 'AIRTIME_PURCHASE' }])).toEqual(
        new Map(),
      );
      expect(queries).toBe(1);
    });
  },
  { config: { mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: 300 } } },
);
