// submit-online-betslip: every refusal with its message key, payment from the wallet or airtime,
// idempotent retries, and no 500 for any input.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { availableCents, listMoves } from '../../server/wallet/ledger.ts';
import { describeEachDb, type TestApp } from './helper.ts';
import { addSubscriber, billingOf, body, get, picks, seedPlay, submit, tokenFor } from './playFixtures.ts';
import { refusalBody } from './refusal.ts';
import { win } from './walletFixtures.ts';

const submissionsOf = (t: TestApp, msisdn: string) =>
  t.db.kysely.selectFrom('submissions').selectAll().where('msisdn', '=', msisdn).execute();

describeEachDb('submit-online-betslip', (t) => {
  let sid = '';
  const app = () => t().app;

  beforeAll(async () => {
    await seedPlay(t());
    billingOf(app()).latencyMs = 0;
    const reader = await addSubscriber(t(), '26650000100');
    sid = (await get(app(), reader, 'fetch-current-betslip')).json().sid;
  });

  it('refuses a subscriber without an active subscription (403)', async () => {
    const token = await addSubscriber(t(), '26650000101', { subscribed: false, walletCents: 100_00 });
    const res = await submit(app(), token, body(sid, picks(), 2), 'k-101');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refusalBody(403, 'Forbidden', 'SUBSCRIPTION.REQUIRED'));
  });

  it('tells a subscriber without a subscription so before judging the betslip, picks or price', async () => {
    const token = await addSubscriber(t(), '26650000199', { subscribed: false, walletCents: 100_00 });
    for (const [i, payload] of [
      body('J14-9999', picks(), 2),
      body('J14-0003', picks(), 2),
      body(sid, picks({ 3: 4 }), 2),
      body(sid, picks(), 3),
    ].entries()) {
      const res = await submit(app(), token, payload, `k-199-${i}`);
      expect({ i, status: res.statusCode, key: res.json().messageKey }).toEqual({
        i,
        status: 403,
        key: 'SUBSCRIPTION.REQUIRED',
      });
    }
  });

  /** The first `n` matches marked `prediction` (123 a triple, 13 a double). */
  const marks = (n: number, prediction: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [i, prediction]));

  it('refuses wrong betslips, broken picks and a wrong price with their keys', async () => {
    const msisdn = '26650000102';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    const cases: Array<[object, number, string]> = [
      [body('J14-9999', picks(), 2), 400, 'BETSLIP.NOT_CURRENT'],
      [body('J14-0003', picks(), 2), 409, 'BETSLIP.CLOSED'], // a past betslip (offline queue)
      [body(sid, picks({}, 13), 2), 400, 'PICKS.INCOMPLETE'],
      [body(sid, picks({ 3: 4 }), 2), 400, 'PICKS.INVALID'],
      [body(sid, picks({ 3: 11 }), 2), 400, 'PICKS.INVALID'],
      [body(sid, picks({ 3: 1234 }), 2), 400, 'PICKS.INVALID'],
      [body(sid, picks(marks(9, 123)), 2 * 3 ** 9), 400, 'PICKS.LIMITS'], // 9 triples > 8
      [body(sid, picks(marks(11, 13)), 2 * 2 ** 11), 400, 'PICKS.LIMITS'], // 11 doubles > 10
      [body(sid, picks(), 3), 409, 'PRICE.MISMATCH'],
      [body(sid, picks({ 0: 13 }), 2), 409, 'PRICE.MISMATCH'], // a double costs 4
    ];
    for (const [i, [payload, status, messageKey]] of cases.entries()) {
      const res = await submit(app(), token, payload, `k-102-${i}`);
      expect({ i, status: res.statusCode, key: res.json().messageKey }).toEqual({
        i,
        status,
        key: messageKey,
      });
    }
    expect(await availableCents(t().db.kysely, msisdn)).toBe(100_00);
    expect(await submissionsOf(t(), msisdn)).toHaveLength(0);
  });

  it('charges exactly the price to the wallet', async () => {
    const msisdn = '26650000103';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    // One double (×2) and one triple (×3): 2 × 2 × 3 = M 12.
    const res = await submit(app(), token, body(sid, picks({ 0: 13, 5: 123 }), 12), 'k-103');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: expect.any(String),
      messageKey: 'SUBMISSION.ACCEPTED',
      submissionId: expect.any(String),
      paidFrom: 'WALLET',
      amount: 12,
      receipt: { reference: expect.stringMatching(/^J14-\d{4}-[2-9A-HJ-NP-Z]{6}$/), jws: expect.any(String) },
    });
    expect(await availableCents(t().db.kysely, msisdn)).toBe(88_00);
    const [stored] = await submissionsOf(t(), msisdn);
    expect(stored).toMatchObject({ id: res.json().submissionId, betslip_sid: sid, paid_from: 'WALLET' });
    expect(Number(stored!.cost_cents)).toBe(12_00);
    const wallet = (await get(app(), token, 'fetch-wallet-info')).json();
    expect(wallet.walletMovesDto[0]).toMatchObject({
      amount: -12,
      reason: 'BETSLIP_STAKE',
      serviceId: 'JACKPOT14',
    });
  });

  it('replays the first answer for the same key and charges once; another body is 422', async () => {
    const msisdn = '26650000104';
    const token = await addSubscriber(t(), msisdn, { walletCents: 10_00 });
    const payload = body(sid, picks({ 2: 12 }), 4);
    const first = await submit(app(), token, payload, 'retry-me');
    const again = await submit(app(), token, payload, 'retry-me');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await availableCents(t().db.kysely, msisdn)).toBe(6_00);
    const other = await submit(app(), token, body(sid, picks({ 2: 13 }), 4), 'retry-me');
    expect(other.statusCode).toBe(422);
    expect(other.json().messageKey).toBe('IDEMPOTENCY.MISMATCH');
    expect(await submissionsOf(t(), msisdn)).toHaveLength(1);
  });

  it('answers 409 IDEMPOTENCY.IN_PROGRESS to a duplicate sent while the first is paying', async () => {
    const msisdn = '26650000105';
    const token = await addSubscriber(t(), msisdn); // empty wallet: pays by airtime, which is slow
    billingOf(app()).latencyMs = 200;
    try {
      const payload = body(sid, picks(), 2);
      const [a, b] = await Promise.all([
        submit(app(), token, payload, 'dup'),
        new Promise((r) => setTimeout(r, 50)).then(() => submit(app(), token, payload, 'dup')),
      ]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(409);
      expect(b.json().messageKey).toBe('IDEMPOTENCY.IN_PROGRESS');
      expect((await submit(app(), token, payload, 'dup')).body).toBe(a.body);
      expect(billingOf(app()).charges.filter((c) => c.msisdn === msisdn)).toHaveLength(1);
    } finally {
      billingOf(app()).latencyMs = 0;
    }
  });

  it('charges airtime when the wallet is too low, recording a zero-net pair in the ledger', async () => {
    const msisdn = '26650000106';
    const token = await addSubscriber(t(), msisdn, { walletCents: 1_00 });
    const res = await submit(app(), token, body(sid, picks(), 2), 'k-106');
    expect(res.json()).toMatchObject({ messageKey: 'SUBMISSION.ACCEPTED', paidFrom: 'AIRTIME', amount: 2 });
    const charged = billingOf(app()).charges.filter((c) => c.msisdn === msisdn);
    expect(charged.map((c) => Math.round(Number(c.amount) * 100))).toEqual([2_00]);
    expect(await availableCents(t().db.kysely, msisdn)).toBe(1_00);
    const kinds = (await listMoves(t().db.kysely, msisdn)).map((m) => [m.kind, m.amountCents]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['OPERATOR_BILLING', 2_00],
        ['STAKE', -2_00],
      ]),
    );
    const [stored] = await submissionsOf(t(), msisdn);
    expect(stored).toMatchObject({ paid_from: 'AIRTIME', payment_ref: expect.any(String) });
  });

  it('refuses with 402 when the wallet is empty and airtime insufficient, moving nothing', async () => {
    const msisdn = '26650000107';
    const token = await addSubscriber(t(), msisdn, { walletCents: 1_00 });
    billingOf(app()).insufficient.add(msisdn);
    const res = await submit(app(), token, body(sid, picks(), 2), 'k-107');
    expect(res.statusCode).toBe(402);
    expect(res.json().messageKey).toBe('WALLET.INSUFFICIENT_FUNDS');
    expect(await availableCents(t().db.kysely, msisdn)).toBe(1_00);
    expect(await listMoves(t().db.kysely, msisdn)).toHaveLength(1);
    expect(await submissionsOf(t(), msisdn)).toHaveLength(0);
  });

  it('does not keep a 402: after a top-up the same key pays from the wallet, once (top up and play)', async () => {
    const msisdn = '26650000117';
    const token = await addSubscriber(t(), msisdn, { walletCents: 50 });
    billingOf(app()).insufficient.add(msisdn);
    const short = await submit(app(), token, body(sid, picks(), 2), 'k-117');
    expect(short.statusCode).toBe(402);
    expect(short.json().messageKey).toBe('WALLET.INSUFFICIENT_FUNDS');
    const keys = () =>
      t().db.kysely.selectFrom('idempotency_keys').selectAll().where('msisdn', '=', msisdn).execute();
    expect(await keys()).toHaveLength(0);
    // The top-up lands (a deposit is a credit like this one); the same slip with the same key is paid.
    await win(t(), msisdn, 1_50);
    const paid = await submit(app(), token, body(sid, picks(), 2), 'k-117');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ messageKey: 'SUBMISSION.ACCEPTED', paidFrom: 'WALLET', amount: 2 });
    const again = await submit(app(), token, body(sid, picks(), 2), 'k-117');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(paid.json());
    expect(await availableCents(t().db.kysely, msisdn)).toBe(0);
    expect(await submissionsOf(t(), msisdn)).toHaveLength(1);
    billingOf(app()).insufficient.delete(msisdn);
  });

  it('answers 503 when billing is down and lets the same key succeed later', async () => {
    const msisdn = '26650000108';
    const token = await addSubscriber(t(), msisdn);
    const billing = billingOf(app());
    billing.failureRate = 1;
    const down = await submit(app(), token, body(sid, picks(), 2), 'k-108');
    billing.failureRate = 0;
    expect(down.statusCode).toBe(503);
    expect(down.json().messageKey).toBe('BILLING.UNAVAILABLE');
    const later = await submit(app(), token, body(sid, picks(), 2), 'k-108');
    expect(later.json()).toMatchObject({ paidFrom: 'AIRTIME' });
  });

  it('never overspends the wallet under parallel submissions', async () => {
    const msisdn = '26650000109';
    const token = await addSubscriber(t(), msisdn, { walletCents: 10_00 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => submit(app(), token, body(sid, picks(), 2), `par-${i}`)),
    );
    const paidFrom = results.map((r) => r.json().paidFrom);
    expect(paidFrom.filter((p) => p === 'WALLET')).toHaveLength(5);
    expect(paidFrom.filter((p) => p === 'AIRTIME')).toHaveLength(7);
    expect(await availableCents(t().db.kysely, msisdn)).toBe(0);
  });

  it('answers 400 to malformed requests, never 500', async () => {
    const token = await addSubscriber(t(), '26650000110', { walletCents: 10_00 });
    const valid = body(sid, picks(), 2);
    const malformed: Array<[object | string, string | undefined]> = [
      [valid, undefined], // no Idempotency-Key
      [valid, ''],
      [{ ...valid, betSlipCost: 'two' }, 'm1'],
      [{ ...valid, positionAndPredictionDtos: 'all home' }, 'm2'],
      [{ ...valid, positionAndPredictionDtos: [{ betSlipPosition: 0 }] }, 'm3'],
      [{ ...valid, positionAndPredictionDtos: [{ betSlipPosition: 1.5, prediction: 1 }] }, 'm4'],
      [{ ...valid, betSlipSid: null }, 'm5'],
      [{ ...valid, betSlipCost: -2 }, 'm6'],
      ['{"not json at all', 'm7'],
      [[], 'm8'],
    ];
    for (const [payload, key] of malformed) {
      const res = await submit(app(), token, payload as object, key);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().messageKey).toBe('ERRORS.INVALID_REQUEST');
    }
  });

  it('answers every generated submission with a 2xx or 4xx, and the wallet never goes negative', async () => {
    const msisdn = '26650000112';
    const token = await addSubscriber(t(), msisdn, { walletCents: 20_00 });
    const dto = fc.record({
      betSlipPosition: fc.oneof(fc.integer({ min: -2, max: 15 }), fc.double(), fc.string()),
      prediction: fc.oneof(fc.constantFrom(1, 2, 3, 12, 13, 23, 123, 321, 11, 4, 0, -1), fc.anything()),
    });
    const generated = fc.record(
      {
        msisdn: fc.anything(),
        lang: fc.oneof(fc.constantFrom('st', 'en'), fc.anything()),
        betSlipSid: fc.oneof(fc.constant(sid), fc.string(), fc.anything()),
        positionAndPredictionDtos: fc.oneof(
          fc.array(dto, { maxLength: 16 }),
          fc.constant(picks()),
          fc.anything(),
        ),
        betSlipCost: fc.oneof(fc.constantFrom(2, 4, 12, 0.1 + 1.9), fc.double(), fc.anything()),
      },
      { requiredKeys: [] },
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(generated, async (payload) => {
        const res = await submit(app(), token, payload, `fuzz-${n++}`);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.statusCode === 200 || typeof res.json().messageKey === 'string').toBe(true);
      }),
      { numRuns: 60 },
    );
    expect(await availableCents(t().db.kysely, msisdn)).toBeGreaterThanOrEqual(0);
  });
});

// Its own app: it moves the clock past the betslip's end, which the suite above must never see.
describeEachDb('submit-online-betslip after the close', (t) => {
  it('refuses a betslip past its end by the server clock (409 BETSLIP.CLOSED)', async () => {
    await seedPlay(t());
    const msisdn = '26650000111';
    await addSubscriber(t(), msisdn, { walletCents: 10_00 });
    const betslip = (await get(t().app, await tokenFor(t(), msisdn), 'fetch-current-betslip')).json();
    t().clock.set(new Date(new Date(betslip.endsAt).getTime() + 1));
    const res = await submit(t().app, await tokenFor(t(), msisdn), body(betslip.sid, picks(), 2), 'k-111');
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('BETSLIP.CLOSED');
    expect(await availableCents(t().db.kysely, msisdn)).toBe(10_00);
  });
});
