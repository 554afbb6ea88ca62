// SMS commands over the real app: each inbound message (once per provider id) answered by SMS through
// the dev outbox, in the keyword's language; PLAY pays from the wallet through the app's submission
// code; and a slip sent both by the app's offline queue and as a fallback SMS is paid once, either order.
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { formatSmsPicks, slipCode } from '../../machines/rules/channelPicks.ts';
import { balance, inboundSms, openBetslip, outbox, priceOf, slipsOf } from './channelFixtures.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, body, picks, seedPlay } from './playFixtures.ts';

let ids = 0;
const newId = () => `ATXid_${++ids}_${Math.random().toString(36).slice(2)}`;

/** A queued slip's replay from the app (page or service worker): its key and the key's short code. */
function replay(app: FastifyInstance, token: string, payload: object, key: string, withCode = true) {
  return app.inject({
    method: 'POST',
    url: '/api/protected/submit-online-betslip',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': key,
      ...(withCode ? { 'slip-code': slipCode(key) } : {}),
    },
    payload,
  });
}

const ALL_ONES = '11111111111111';

describeEachDb('SMS commands', (t) => {
  it('answers HELP and unknown commands in the keyword’s language, and a stranger how to register', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650008801';
    await addSubscriber(tt, msisdn);
    for (const [text, expected] of [
      ['HELP', /^Jackpot 14 by SMS: PLAY/],
      ['thuso', /^Jackpot 14 ka SMS: BAPALA/],
      ['hello there', /^Taelo ena ha e tsejoe\. Jackpot 14 ka SMS/],
      ['x'.repeat(1500), /^Taelo ena ha e tsejoe/],
    ] as const) {
      const res = await inboundSms(tt.app, msisdn, text, newId());
      expect(res.statusCode).toBe(200);
      expect((await outbox(tt.app, msisdn))[0]).toMatch(expected);
    }
    await inboundSms(tt.app, '26650008899', 'PLAY QP', newId());
    expect((await outbox(tt.app, '26650008899'))[0]).toMatch(
      /^This number has no Jackpot 14 account.*\/register$/,
    );
    await inboundSms(tt.app, '26650008899', 'THUSO', newId());
    expect((await outbox(tt.app, '26650008899'))[0]).toMatch(/^Nomoro ena ha e na ak'haonte.*\/register$/);
  });

  it('plays PLAY with picks once per message id and replies with the price and reference', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650008802';
    await addSubscriber(tt, msisdn, { walletCents: 50_00 });
    const outcomes = ['1', '12', '3', ...'12312312312'.split('')];
    const price = await priceOf(tt, outcomes);
    const id = newId();
    await inboundSms(tt.app, msisdn, `PLAY ${formatSmsPicks(outcomes)}`, id);
    const [reply] = await outbox(tt.app, msisdn);
    expect(reply).toMatch(
      new RegExp(
        `^Jackpot 14: slip accepted, M ${(price / 100).toFixed(2)} paid from your wallet\\. Picks 1\\(12\\)312312312312\\. Reference: \\S+\\. Good luck!$`,
      ),
    );
    // The provider sends the same message again: nothing more is paid or sent.
    expect((await inboundSms(tt.app, msisdn, `PLAY ${formatSmsPicks(outcomes)}`, id)).statusCode).toBe(200);
    expect(await outbox(tt.app, msisdn)).toHaveLength(1);
    const slips = await slipsOf(tt, msisdn);
    expect(slips).toHaveLength(1);
    expect(slips[0]?.channel).toBe('SMS');
    expect(reply).toContain(`Reference: ${slips[0]?.reference}.`);
    expect(await balance(tt, msisdn)).toBe(50_00 - price);

    await inboundSms(tt.app, msisdn, 'bapala qp', newId());
    expect((await outbox(tt.app, msisdn))[0]).toMatch(
      /^Jackpot 14: slip e amohetsoe, M 2\.00 e lefuoe ka mokotla oa chelete\. Likhetho [123]{14}\. Tshupiso: /,
    );
    await inboundSms(tt.app, msisdn, 'BAL', newId());
    // (Moves carry the database's clock, not the test's.)
    expect((await outbox(tt.app, msisdn))[0]).toMatch(
      new RegExp(
        `^Chelete: M ${((50_00 - price - 200) / 100).toFixed(2)}\nE ntshoang: M 0.00\n-M 2.00 Slip \\d\\d/\\d\\d\n-M ${(price / 100).toFixed(2)} Slip \\d\\d/\\d\\d$`,
      ),
    );
    await inboundSms(tt.app, msisdn, 'RESULTS', newId());
    expect((await outbox(tt.app, msisdn))[0]).toMatch(
      // Both slips (accepted at the same test-clock time, so in either order).
      /^(\d\d\/\d\d [1-7]{14} open \S+-[2-9A-HJ-NP-Z]{6}\n?){2}$/,
    );
  });

  it('refuses with a short reason and charges nothing', async () => {
    const tt = t();
    await seedPlay(tt);
    const empty = '26650008803';
    await addSubscriber(tt, empty);
    await inboundSms(tt.app, empty, `PLAY ${ALL_ONES}`, newId());
    expect((await outbox(tt.app, empty))[0]).toBe(
      'Not enough money in your wallet. Top it up and try again. Nothing was charged.',
    );
    const rich = '26650008804';
    await addSubscriber(tt, rich, { walletCents: 50_00 });
    for (const [text, expected] of [
      ['PLAY 1111111', /^Pick all 14 matches\. Nothing was charged\./],
      ['PLAY 123(13)', /^Pick all 14 matches\./],
      [`PLAY ${'(123)'.repeat(14)}`, /^Too many multi-picks\. Nothing was charged\.$/],
      ['PLAY 12(45)', /^The picks are not valid\. Nothing was charged\./],
      ['BAPALA 99999999999999', /^Likhetho ha li nepahale\. Ha ua lefisoa letho\./],
    ] as const) {
      await inboundSms(tt.app, rich, text, newId());
      expect((await outbox(tt.app, rich))[0], text).toMatch(expected);
    }
    expect(await slipsOf(tt, rich)).toEqual([]);
    expect(await balance(tt, rich)).toBe(50_00);

    // A closed round.
    const { sid } = await openBetslip(tt);
    const back = tt.clock.now();
    const { end_at: endAt } = await tt.db.kysely
      .selectFrom('betslips')
      .select('end_at')
      .where('sid', '=', sid)
      .executeTakeFirstOrThrow();
    tt.clock.set(new Date(endAt.getTime() + 1000));
    try {
      await inboundSms(tt.app, rich, `PLAY ${ALL_ONES}`, newId());
      expect((await outbox(tt.app, rich))[0]).toBe('No round is open now. Please try again later.');
    } finally {
      tt.clock.set(back);
    }
    expect(await balance(tt, rich)).toBe(50_00);
  });

  it('accepts a slip once when the queued app request comes first and its SMS follows', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650008805';
    const token = await addSubscriber(tt, msisdn, { walletCents: 20_00 });
    const { sid } = await openBetslip(tt);
    const key = crypto.randomUUID();
    const app = await replay(tt.app, token, body(sid, picks(), 2), key);
    expect(app.statusCode).toBe(200);
    await inboundSms(tt.app, msisdn, `PLAY ${ALL_ONES} ${slipCode(key)}`, newId());
    const [reply] = await outbox(tt.app, msisdn);
    expect(reply).toMatch(/^Jackpot 14: slip accepted, M 2\.00 paid from your wallet\./);
    // The SMS tells the reference of the app's slip.
    expect(reply).toContain(`Reference: ${app.json().receipt.reference}.`);
    expect(await slipsOf(tt, msisdn)).toHaveLength(1);
    expect(await balance(tt, msisdn)).toBe(18_00);
    // The queue's next replay is the same answer too.
    const again = await replay(tt.app, token, body(sid, picks(), 2), key);
    expect(again.json().submissionId).toBe(app.json().submissionId);
    expect(await balance(tt, msisdn)).toBe(18_00);
  });

  it('accepts a slip once when its SMS comes first and the queued app request follows', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650008806';
    const token = await addSubscriber(tt, msisdn, { walletCents: 20_00 });
    const { sid } = await openBetslip(tt);
    const key = crypto.randomUUID();
    await inboundSms(tt.app, msisdn, `PLAY ${ALL_ONES} ${slipCode(key)}`, newId());
    expect((await outbox(tt.app, msisdn))[0]).toMatch(/^Jackpot 14: slip accepted/);
    const [slip] = await slipsOf(tt, msisdn);
    const app = await replay(tt.app, token, body(sid, picks(), 2), key);
    expect(app.statusCode).toBe(200);
    expect(app.headers['idempotent-replayed']).toBe('true');
    expect(app.json()).toMatchObject({
      messageKey: 'SUBMISSION.ACCEPTED',
      submissionId: slip?.id,
      amount: 2,
      receipt: { reference: slip?.reference },
    });
    expect(slip?.channel).toBe('SMS');
    expect(await slipsOf(tt, msisdn)).toHaveLength(1);
    expect(await balance(tt, msisdn)).toBe(18_00);
  });

  it('accepts a slip once when the app’s first try reached us unanswered and its SMS follows', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650008807';
    const token = await addSubscriber(tt, msisdn, { walletCents: 20_00 });
    const { sid } = await openBetslip(tt);
    const key = crypto.randomUUID();
    expect((await replay(tt.app, token, body(sid, picks(), 2), key, false)).statusCode).toBe(200);
    await inboundSms(tt.app, msisdn, `PLAY ${ALL_ONES} ${slipCode(key)}`, newId());
    expect((await outbox(tt.app, msisdn))[0]).toMatch(/^Jackpot 14: slip accepted/);
    expect(await slipsOf(tt, msisdn)).toHaveLength(1);
    expect(await balance(tt, msisdn)).toBe(18_00);
  });

  it('lets the app pay when the fallback SMS was refused (empty wallet), and only once', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650008808';
    const token = await addSubscriber(tt, msisdn);
    const { sid } = await openBetslip(tt);
    const key = crypto.randomUUID();
    await inboundSms(tt.app, msisdn, `PLAY ${ALL_ONES} ${slipCode(key)}`, newId());
    expect((await outbox(tt.app, msisdn))[0]).toMatch(/^Not enough money in your wallet/);
    // The app's replay pays by airtime (the demo operator billing), as any app slip may.
    const app = await replay(tt.app, token, body(sid, picks(), 2), key);
    expect(app.statusCode).toBe(200);
    expect(app.json().paidFrom).toBe('AIRTIME');
    await inboundSms(tt.app, msisdn, `PLAY ${ALL_ONES} ${slipCode(key)}`, newId());
    expect((await outbox(tt.app, msisdn))[0]).toMatch(/^Jackpot 14: slip accepted/);
    expect(await slipsOf(tt, msisdn)).toHaveLength(1);
  });
});

describeEachDb(
  'SMS gateway token',
  (t) => {
    it('refuses an inbound SMS without the gateway token and does nothing', async () => {
      const tt = t();
      await seedPlay(tt);
      const msisdn = '26650008820';
      await addSubscriber(tt, msisdn, { walletCents: 10_00 });
      const forged = await inboundSms(tt.app, msisdn, `PLAY ${ALL_ONES}`, 'forged');
      expect(forged.statusCode).toBe(403);
      expect(await outbox(tt.app, msisdn)).toEqual([]);
      expect(await balance(tt, msisdn)).toBe(10_00);
      expect((await inboundSms(tt.app, msisdn, 'BAL', 'real', '?token=gw-secret')).statusCode).toBe(200);
      expect((await outbox(tt.app, msisdn))[0]).toMatch(
        /^Chelete: M 10\.00\nE ntshoang: M 0\.00\n\+M 10\.00 Tlatseletso \d\d\/\d\d$/,
      );
    });
  },
  { config: { gatewayToken: 'gw-secret' } },
);
