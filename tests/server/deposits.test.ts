// Deposits by mobile money: 202 PENDING, then the provider's signed callback (or the status query when
// none comes) settles each deposit exactly once. Forged, repeated, reordered, late and wrong-amount
// callbacks change nothing (a wrong amount is flagged for the operator); bad input moves nothing.
import { expect, it } from 'vitest';
import { signCallback } from '../../server/providers/depositCallback.ts';
import { seedDemoAccounts } from '../../server/seed.ts';
import { listMoves, walletSummary } from '../../server/wallet/ledger.ts';
import { reconcileDeposits } from '../../server/wallet/reconcile.ts';
import {
  depositBody,
  getDeposit,
  paid,
  promptTaken,
  raw,
  resetDeposits,
  SECRET,
  sendCallback,
  settled,
  unpaid,
} from './depositFixtures.ts';
import { describeEachDb, signIn, type TestApp } from './helper.ts';
import { addSubscriber, get, tokenFor } from './playFixtures.ts';
import { emulatorsOf, post, simulatorOf } from './walletFixtures.ts';

const TIMEOUT_MS = 1500;

async function depositsRows(t: TestApp, msisdn: string) {
  const db = t.db.kysely;
  const [moves, deposits, keys] = await Promise.all([
    db.selectFrom('wallet_moves').selectAll().where('msisdn', '=', msisdn).execute(),
    db.selectFrom('deposits').selectAll().where('msisdn', '=', msisdn).execute(),
    db.selectFrom('idempotency_keys').selectAll().where('msisdn', '=', msisdn).execute(),
  ]);
  return { moves: moves.length, deposits: deposits.length, keys: keys.length };
}

/** Our ThirdPartyConversationID: the reference without separators and 16 hex of its hash. */
const CONVERSATION_ID = /^DP[0-9A-Z]{8}[0-9a-f]{16}$/;

describeEachDb(
  'deposits',
  (t) => {
    const reconcile = (minAgeMs = 0) =>
      reconcileDeposits(t().db.kysely, t().app.mobileMoney, { minAgeMs, timeoutMs: TIMEOUT_MS });

    /** A deposit whose callback the test sends by hand (the simulator's own is dropped). */
    async function manual(msisdn: string, amount = 25) {
      const { app } = t();
      // 'never': the simulator sends no callback of its own.
      resetDeposits(app, 'never');
      const token = await addSubscriber(t(), msisdn);
      const res = await post(app, token, 'deposit', depositBody(amount));
      // The prompt is answered in the background: switch back only once M-Pesa has taken it.
      await promptTaken(app, msisdn);
      resetDeposits(app, 'confirm');
      expect(res.statusCode).toBe(202);
      const view = (await getDeposit(app, token, res.json().depositId)).json();
      expect(view.providerRequestId).toEqual(expect.any(String));
      return { token, id: res.json().depositId as string, requestId: view.providerRequestId as string };
    }

    it('answers 202 PENDING, then credits the confirmed deposit once, withdrawable', async () => {
      const { app, db } = t();
      const sim = resetDeposits(app, 'confirm');
      const msisdn = '26650001301';
      const token = await addSubscriber(t(), msisdn, { walletCents: 10_00 });
      const key = crypto.randomUUID();
      const res = await post(app, token, 'deposit', depositBody('40.50'), key);
      expect(res.statusCode).toBe(202);
      const body = res.json();
      expect(body).toEqual({
        depositId: expect.any(String),
        reference: expect.stringMatching(/^DP-[0-9A-Z]{8}$/),
        status: 'PENDING',
        messageKey: 'DEPOSIT.PENDING',
      });
      const view = await settled(app, token, body.depositId);
      expect(view).toMatchObject({
        depositId: body.depositId,
        reference: body.reference,
        amount: 40.5,
        status: 'CONFIRMED',
        providerRequestId: expect.stringMatching(CONVERSATION_ID),
        providerReceipt: expect.stringMatching(/^[0-9A-Z]{10}$/),
      });
      // The same request again: the same deposit, no second prompt, no second credit.
      const again = await post(app, token, 'deposit', depositBody('40.50'), key);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(body);
      const prompts = emulatorsOf(app).mpesa.completed.filter((p) => p.kind === 'C2B' && p.msisdn === msisdn);
      expect(prompts).toHaveLength(1);
      const moves = (await listMoves(db.kysely, msisdn)).filter((m) => m.kind === 'DEPOSIT');
      expect(moves).toEqual([expect.objectContaining({ amountCents: 40_50, reason: 'DEPOSIT' })]);
      // Deposits are withdrawable; the operator credit is not.
      expect(await walletSummary(db.kysely, msisdn)).toMatchObject({
        totalAvailableAmount: 50_50,
        withdrawableAmount: 40_50,
      });
      const info = (await get(app, token, 'fetch-wallet-info')).json();
      expect(info.totalDepositedAmount).toBe(40.5);
      expect(info.deposits[0]).toMatchObject({ depositId: body.depositId, status: 'CONFIRMED' });
      // The statement's running balance: after the deposit, and after the credit before it.
      expect(
        info.walletMovesDto.map((m: { reason: string; balanceAfter: number }) => [m.reason, m.balanceAfter]),
      ).toEqual([
        ['DEPOSIT', 50.5],
        ['TEST_CREDIT', 10],
      ]);
    });

    it('refuses bad amounts, unknown wallets and a missing key, and writes nothing', async () => {
      const { app } = t();
      resetDeposits(app, 'confirm');
      const msisdn = '26650001302';
      const token = await addSubscriber(t(), msisdn);
      const before = await depositsRows(t(), msisdn);
      for (const [payload, status, key] of [
        [depositBody(0), 400, 'AMOUNT.INVALID'],
        [depositBody(-5), 400, 'AMOUNT.INVALID'],
        [depositBody('-5'), 400, 'AMOUNT.INVALID'],
        [depositBody(1_000_000.01), 400, 'AMOUNT.INVALID'],
        [depositBody(12.345), 400, 'AMOUNT.INVALID'],
        [depositBody('12.345'), 400, 'AMOUNT.INVALID'],
        [depositBody('ten'), 400, 'AMOUNT.INVALID'],
        [depositBody(5, 'BANK'), 400, 'WALLET.UNKNOWN'],
      ] as const) {
        const refused = await post(app, token, 'deposit', payload);
        expect({ status: refused.statusCode, key: refused.json().messageKey }).toEqual({ status, key });
      }
      expect((await post(app, token, 'deposit', depositBody(5), null)).statusCode).toBe(400);
      expect(await depositsRows(t(), msisdn)).toEqual(before);
    });

    it("shows a subscriber only their own deposits (another's is 404)", async () => {
      const { app } = t();
      const { id } = await manual('26650001303');
      const other = await addSubscriber(t(), '26650001304');
      const res = await getDeposit(app, other, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().messageKey).toBe('DEPOSIT.NOT_FOUND');
      expect((await getDeposit(app, other, 'no-such-id')).statusCode).toBe(404);
    });

    it('refuses forged, unsigned and tampered callbacks with 401 and changes nothing', async () => {
      const { app, db } = t();
      const msisdn = '26650001305';
      const { token, id, requestId } = await manual(msisdn);
      const good = raw(paid(requestId, 25_00));
      for (const [body, signature] of [
        [good, null],
        [good, 'nothex'],
        [good, signCallback('another-secret', good)],
        [raw(paid(requestId, 2500_00)), signCallback(SECRET, good)],
        [`${good} `, signCallback(SECRET, good)],
        [good, 'ab'.repeat(32)],
      ] as const) {
        const res = await sendCallback(app, body, signature);
        expect(res.statusCode).toBe(401);
        expect(res.json().messageKey).toBe('CALLBACK.SIGNATURE_INVALID');
      }
      expect((await getDeposit(app, token, id)).json().status).toBe('PENDING');
      expect(await walletSummary(db.kysely, msisdn)).toMatchObject({ totalAvailableAmount: 0 });
      // Signed but malformed: 400, nothing changes either.
      expect((await sendCallback(app, 'not json', signCallback(SECRET, 'not json'))).statusCode).toBe(400);
      expect((await sendCallback(app, '{"Body":{}}', signCallback(SECRET, '{"Body":{}}'))).statusCode).toBe(
        400,
      );
      expect((await getDeposit(app, token, id)).json().status).toBe('PENDING');
    });

    it('credits a repeated callback once; a later cancel or failure changes nothing', async () => {
      const { app, db } = t();
      const msisdn = '26650001306';
      const { token, id, requestId } = await manual(msisdn);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => sendCallback(app, raw(paid(requestId, 25_00)))),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      for (const code of [1032, 1037, 1]) {
        expect((await sendCallback(app, raw(unpaid(requestId, code)))).statusCode).toBe(200);
      }
      expect((await getDeposit(app, token, id)).json()).toMatchObject({ status: 'CONFIRMED' });
      expect((await listMoves(db.kysely, msisdn)).map((m) => m.amountCents)).toEqual([25_00]);
    });

    it.each([
      [1032, 'CANCELLED'],
      [1037, 'FAILED'],
      [2001, 'FAILED'],
    ])('settles result %i as %s, with nothing credited', async (code, status) => {
      const { app, db } = t();
      const msisdn = `2665000140${String(code).slice(-1)}`;
      const { token, id, requestId } = await manual(msisdn);
      expect((await sendCallback(app, raw(unpaid(requestId, code)))).statusCode).toBe(200);
      expect((await getDeposit(app, token, id)).json().status).toBe(status);
      expect(await listMoves(db.kysely, msisdn)).toEqual([]);
    });

    it('flags a payment reported after the deposit closed, and a wrong amount; credits neither', async () => {
      const { app, db, config, clock } = t();
      const late = await manual('26650001307');
      await sendCallback(app, raw(unpaid(late.requestId, 1032)));
      expect((await sendCallback(app, raw(paid(late.requestId, 25_00)))).statusCode).toBe(200);
      expect((await getDeposit(app, late.token, late.id)).json().status).toBe('CANCELLED');

      const wrong = await manual('26650001308');
      expect((await sendCallback(app, raw(paid(wrong.requestId, 2_500_00)))).statusCode).toBe(200);
      // Flagged: still pending to the subscriber, left out of reconciliation, and nothing credited
      // even when the right amount follows.
      await sendCallback(app, raw(paid(wrong.requestId, 25_00)));
      await reconcile();
      expect((await getDeposit(app, wrong.token, wrong.id)).json().status).toBe('PENDING');
      for (const msisdn of ['26650001307', '26650001308']) {
        expect(await listMoves(db.kysely, msisdn)).toEqual([]);
      }
      await seedDemoAccounts({ db, config, now: clock.now() });
      const admin = (await signIn(app, 'admin', 'admin1234')).access_token;
      const flagged = await app.inject({
        method: 'GET',
        url: '/api/admin/deposits/flagged',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(flagged.statusCode).toBe(200);
      expect(flagged.json()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ depositId: late.id, flag: 'PAID_AFTER_CLOSE', reportedAmount: 25 }),
          expect.objectContaining({ depositId: wrong.id, flag: 'AMOUNT_MISMATCH', reportedAmount: 2500 }),
        ]),
      );
      const subscriber = await app.inject({
        method: 'GET',
        url: '/api/admin/deposits/flagged',
        headers: { authorization: `Bearer ${wrong.token}` },
      });
      expect(subscriber.statusCode).toBe(403);
    });

    it('settles a deposit whose callback never comes through the status query, once', async () => {
      const { app, db } = t();
      resetDeposits(app, 'never');
      const msisdn = '26650001309';
      const token = await addSubscriber(t(), msisdn);
      const res = await post(app, token, 'deposit', depositBody(30));
      const id = res.json().depositId;
      await new Promise((r) => setTimeout(r, 50));
      expect((await getDeposit(app, token, id)).json().status).toBe('PENDING');
      // Too young for reconciliation: left alone. (The passes also see deposits earlier tests of this file
      // left pending, so what is checked is this deposit and this wallet, not the passes' totals.)
      await reconcile(60_000);
      expect((await getDeposit(app, token, id)).json().status).toBe('PENDING');
      expect(await listMoves(db.kysely, msisdn)).toEqual([]);
      expect((await reconcile()).confirmed).toBeGreaterThanOrEqual(1);
      await reconcile();
      const view = (await getDeposit(app, token, id)).json();
      expect(view.status).toBe('CONFIRMED');
      // The callback arriving late after all changes nothing.
      expect((await sendCallback(app, raw(paid(view.providerRequestId, 30_00)))).statusCode).toBe(200);
      expect((await listMoves(db.kysely, msisdn)).map((m) => m.amountCents)).toEqual([30_00]);
      resetDeposits(app, 'confirm');
    });

    it('keeps a deposit PENDING while the provider hangs or says pending; never fails it on a timeout', async () => {
      const { app, db } = t();
      const sim = resetDeposits(app, 'never');
      sim.hang = true;
      const msisdn = '26650001310';
      const token = await addSubscriber(t(), msisdn);
      const res = await post(app, token, 'deposit', depositBody(12));
      expect(res.statusCode).toBe(202);
      expect(res.json().status).toBe('PENDING');
      const id = res.json().depositId;
      // Our own ThirdPartyConversationID, known before M-Pesa answers (and reused on every retry).
      expect((await getDeposit(app, token, id)).json().providerRequestId).toMatch(CONVERSATION_ID);
      // The status query hangs too: still pending, nothing credited or failed.
      const hanging = simulatorOf(app).depositStatus;
      simulatorOf(app).depositStatus = () => new Promise(() => {});
      const quick = await reconcileDeposits(db.kysely, app.mobileMoney, { minAgeMs: 0, timeoutMs: 50 });
      simulatorOf(app).depositStatus = hanging;
      expect(quick).toMatchObject({ stillPending: expect.any(Number), confirmed: 0, failed: 0 });
      expect((await getDeposit(app, token, id)).json().status).toBe('PENDING');
      // The provider answers again: the status query credits it.
      sim.hang = false;
      expect((await reconcile()).confirmed).toBeGreaterThanOrEqual(1);
      expect((await getDeposit(app, token, id)).json()).toMatchObject({
        status: 'CONFIRMED',
        providerRequestId: expect.stringMatching(CONVERSATION_ID),
      });
      expect((await listMoves(db.kysely, msisdn)).map((m) => m.amountCents)).toEqual([12_00]);
      resetDeposits(app, 'confirm');
    });

    it('shows a cancelled prompt, a wrong PIN and an unanswered one (INS-9, then the query) with the reason', async () => {
      const { app } = t();
      for (const [outcome, status, failureReason, providerCode, msisdn] of [
        ['cancel', 'CANCELLED', 'DECLINED', 'INS-5', '26650001311'],
        ['wrongPin', 'FAILED', 'DECLINED', 'INS-6', '26650001314'],
      ] as const) {
        resetDeposits(app, 'confirm');
        emulatorsOf(app).mpesa.outcome = outcome;
        const token = await addSubscriber(t(), msisdn);
        const res = await post(app, token, 'deposit', depositBody(5));
        expect(await settled(app, token, res.json().depositId)).toMatchObject({
          status,
          failureReason,
          providerCode,
        });
      }
      // INS-9: M-Pesa could not tell in time. Never failed on that alone: the query says it expired.
      resetDeposits(app, 'timeout');
      const token = await addSubscriber(t(), '26650001312');
      const res = await post(app, token, 'deposit', depositBody(5));
      await promptTaken(app, '26650001312', 'Expired');
      expect((await getDeposit(app, token, res.json().depositId)).json().status).toBe('PENDING');
      await reconcile();
      expect((await getDeposit(app, token, res.json().depositId)).json()).toMatchObject({
        status: 'FAILED',
        failureReason: 'NOT_REACHED',
        providerCode: 'Expired',
      });
      resetDeposits(app, 'confirm');
    });

    it('tells a subscriber with too little on M-Pesa why the deposit failed (INS-2006)', async () => {
      const { app } = t();
      resetDeposits(app, 'confirm');
      const msisdn = '26650001315';
      emulatorsOf(app).mpesa.insufficient.add(msisdn);
      const token = await addSubscriber(t(), msisdn);
      const res = await post(app, token, 'deposit', depositBody(5));
      expect(await settled(app, token, res.json().depositId)).toMatchObject({
        status: 'FAILED',
        failureReason: 'INSUFFICIENT_FUNDS',
        providerCode: 'INS-2006',
      });
      expect(await listMoves(t().db.kysely, msisdn)).toEqual([]);
      emulatorsOf(app).mpesa.insufficient.delete(msisdn);
    });

    it('refuses deposits over the weekly deposit limit; lowering is immediate, raising waits a day', async () => {
      const { app, clock } = t();
      resetDeposits(app, 'confirm');
      const msisdn = '26650001313';
      const token = await addSubscriber(t(), msisdn);
      const setLimit = (weeklyDepositLimit: unknown) =>
        post(app, token, 'deposit-limit', { weeklyDepositLimit }, null);
      expect((await setLimit(100)).json()).toMatchObject({ weeklyDepositLimit: 100, depositedThisWeek: 0 });
      expect((await setLimit(1.234)).statusCode).toBe(400);
      expect((await post(app, token, 'deposit', depositBody(60))).statusCode).toBe(202);
      const refused = await post(app, token, 'deposit', depositBody(50));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messageKey).toBe('DEPOSIT.LIMIT_REACHED');
      // Parallel deposits cannot pass the limit together.
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => post(app, token, 'deposit', depositBody(10))),
      );
      expect(burst.filter((r) => r.statusCode === 202)).toHaveLength(4);
      const raised = (await setLimit(300)).json();
      expect(raised).toMatchObject({ weeklyDepositLimit: 100, pendingWeeklyDepositLimit: 300 });
      expect((await post(app, token, 'deposit', depositBody(50))).statusCode).toBe(403);
      clock.advance(24 * 3600 * 1000 + 1000);
      try {
        const later = await tokenFor(t(), msisdn);
        expect((await post(app, later, 'deposit', depositBody(50))).statusCode).toBe(202);
        const lowered = await post(app, later, 'deposit-limit', { weeklyDepositLimit: 0 }, null);
        expect(lowered.json()).toMatchObject({ weeklyDepositLimit: 0 });
        expect((await post(app, later, 'deposit', depositBody(1))).statusCode).toBe(403);
      } finally {
        clock.advance(-(24 * 3600 * 1000 + 1000));
      }
    });
  },
  { config: { mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: TIMEOUT_MS } } },
);
