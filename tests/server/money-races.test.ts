// Money under races and cut-off requests: a slip is accepted only while its betslip is open (a charge
// for one that arrives after the close is refunded), the weekly limit holds for parallel airtime
// stakes, and a stake or an airtime purchase whose request died is finished — never paid twice — by a
// retry with the same key or by reconciliation.
import { expect, it } from 'vitest';
import { claimKey, requestHash } from '../../server/idempotency/idempotency.ts';
import { settleBetslip } from '../../server/ops/settle.ts';
import { reconcileAirtimeStakes } from '../../server/play/reconcile.ts';
import { AIRTIME_ROUTE, startPurchase } from '../../server/wallet/airtime.ts';
import { availableCents, listMoves, postMove } from '../../server/wallet/ledger.ts';
import { reconcileAirtimePurchases } from '../../server/wallet/reconcile.ts';
import { sleep, waitUntil } from '../support/wait.ts';
import { describeEachDb, type TestApp, testConfig } from './helper.ts';
import { addSubscriber, billingOf, body, get, picks, seedPlay, submit, tokenFor } from './playFixtures.ts';
import { post, resetSimulator } from './walletFixtures.ts';

const stakeRow = (t: TestApp, msisdn: string) =>
  t.db.kysely.selectFrom('airtime_stakes').selectAll().where('msisdn', '=', msisdn).executeTakeFirst();
const submissionsOf = (t: TestApp, msisdn: string) =>
  t.db.kysely.selectFrom('submissions').selectAll().where('msisdn', '=', msisdn).execute();

/** A provider wait short enough that a 300 ms operator-billing call times out. */
const SHORT_WAIT = { config: { mobileMoney: { ...testConfig().mobileMoney, timeoutMs: 100 } } };

describeEachDb('money at the close of a betslip', (t) => {
  it('refunds an airtime charge that comes back after the betslip was settled, and pays only slips written before', async () => {
    await seedPlay(t());
    const { app, db, clock } = t();
    const early = '26650000901';
    const late = '26650000902';
    const earlyToken = await addSubscriber(t(), early, { walletCents: 10_00 });
    await addSubscriber(t(), late); // empty wallet: pays by airtime
    const betslip = (await get(app, earlyToken, 'fetch-current-betslip')).json();
    expect((await submit(app, earlyToken, body(betslip.sid, picks(), 2), 'early')).statusCode).toBe(200);

    const end = new Date(betslip.endsAt).getTime();
    clock.set(new Date(end - 150));
    const lateToken = await tokenFor(t(), late);
    billingOf(app).latencyMs = 300;
    const answer = submit(app, lateToken, body(betslip.sid, picks(), 2), 'late');
    // The late slip has reserved its stake and is waiting for operator billing.
    await waitUntil(async () => (await stakeRow(t(), late)) !== undefined, { what: "the late slip's stake" });
    await db.kysely
      .updateTable('matches')
      .set({ result: '1' })
      .where('betslip_sid', '=', betslip.sid)
      .execute();
    clock.set(new Date(end + 30));
    const settled = await settleBetslip(db.kysely, 'admin', betslip.sid, clock.now);
    expect(settled).toMatchObject({ ok: true, value: { settled: true, winners: 1 } });

    const res = await answer;
    billingOf(app).latencyMs = 0;
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('BETSLIP.CLOSED');
    expect(await submissionsOf(t(), late)).toEqual([]);
    expect(await listMoves(db.kysely, late)).toEqual([]);
    expect((await stakeRow(t(), late))?.status).toBe('REFUNDED');
    expect(billingOf(app).refunds).toEqual([expect.stringContaining(`:${late}:late`)]);
    // The retry is told the same, and nothing is charged again.
    const again = await submit(app, await tokenFor(t(), late), body(betslip.sid, picks(), 2), 'late');
    expect(again.json().messageKey).toBe('BETSLIP.CLOSED');
    expect(billingOf(app).charges.filter((c) => c.msisdn === late)).toHaveLength(1);
    // Every slip written for the betslip was settled.
    const unsettled = await db.kysely
      .selectFrom('submissions as s')
      .leftJoin('slip_results as r', 'r.submission_id', 's.id')
      .select('s.id')
      .where('s.betslip_sid', '=', betslip.sid)
      .where('r.correct_count', 'is', null)
      .execute();
    expect(unsettled).toEqual([]);
  });
});

describeEachDb('weekly limit and airtime stakes', (t) => {
  it('lets parallel airtime-paid slips through only up to the weekly limit', async () => {
    await seedPlay(t());
    const { app } = t();
    const msisdn = '26650000911';
    const token = await addSubscriber(t(), msisdn); // empty wallet
    expect((await post(app, token, 'play-limits', { weeklyLimit: 10 }, null)).statusCode).toBe(200);
    const sid = (await get(app, token, 'fetch-current-betslip')).json().sid;
    billingOf(app).latencyMs = 20;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(app, token, body(sid, picks(), 2), `limit-${i}`)),
    );
    billingOf(app).latencyMs = 0;
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c !== 200).every((c) => c === 403)).toBe(true);
    expect((await get(app, token, 'play-limits')).json().spentThisWeek).toBe(10);
    expect(billingOf(app).charges.filter((c) => c.msisdn === msisdn)).toHaveLength(5);
  });

  it('lets only one of two airtime-paid slips sent at the same moment through a limit of one slip', async () => {
    await seedPlay(t());
    const { app } = t();
    const msisdn = '26650000912';
    const token = await addSubscriber(t(), msisdn); // empty wallet
    expect((await post(app, token, 'play-limits', { weeklyLimit: 2 }, null)).statusCode).toBe(200);
    const sid = (await get(app, token, 'fetch-current-betslip')).json().sid;
    // The operator's answer is slow: both requests are inside the billing call at once.
    billingOf(app).latencyMs = 50;
    const answers = await Promise.all(
      ['pair-a', 'pair-b'].map((key) => submit(app, token, body(sid, picks(), 2), key)),
    );
    billingOf(app).latencyMs = 0;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((a) => a.statusCode === 403)?.json().messageKey).toBe('PLAY.LIMIT_REACHED');
    expect(billingOf(app).charges.filter((c) => c.msisdn === msisdn)).toHaveLength(1);
    expect((await get(app, token, 'play-limits')).json().spentThisWeek).toBe(2);
  });
});

describeEachDb(
  'airtime stakes cut off mid-request',
  (t) => {
    it('finishes a stake whose charge answered late on the retry, without paying it again from the wallet', async () => {
      await seedPlay(t());
      const { app, db } = t();
      const msisdn = '26650000921';
      const token = await addSubscriber(t(), msisdn);
      const sid = (await get(app, token, 'fetch-current-betslip')).json().sid;
      billingOf(app).latencyMs = 300;
      const first = await submit(app, token, body(sid, picks(), 2), 'slow');
      expect(first.statusCode).toBe(503);
      expect(first.json().messageKey).toBe('BILLING.UNAVAILABLE');
      // The operator did charge, after the request gave up waiting.
      await waitUntil(() => billingOf(app).charges.some((c) => c.msisdn === msisdn), {
        what: 'the late charge',
      });
      billingOf(app).latencyMs = 0;
      // Meanwhile the wallet was topped up: the retry must not pay a second time from it.
      await postMove(db.kysely, {
        msisdn,
        amountCents: 50_00,
        kind: 'OPERATOR_ADJUSTMENT',
        reason: 'TEST_CREDIT',
        serviceId: 'JACKPOT14',
        idempotencyKey: 'top-up',
      });
      const retry = await submit(app, token, body(sid, picks(), 2), 'slow');
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({ paidFrom: 'AIRTIME', amount: 2 });
      expect(await availableCents(db.kysely, msisdn)).toBe(50_00);
      expect(billingOf(app).charges.filter((c) => c.msisdn === msisdn)).toHaveLength(1);
      expect(await submissionsOf(t(), msisdn)).toHaveLength(1);
    });

    it('lets reconciliation write the slip of a charge whose request died, and release one never charged', async () => {
      const { app } = t();
      const charged = '26650000922';
      const failed = '26650000923';
      const chargedToken = await addSubscriber(t(), charged);
      const failedToken = await addSubscriber(t(), failed);
      const sid = (await get(app, chargedToken, 'fetch-current-betslip')).json().sid;
      billingOf(app).latencyMs = 300;
      billingOf(app).failureRate = 1; // this one never goes through at the operator
      expect((await submit(app, failedToken, body(sid, picks(), 2), 'died')).statusCode).toBe(503);
      // Nothing to poll: the refusal leaves no trace, and the failure rate must hold until it is made.
      await sleep(400);
      billingOf(app).failureRate = 0;
      expect((await submit(app, chargedToken, body(sid, picks(), 2), 'died')).statusCode).toBe(503);
      await waitUntil(() => billingOf(app).charges.some((c) => c.msisdn === charged), {
        what: 'the late charge',
      });
      billingOf(app).latencyMs = 0;
      expect((await stakeRow(t(), failed))?.status).toBe('RESERVED');
      // A reserved stake counts against the limits until it is released.
      expect((await get(app, failedToken, 'play-limits')).json().spentThisWeek).toBe(2);

      const options = { now: new Date(Date.now() + 60_000), minAgeMs: 30_000, timeoutMs: 1000 };
      const report = await reconcileAirtimeStakes(app.reconcilerDeps.stakes, options);
      expect(report).toEqual({ confirmed: 1, failed: 1, stillPending: 0 });
      expect((await stakeRow(t(), charged))?.status).toBe('CONFIRMED');
      expect(await submissionsOf(t(), charged)).toHaveLength(1);
      expect((await stakeRow(t(), failed))?.status).toBe('RELEASED');
      expect((await get(app, failedToken, 'play-limits')).json().spentThisWeek).toBe(0);
      // The retry with the same key gets the slip reconciliation wrote.
      const replay = await submit(app, chargedToken, body(sid, picks(), 2), 'died');
      expect(replay.json()).toMatchObject({
        messageKey: 'SUBMISSION.ACCEPTED',
        submissionId: (await submissionsOf(t(), charged))[0]?.id,
      });
      // A second pass finds nothing to do.
      expect(await reconcileAirtimeStakes(app.reconcilerDeps.stakes, options)).toEqual({
        confirmed: 0,
        failed: 0,
        stillPending: 0,
      });
    });
  },
  SHORT_WAIT,
);

describeEachDb('airtime purchases cut off mid-request', (t) => {
  /** What a killed request leaves: its claim, the debit and the PENDING purchase. */
  async function diedMidRequest(tt: TestApp, msisdn: string, key: string, amountCents: number) {
    const body = { amount: amountCents / 100, mobileWalletSid: 'MPESA' };
    const scope = { msisdn, route: AIRTIME_ROUTE, key };
    expect(await claimKey(tt.db.kysely, scope, requestHash(body), tt.clock.now())).toEqual({
      kind: 'claimed',
    });
    const deps = tt.app.reconcilerDeps;
    const order = { amountCents, receivingMsisdn: msisdn, walletSid: 'MPESA' };
    const now = () => new Date(Date.now() - 60_000);
    const purchase = await startPurchase(
      { db: deps.db, provider: deps.mobileMoney, timeoutMs: 100, now },
      msisdn,
      order,
      key,
    );
    return { body, purchase };
  }

  it('confirms a purchase the provider made and reverses one it never heard of; the key then answers', async () => {
    await seedPlay(t());
    const { app, db } = t();
    const sim = resetSimulator(app);
    const made = '26650000931';
    const lost = '26650000932';
    const madeToken = await addSubscriber(t(), made, { walletCents: 20_00 });
    const lostToken = await addSubscriber(t(), lost, { walletCents: 20_00 });
    const a = await diedMidRequest(t(), made, 'K1', 7_25);
    const b = await diedMidRequest(t(), lost, 'K2', 7_25);
    await sim.buyAirtime({ ...a.purchase, receivingMsisdn: made }); // it reached the provider before the crash
    expect(await availableCents(db.kysely, lost)).toBe(12_75);

    const stuck = await post(app, lostToken, 'mobile-money-transaction', b.body, 'K2');
    expect(stuck.json().messageKey).toBe('IDEMPOTENCY.IN_PROGRESS');

    const report = await reconcileAirtimePurchases(db.kysely, sim.provider, {
      minAgeMs: 30_000,
      timeoutMs: 1000,
    });
    expect(report).toEqual({ confirmed: 1, failed: 1, stillPending: 0 });
    expect(await availableCents(db.kysely, made)).toBe(12_75);
    expect(await availableCents(db.kysely, lost)).toBe(20_00);
    const madeAnswer = await post(app, madeToken, 'mobile-money-transaction', a.body, 'K1');
    expect(madeAnswer.json()).toMatchObject({ messageKey: 'AIRTIME.SUCCESS', status: 'CONFIRMED' });
    const lostAnswer = await post(app, lostToken, 'mobile-money-transaction', b.body, 'K2');
    expect(lostAnswer.json()).toMatchObject({ messageKey: 'AIRTIME.FAILED', status: 'FAILED' });
    expect(sim.paid.filter((p) => p.msisdn === made || p.msisdn === lost)).toHaveLength(1);
  });

  it('continues a purchase whose claim went stale instead of buying again', async () => {
    const { app, db, clock } = t();
    const sim = resetSimulator(app);
    const msisdn = '26650000933';
    const token = await addSubscriber(t(), msisdn, { walletCents: 20_00 });
    const { body } = await diedMidRequest(t(), msisdn, 'K3', 5_00);
    // The claim was made a minute ago by the dead request: stale, so this retry takes it over.
    await db.kysely
      .updateTable('idempotency_keys')
      .set({ locked_at: new Date(clock.now().getTime() - 60_000) })
      .where('key', '=', 'K3')
      .execute();
    const retry = await post(app, token, 'mobile-money-transaction', body, 'K3');
    expect(retry.json()).toMatchObject({ messageKey: 'AIRTIME.SUCCESS' });
    expect(await availableCents(db.kysely, msisdn)).toBe(15_00);
    expect(sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
  });
});
