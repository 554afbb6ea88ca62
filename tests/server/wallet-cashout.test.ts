// cash-out through the mobile-money provider: withheld until confirmed, reversed on failure, exactly
// the affordable ones of 50 parallel requests, once per key, and a provider that never answers leaves
// the cash-out under processing until reconciliation settles it exactly once.

import { expect, it } from 'vitest';
import { transactionReference } from '../../server/rails/mpesa/adapter.ts';
import { listMoves, walletSummary } from '../../server/wallet/ledger.ts';
import { reconcileCashOuts } from '../../server/wallet/reconcile.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, get } from './playFixtures.ts';
import { post, resetSimulator, rowsOf, win } from './walletFixtures.ts';

const cashOut = (amount: unknown, mobileWalletSid = 'MPESA', lang = 'en') => ({
  lang,
  amount,
  mobileWalletSid,
});
// Generous: the simulator records each payment in the database, which 50 parallel requests queue for.
const TIMEOUT_MS = 1500;

describeEachDb(
  'wallet: cash-out',
  (t) => {
    const reconcile = () =>
      reconcileCashOuts(t().db.kysely, t().app.mobileMoney, { minAgeMs: 0, timeoutMs: TIMEOUT_MS });

    it('pays out winnings once confirmed; operator credit is not withdrawable', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      const msisdn = '26650000501';
      const token = await addSubscriber(t(), msisdn, { walletCents: 20_00 });
      await win(t(), msisdn, 100_00);
      const res = await post(app, token, 'cash-out', cashOut('30.00'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        messageKey: 'CASHOUT.CONFIRMED',
        status: 'CONFIRMED',
        reference: expect.stringMatching(/^CO-\d+$/),
        message: 'M 30.00 has been sent to your M-Pesa wallet.',
      });
      expect(sim.paid.filter((p) => p.msisdn === msisdn)).toEqual([
        expect.objectContaining({
          reference: transactionReference(body.reference),
          amountCents: 30_00,
          kind: 'DISBURSE',
        }),
      ]);
      expect(await walletSummary(db.kysely, msisdn)).toEqual({
        totalAvailableAmount: 90_00,
        withdrawableAmount: 70_00,
        totalWonAmount: 100_00,
        totalWithdrawnAmount: 30_00,
        currentlyWithheldAmount: 0,
      });
      const [move] = await listMoves(db.kysely, msisdn);
      expect(move).toMatchObject({ amountCents: -30_00, reason: 'CASH_OUT', serviceId: 'MPESA' });

      const before = await rowsOf(t(), msisdn);
      for (const [payload, status, key] of [
        [cashOut(70.01), 402, 'WALLET.INSUFFICIENT_FUNDS'],
        [cashOut(0), 400, 'AMOUNT.INVALID'],
        [cashOut('abc'), 400, 'AMOUNT.INVALID'],
        [cashOut(1_000_000.01), 400, 'AMOUNT.INVALID'],
        [cashOut(5, 'BANK'), 400, 'WALLET.UNKNOWN'],
      ] as const) {
        const refused = await post(app, token, 'cash-out', payload);
        expect({ status: refused.statusCode, key: refused.json().messageKey }).toEqual({ status, key });
      }
      expect(await rowsOf(t(), msisdn)).toEqual(before);
    });

    it('lets exactly 10 of 50 parallel cash-outs through when winnings cover 10', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      const msisdn = '26650000502';
      const token = await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 500_00);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => post(app, token, 'cash-out', cashOut(50))),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 402)).toHaveLength(40);
      expect(sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(10);
      expect(await walletSummary(db.kysely, msisdn)).toMatchObject({
        totalAvailableAmount: 0,
        withdrawableAmount: 0,
        totalWithdrawnAmount: 500_00,
        currentlyWithheldAmount: 0,
      });
    });

    it('moves money once for a retried key', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      const msisdn = '26650000503';
      const token = await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 100_00);
      const key = crypto.randomUUID();
      const first = await post(app, token, 'cash-out', cashOut(40), key);
      const again = await post(app, token, 'cash-out', cashOut(40), key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
      expect((await walletSummary(db.kysely, msisdn)).totalAvailableAmount).toBe(60_00);
    });

    it('reverses the withheld amount when the provider fails', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      sim.failureRate = 1;
      const msisdn = '26650000504';
      const token = await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 100_00);
      const res = await post(app, token, 'cash-out', cashOut(25, 'MPESA', 'st'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ messageKey: 'CASHOUT.FAILED', status: 'FAILED' });
      expect(await walletSummary(db.kysely, msisdn)).toEqual({
        totalAvailableAmount: 100_00,
        withdrawableAmount: 100_00,
        totalWonAmount: 100_00,
        totalWithdrawnAmount: 0,
        currentlyWithheldAmount: 0,
      });
      const moves = await listMoves(db.kysely, msisdn);
      expect(moves.map((m) => [m.reason, m.amountCents])).toEqual([
        ['CASH_OUT_REVERSAL', 25_00],
        ['CASH_OUT', -25_00],
        ['PRIZE_WON', 100_00],
      ]);
      // Reconciliation finds nothing left to do.
      expect(await reconcile()).toMatchObject({ confirmed: 0, failed: 0 });
    });

    it('leaves a cash-out under processing when the provider never answers; reconciliation settles it once', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      sim.hang = true;
      const msisdn = '26650000505';
      const token = await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 100_00);
      const res = await post(app, token, 'cash-out', cashOut(60));
      expect(res.statusCode).toBe(200);
      const { reference } = res.json();
      expect(res.json()).toMatchObject({ messageKey: 'CASHOUT.PENDING', status: 'PENDING' });
      expect(res.json().message).toContain(reference);
      const info = (await get(app, token, 'fetch-wallet-info')).json();
      expect(info).toMatchObject({
        totalAvailableAmount: 40,
        currentlyWithheldAmount: 60,
        totalWithdrawnAmount: 0,
      });
      expect(info.pendingCashOuts).toEqual([
        expect.objectContaining({ reference, amount: 60, mobileWalletSid: 'MPESA' }),
      ]);

      sim.hang = false; // the provider is reachable again (its status endpoint answers)
      const runs = await Promise.all([reconcile(), reconcile()]);
      const again = await reconcile();
      expect(runs.concat(again).reduce((n, r) => n + r.confirmed, 0)).toBe(1);
      expect(sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
      expect(await walletSummary(db.kysely, msisdn)).toMatchObject({
        totalAvailableAmount: 40_00,
        totalWithdrawnAmount: 60_00,
        currentlyWithheldAmount: 0,
      });
      expect((await get(app, token, 'fetch-wallet-info')).json().pendingCashOuts).toEqual([]);
    });

    it('reverses a silent cash-out the provider declined, once, however many reconcilers run', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      sim.hang = true;
      sim.failureRate = 1;
      const msisdn = '26650000506';
      const token = await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 80_00);
      const res = await post(app, token, 'cash-out', cashOut(80));
      expect(res.json().status).toBe('PENDING');
      sim.hang = false;
      const runs = await Promise.all([reconcile(), reconcile(), reconcile()]);
      expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(1);
      expect(await walletSummary(db.kysely, msisdn)).toMatchObject({
        totalAvailableAmount: 80_00,
        withdrawableAmount: 80_00,
        currentlyWithheldAmount: 0,
      });
      const reversals = (await listMoves(db.kysely, msisdn)).filter((m) => m.reason === 'CASH_OUT_REVERSAL');
      expect(reversals).toHaveLength(1);
    });
  },
  { config: { mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: TIMEOUT_MS } } },
);
