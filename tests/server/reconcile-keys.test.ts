// Reconciliation and the request keys: a payment a retry is working on right now (a stake it charges, a
// cash-out or airtime purchase it asks the provider for again after taking a dead request's key over) is
// left to that retry, while the key of a request that died is freed at once. Found while writing the
// bank test (tests/server/bank.test.ts): a retry's key freed under it let a duplicate run beside it and
// answer 200 with a slip never written; and reconciliation could give a cash-out's money back ("never
// reached the provider") while the retry's payment of it went through.
import { expect, it } from 'vitest';
import { claimKey, requestHash } from '../../server/idempotency/idempotency.ts';
import { stakeReference } from '../../server/play/airtimeStakes.ts';
import { reconcileAirtimeStakes } from '../../server/play/reconcile.ts';
import { SUBMIT_ROUTE } from '../../server/play/submit.ts';
import type { ChargeRequest, ChargeResult } from '../../server/providers/operatorBilling.ts';
import { AIRTIME_ROUTE } from '../../server/wallet/airtime.ts';
import { startCashOut } from '../../server/wallet/cashOut.ts';
import { availableCents, postMove } from '../../server/wallet/ledger.ts';
import { CASH_OUT_ROUTE } from '../../server/wallet/payout.ts';
import { reconcileAirtimePurchases, reconcileCashOuts } from '../../server/wallet/reconcile.ts';
import { sleep, waitUntil } from '../support/wait.ts';
import { describeEachDb, type TestApp, testConfig } from './helper.ts';
import { addSubscriber, billingOf, body, get, picks, seedPlay, submit, tokenFor } from './playFixtures.ts';
import { post, resetSimulator, win } from './walletFixtures.ts';

/**
 * Holds every operator-billing charge until released. The first one never answers (silent operator), or
 * with `firstLands` reaches the operator when released, long after its request gave up (a slow network).
 */
function holdCharges(t: TestApp, { firstLands = false } = {}) {
  billingOf(t.app).latencyMs = 0;
  // The app's own billing adapter is held, as a slow carrier network would hold its calls.
  const billing = t.app.operatorBilling;
  const original = billing.charge.bind(billing);
  const gates: Array<() => void> = [];
  const landed: Array<Promise<ChargeResult>> = [];
  billing.charge = (request: ChargeRequest): Promise<ChargeResult> => {
    const n = gates.length;
    const answer = new Promise<void>((resolve) => gates.push(resolve)).then(() =>
      n === 0 && !firstLands ? new Promise<never>(() => {}) : original(request),
    );
    landed.push(answer);
    return answer;
  };
  return {
    async started(count: number) {
      await waitUntil(() => gates.length >= count, { what: `${count} held charges` });
    },
    release: (n: number) => gates[n]!(),
    /** Charge `n`'s answer from the operator. */
    landed: (n: number) => landed[n]!,
    restore: () => {
      billing.charge = original;
    },
  };
}

const reconcile = (t: TestApp) =>
  reconcileAirtimeStakes(t.app.reconcilerDeps.stakes, {
    now: t.clock.now(),
    minAgeMs: 5_000,
    timeoutMs: 1_000,
  });

const rowsOf = async (t: TestApp, msisdn: string) => ({
  slips: await t.db.kysely.selectFrom('submissions').select('id').where('msisdn', '=', msisdn).execute(),
  stakes: await t.db.kysely
    .selectFrom('airtime_stakes')
    .select(['status', 'submission_id'])
    .where('msisdn', '=', msisdn)
    .execute(),
});

describeEachDb(
  'reconciliation of airtime stakes and request keys',
  (t) => {
    it('leaves a stake a retry is charging to that retry: one attempt per key, one slip, one answer', async () => {
      await seedPlay(t());
      const { app, clock } = t();
      const msisdn = '26650000941';
      const token = await addSubscriber(t(), msisdn); // empty wallet: pays by airtime
      const sid = (await get(app, token, 'fetch-current-betslip')).json().sid;
      const charges = holdCharges(t());
      try {
        const slip = body(sid, picks(), 2);
        // The first attempt reserves the stake; the operator never answers its charge: 503.
        const first = submit(app, token, slip, 'K');
        await charges.started(1);
        expect((await first).statusCode).toBe(503);
        // Later, the client's retry charges the same intent, and reconciliation looks at it meanwhile.
        clock.advance(10_000);
        const retry = submit(app, token, slip, 'K');
        await charges.started(2);
        expect(await reconcile(t())).toEqual({ confirmed: 0, failed: 0, stillPending: 1 });
        // A duplicate of the request is told it is in progress; it does not run beside the retry.
        const duplicate = await submit(app, token, slip, 'K');
        expect(duplicate.json().messageKey).toBe('IDEMPOTENCY.IN_PROGRESS');
        charges.release(1);
        const accepted = await retry;
        expect(accepted.statusCode).toBe(200);
        const again = await submit(app, token, slip, 'K');
        expect(again.json().submissionId).toBe(accepted.json().submissionId);
        expect(await rowsOf(t(), msisdn)).toEqual({
          slips: [{ id: accepted.json().submissionId }],
          stakes: [{ status: 'CONFIRMED', submission_id: accepted.json().submissionId }],
        });
      } finally {
        charges.restore();
      }
    });

    it('frees the key of an attempt that stopped answering, and its late failure leaves the next one be', async () => {
      await seedPlay(t());
      const { app, clock } = t();
      const msisdn = '26650000942';
      const token = await addSubscriber(t(), msisdn);
      const sid = (await get(app, token, 'fetch-current-betslip')).json().sid;
      const charges = holdCharges(t());
      try {
        const slip = body(sid, picks(), 2);
        // An attempt stuck on its charge long enough to look dead (as one cut off by a crash would).
        const stuck = submit(app, token, slip, 'K2');
        await charges.started(1);
        clock.advance(10_000);
        expect(await reconcile(t())).toEqual({ confirmed: 0, failed: 1, stillPending: 0 });
        expect((await rowsOf(t(), msisdn)).stakes).toEqual([
          { status: 'RELEASED', submission_id: expect.any(String) },
        ]);
        // The retry is not kept waiting for the old claim: it runs (and charges) at once.
        await sleep(500);
        const retry = submit(app, token, slip, 'K2');
        await charges.started(2);
        // The stuck attempt gives up at last; its clean-up must not free the retry's claim.
        expect((await stuck).statusCode).toBe(503);
        const duplicate = await submit(app, token, slip, 'K2');
        expect(duplicate.json().messageKey).toBe('IDEMPOTENCY.IN_PROGRESS');
        charges.release(1);
        const accepted = await retry;
        expect(accepted.statusCode).toBe(200);
        expect(await rowsOf(t(), msisdn)).toEqual({
          slips: [{ id: accepted.json().submissionId }],
          stakes: [{ status: 'CONFIRMED', submission_id: accepted.json().submissionId }],
        });
      } finally {
        charges.restore();
      }
    });

    it('voids a stake it finds not charged: a charge still on its way is refused, the key pays anew', async () => {
      await seedPlay(t());
      const { app, clock } = t();
      const msisdn = '26650000943';
      const token = await addSubscriber(t(), msisdn);
      const sid = (await get(app, token, 'fetch-current-betslip')).json().sid;
      const charges = holdCharges(t(), { firstLands: true });
      const first = stakeReference(SUBMIT_ROUTE, msisdn, 'K3');
      try {
        const slip = body(sid, picks(), 2);
        // The attempt gives up on its charge (503); the charge itself is still on its way.
        const gaveUp = submit(app, token, slip, 'K3');
        await charges.started(1);
        expect((await gaveUp).statusCode).toBe(503);
        clock.advance(10_000);
        // The operator has not seen it: reconciliation voids the reference, then releases the stake.
        expect(await reconcile(t())).toEqual({ confirmed: 0, failed: 1, stillPending: 0 });
        // The charge lands at last, and is refused: the operator keeps nothing for a released stake.
        charges.release(0);
        expect(await charges.landed(0)).toMatchObject({ status: 'FAILED' });
        expect(await app.operatorBilling.status(first)).toEqual({ status: 'NOT_CHARGED' });
        // The subscriber's retry pays under a reference of its own.
        const retry = submit(app, token, slip, 'K3');
        await charges.started(2);
        charges.release(1);
        const accepted = await retry;
        expect(accepted.statusCode).toBe(200);
        const stakes = await t()
          .db.kysely.selectFrom('airtime_stakes')
          .select(['status', 'reference', 'submission_id'])
          .where('msisdn', '=', msisdn)
          .execute();
        expect(stakes).toEqual([
          {
            status: 'CONFIRMED',
            reference: expect.not.stringMatching(`^${first}$`),
            submission_id: accepted.json().submissionId,
          },
        ]);
        expect(await app.operatorBilling.status(stakes[0]!.reference)).toMatchObject({ status: 'CHARGED' });
      } finally {
        charges.restore();
      }
    });
  },
  { config: { mobileMoney: { ...testConfig().mobileMoney, timeoutMs: 1_000 } } },
);

/** Holds the mobile-money provider's payments (cash-outs, airtime) until released. */
function holdPayments(t: TestApp) {
  const sim = resetSimulator(t.app);
  const disburse = sim.disburse.bind(sim);
  const buy = sim.buyAirtime.bind(sim);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  sim.disburse = (request) => {
    calls++;
    return gate.then(() => disburse(request));
  };
  sim.buyAirtime = (request) => {
    calls++;
    return gate.then(() => buy(request));
  };
  return {
    sim,
    async started() {
      await waitUntil(() => calls >= 1, { what: 'the first call' });
    },
    release: () => release(),
    restore: () => {
      sim.disburse = disburse;
      sim.buyAirtime = buy;
    },
  };
}

describeEachDb(
  'reconciliation of payments whose request died, and the retry that takes the key over',
  (t) => {
    // After a crash the client's retry takes the dead request's key over once it is stale (30 s) and asks
    // the provider again: reconciliation, which may look at the payment at the same moment, must not
    // decide "never reached the provider" and give the money back while that retry's payment goes through.
    const crashed = async (
      route: string,
      msisdn: string,
      key: string,
      body: object,
      start: () => Promise<void>,
    ) => {
      const { db, clock } = t();
      expect(await claimKey(db.kysely, { msisdn, route, key }, requestHash(body), clock.now())).toEqual({
        kind: 'claimed',
      });
      await start();
    };

    it('leaves a cash-out a retry is paying to that retry: paid once, never also given back', async () => {
      const { app, db, clock } = t();
      const realNow = Date.now();
      clock.set(new Date(realNow)); // cash_outs.created_at is the database's clock
      const msisdn = '26650000951';
      await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 50_00);
      const body = { amount: 20, mobileWalletSid: 'MPESA' };
      await crashed(CASH_OUT_ROUTE, msisdn, 'CO1', body, async () => {
        const started = await startCashOut(db.kysely, {
          msisdn,
          amountCents: 20_00,
          mobileWalletSid: 'MPESA',
          idempotencyKey: 'CO1',
          serviceId: 'MPESA',
        });
        expect(started.ok).toBe(true);
      });
      const payments = holdPayments(t());
      try {
        clock.set(new Date(realNow + 60_000));
        const retry = post(app, await tokenFor(t(), msisdn), 'cash-out', body, 'CO1');
        await payments.started();
        const options = { now: clock.now(), minAgeMs: 30_000, timeoutMs: 1_000 };
        expect(await reconcileCashOuts(db.kysely, payments.sim.provider, options)).toEqual({
          confirmed: 0,
          failed: 0,
          stillPending: 1,
        });
        payments.release();
        expect((await retry).json()).toMatchObject({ messageKey: 'CASHOUT.CONFIRMED', status: 'CONFIRMED' });
        expect(payments.sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
        expect(await availableCents(db.kysely, msisdn)).toBe(30_00);
      } finally {
        payments.restore();
      }
    });

    it('leaves an airtime purchase a retry is buying to that retry: bought once, never also given back', async () => {
      const { app, db, clock } = t();
      const realNow = Date.now();
      clock.set(new Date(realNow));
      const msisdn = '26650000952';
      await addSubscriber(t(), msisdn, { walletCents: 20_00 });
      const body = { amount: 5, mobileWalletSid: 'MPESA' };
      await crashed(AIRTIME_ROUTE, msisdn, 'AP1', body, async () => {
        // What the request wrote before it died: the debit and the PENDING purchase, in one transaction.
        await db.kysely.transaction().execute(async (trx) => {
          await postMove(trx, {
            msisdn,
            amountCents: -5_00,
            kind: 'AIRTIME_PURCHASE',
            reason: 'AIRTIME_PURCHASE',
            serviceId: 'MPESA',
            idempotencyKey: 'airtime:AP1',
          });
          await trx
            .insertInto('airtime_purchases')
            .values({
              reference: `airtime:${msisdn}:AP1`,
              msisdn,
              idempotency_key: 'AP1',
              receiving_msisdn: msisdn,
              wallet_sid: 'MPESA',
              amount_cents: 5_00,
              status: 'PENDING',
              created_at: new Date(realNow),
            })
            .execute();
        });
      });
      const payments = holdPayments(t());
      try {
        clock.set(new Date(realNow + 60_000));
        const retry = post(app, await tokenFor(t(), msisdn), 'mobile-money-transaction', body, 'AP1');
        await payments.started();
        const options = { now: clock.now(), minAgeMs: 30_000, timeoutMs: 1_000 };
        expect(await reconcileAirtimePurchases(db.kysely, payments.sim.provider, options)).toEqual({
          confirmed: 0,
          failed: 0,
          stillPending: 1,
        });
        payments.release();
        expect((await retry).json()).toMatchObject({ messageKey: 'AIRTIME.SUCCESS', status: 'CONFIRMED' });
        expect(payments.sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
        expect(await availableCents(db.kysely, msisdn)).toBe(15_00);
      } finally {
        payments.restore();
      }
    });

    it('settles a payment whose request died and frees its key, so the retry answers at once', async () => {
      const { app, db, clock } = t();
      const realNow = Date.now();
      clock.set(new Date(realNow));
      const msisdn = '26650000953';
      await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 50_00);
      const body = { amount: 10, mobileWalletSid: 'MPESA' };
      await crashed(CASH_OUT_ROUTE, msisdn, 'CO2', body, async () => {
        await startCashOut(db.kysely, {
          msisdn,
          amountCents: 10_00,
          mobileWalletSid: 'MPESA',
          idempotencyKey: 'CO2',
          serviceId: 'MPESA',
        });
      });
      const sim = resetSimulator(app);
      // Twenty seconds later, past M-Pesa's read timeout (the wallet's 15 s): never heard of at M-Pesa, so
      // it never reached them, and the money goes back.
      clock.set(new Date(realNow + 20_000));
      const options = { now: clock.now(), minAgeMs: 5_000, timeoutMs: 1_000 };
      expect(await reconcileCashOuts(db.kysely, sim.provider, options)).toEqual({
        confirmed: 0,
        failed: 1,
        stillPending: 0,
      });
      expect(await availableCents(db.kysely, msisdn)).toBe(50_00);
      const retry = await post(app, await tokenFor(t(), msisdn), 'cash-out', body, 'CO2');
      expect(retry.json()).toMatchObject({ messageKey: 'CASHOUT.FAILED', status: 'FAILED' });
      expect(sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(0);
    });
  },
);
