// The public receipt look-up (DESIGN.md "Receipt look-up"): anyone, without signing in, learns that a
// reference belongs to an accepted slip (round, time, channel) and nothing about who played it or what
// they picked; an unknown reference is 404 RECEIPT.UNKNOWN, a malformed one a 400 with its own key, and
// one address is limited in how many it may try.
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { windowRemainingMs } from '../../server/identity/rateCounters.ts';
import { RECEIPT_LOOKUP_WINDOW_MS, RECEIPT_LOOKUPS_PER_ADDRESS } from '../../server/play/receiptLookup.ts';
import { recordSlip } from '../../server/play/receipts.ts';
import { describeEachDb, type TestApp } from './helper.ts';
import { addSubscriber, billingOf, body, get, picks, seedPlay, submit } from './playFixtures.ts';

const lookUp = (t: () => TestApp, reference: string, remoteAddress?: string) =>
  t().app.inject({
    method: 'GET',
    url: `/api/public/receipts/${encodeURIComponent(reference)}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describeEachDb('public receipt look-up', (t) => {
  let sid = '';
  let appSlip = { reference: '', createdAt: '' };
  let ussdReference = '';

  beforeAll(async () => {
    await seedPlay(t());
    billingOf(t().app).latencyMs = 0;
    const msisdn = '26650000701';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    sid = (await get(t().app, token, 'fetch-current-betslip')).json().sid;
    const paid = await submit(t().app, token, body(sid, picks({ 0: 12 }), 4), 'lookup-701');
    expect(paid.statusCode).toBe(200);
    appSlip = { reference: paid.json().receipt.reference, createdAt: t().clock.now().toISOString() };
    const ussd = await t()
      .db.kysely.transaction()
      .execute((trx) =>
        recordSlip(
          trx,
          t().app.receiptKey,
          {
            id: 'lookup-ussd',
            sid,
            msisdn: '26650000702',
            predictions: picks(),
            costCents: 200,
            paidFrom: 'WALLET',
            paymentRef: null,
            idempotencyKey: 'lookup-ussd',
            channel: 'USSD',
          },
          t().clock.now(),
        ),
      );
    ussdReference = ussd.reference;
  });

  // Every test starts in a fresh rate-limit window: the test clock stands still otherwise.
  beforeEach(() => {
    const { clock } = t();
    clock.advance(windowRemainingMs(clock.now(), RECEIPT_LOOKUP_WINDOW_MS));
  });

  it('answers a genuine reference without sign-in: round, time, channel, and no number or picks', async () => {
    const res = await lookUp(t, appSlip.reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reference: appSlip.reference,
      sid,
      createdAt: appSlip.createdAt,
      channel: 'APP',
      status: 'ACCEPTED',
    });
    expect(res.body).not.toContain('26650000701');
    expect(res.body).not.toContain('predictions');

    const ussd = await lookUp(t, ussdReference);
    expect(ussd.statusCode).toBe(200);
    expect(ussd.json()).toMatchObject({ reference: ussdReference, sid, channel: 'USSD' });
    expect(ussd.body).not.toContain('26650000702');
  });

  it('says 404 RECEIPT.UNKNOWN for a well-formed reference nobody was given', async () => {
    const unknown = appSlip.reference.endsWith('ZZZZZZ') ? `${sid}-YYYYYY` : `${sid}-ZZZZZZ`;
    const res = await lookUp(t, unknown);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, messageKey: 'RECEIPT.UNKNOWN' });
  });

  it('refuses a malformed reference with 400 RECEIPT.INVALID_REFERENCE, never a 500', async () => {
    for (const reference of [
      'J14-0004',
      `${appSlip.reference.toLowerCase()}x`,
      'J14-0004-NKSPO7',
      "'; DROP TABLE submissions; --",
      'a'.repeat(64),
      '%',
    ]) {
      const res = await lookUp(t, reference);
      expect(res.statusCode, reference).toBe(400);
      expect(res.json().messageKey, reference).toBe('RECEIPT.INVALID_REFERENCE');
    }
    const long = await lookUp(t, `${'A'.repeat(70)}-NKSPA7`);
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(long.json().messageKey).toMatch(/^[A-Z]+\.[A-Z_]+$/);
  });

  it(`refuses an address more than ${RECEIPT_LOOKUPS_PER_ADDRESS} look-ups a minute with 429, not others`, async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < RECEIPT_LOOKUPS_PER_ADDRESS; i++) {
      expect((await lookUp(t, appSlip.reference, address)).statusCode).toBe(200);
    }
    const refused = await lookUp(t, appSlip.reference, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messageKey).toBe('RECEIPT.TOO_MANY_LOOKUPS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address (another subscriber behind another network) is not held up.
    expect((await lookUp(t, appSlip.reference, '198.51.100.8')).statusCode).toBe(200);
    // The next window lets the first address in again.
    t().clock.advance(RECEIPT_LOOKUP_WINDOW_MS);
    expect((await lookUp(t, appSlip.reference, address)).statusCode).toBe(200);
  });
});
