// Standing picks ("Play the same picks next round"): the routes check and keep the choice; the pass the
// standing-picks job runs pays each subscriber once per new round through the app's own submission,
// however often it runs and even when two passes race; a refusal (no subscription, a pause, a limit, no
// money) is recorded and notified once, charges nothing and is not retried; a cancelled choice is not played.
import { beforeAll, expect, it } from 'vitest';
import { ensureDemoBetslip } from '../../server/demo/seedPlay.ts';
import { handlers, type JobContext } from '../../server/jobs/handlers.ts';
import { QUEUES } from '../../server/jobs/queues.ts';
import { playStandingPicks, standingKey } from '../../server/play/standingPicks.ts';
import { availableCents } from '../../server/wallet/ledger.ts';
import { describeEachDb, type TestApp } from './helper.ts';
import { addSubscriber, billingOf, get, picks, seedPlay, tokenFor } from './playFixtures.ts';

function call(t: TestApp, token: string, method: 'PUT' | 'DELETE' | 'POST', route: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/protected/${route}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

describeEachDb('standing picks', (t) => {
  const pass = () =>
    playStandingPicks({ submit: t().app.reconcilerDeps.stakes, notifier: t().app.push.notifier });
  const db = () => t().db.kysely;
  let reader = '';

  beforeAll(async () => {
    await seedPlay(t());
    billingOf(t().app).latencyMs = 0;
    reader = await addSubscriber(t(), '26650000700');
  });

  async function currentSid(): Promise<string> {
    reader = await tokenFor(t(), '26650000700');
    return (await get(t().app, reader, 'fetch-current-betslip')).json().sid;
  }

  /** Moves the clock past the current round and opens the next one; returns its sid. */
  async function nextRound(): Promise<string> {
    const res = await get(t().app, reader, 'fetch-current-betslip');
    const endsAt = Date.parse(res.json().endsAt);
    t().clock.set(new Date(endsAt + 1000));
    await ensureDemoBetslip(db(), t().clock.now());
    return currentSid();
  }

  const submissions = (msisdn: string, sid?: string) => {
    let q = db().selectFrom('submissions').selectAll().where('msisdn', '=', msisdn);
    if (sid) q = q.where('betslip_sid', '=', sid);
    return q.execute();
  };
  const playOf = (msisdn: string, sid: string) =>
    db()
      .selectFrom('standing_plays')
      .selectAll()
      .where('msisdn', '=', msisdn)
      .where('betslip_sid', '=', sid)
      .executeTakeFirst();
  const noticesOf = (msisdn: string) =>
    db().selectFrom('push_notices').select(['kind', 'betslip_sid']).where('msisdn', '=', msisdn).execute();

  it('PUT checks the picks against the current round; GET shows them; DELETE cancels', async () => {
    const token = await addSubscriber(t(), '26650000701', { walletCents: 100_00 });
    const empty = await get(t().app, token, 'standing-picks');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ standing: null, lastPlay: null });

    for (const [dtos, key] of [
      [picks().slice(0, 13), 'PICKS.INCOMPLETE'],
      [picks({ 2: 4 }), 'PICKS.INVALID'],
      [picks(Object.fromEntries(Array.from({ length: 14 }, (_, i) => [i, 123]))), 'PICKS.LIMITS'],
    ] as const) {
      const res = await call(t(), token, 'PUT', 'standing-picks', { positionAndPredictionDtos: dtos });
      expect({ status: res.statusCode, key: res.json().messageKey }).toEqual({ status: 400, key });
    }
    const malformed = await call(t(), token, 'PUT', 'standing-picks', { positionAndPredictionDtos: 'x' });
    expect(malformed.statusCode).toBe(400);
    const unauthenticated = await t().app.inject({ method: 'GET', url: '/api/protected/standing-picks' });
    expect(unauthenticated.statusCode).toBe(401);

    const sid = await currentSid();
    const set = await call(t(), token, 'PUT', 'standing-picks', {
      positionAndPredictionDtos: picks({ 0: 13 }),
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().standing).toMatchObject({ positionAndPredictionDtos: picks({ 0: 13 }), setInSid: sid });
    expect((await get(t().app, token, 'standing-picks')).json().standing.setInSid).toBe(sid);

    const del = await call(t(), token, 'DELETE', 'standing-picks');
    expect(del.statusCode).toBe(204);
    expect((await get(t().app, token, 'standing-picks')).json().standing).toBeNull();
  });

  it('is paid once in the next round, never in the round it was set in, even when passes race or repeat', async () => {
    const msisdn = '26650000702';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    // A double on the first match: M 2 × the demo fee per double, priced by the server on the new round.
    await call(t(), token, 'PUT', 'standing-picks', { positionAndPredictionDtos: picks({ 0: 13 }) });
    const setIn = await currentSid();
    await pass();
    expect(await submissions(msisdn, setIn)).toHaveLength(0);

    const sid = await nextRound();
    const before = await availableCents(db(), msisdn);
    await Promise.all([pass(), pass()]);
    await pass();
    const paid = await submissions(msisdn, sid);
    expect(paid).toHaveLength(1);
    const spent = before - (await availableCents(db(), msisdn));
    expect(spent).toBe(Number(paid[0]!.cost_cents));
    expect(spent).toBeGreaterThan(200);
    expect(await playOf(msisdn, sid)).toMatchObject({
      status: 'ACCEPTED',
      message_key: 'SUBMISSION.ACCEPTED',
    });
    expect(await noticesOf(msisdn)).toEqual([{ kind: 'STANDING_PLAYED', betslip_sid: sid }]);
    const view = (await get(t().app, await tokenFor(t(), msisdn), 'standing-picks')).json();
    expect(view.lastPlay).toMatchObject({ sid, status: 'ACCEPTED' });
    // The key is the round's: a replay through the route answers the same acceptance and pays nothing.
    expect(standingKey(sid)).toBe(`standing:${sid}`);
  });

  it('a refusal is recorded and notified once, charges nothing and is not retried', async () => {
    const cases = [
      { msisdn: '26650000711', key: 'SUBSCRIPTION.REQUIRED', wallet: 100_00, subscribed: false },
      { msisdn: '26650000712', key: 'PLAY.PAUSED', wallet: 100_00 },
      { msisdn: '26650000713', key: 'PLAY.LIMIT_REACHED', wallet: 100_00 },
      { msisdn: '26650000714', key: 'WALLET.INSUFFICIENT_FUNDS', wallet: 0 },
    ];
    for (const c of cases) {
      const token = await addSubscriber(t(), c.msisdn, { walletCents: c.wallet, subscribed: true });
      const set = await call(t(), token, 'PUT', 'standing-picks', { positionAndPredictionDtos: picks() });
      expect(set.statusCode).toBe(200);
      if (c.key === 'PLAY.PAUSED') await call(t(), token, 'POST', 'play-pause', { duration: '30d' });
      if (c.key === 'PLAY.LIMIT_REACHED') await call(t(), token, 'POST', 'play-limits', { weeklyLimit: 1 });
      if (c.key === 'WALLET.INSUFFICIENT_FUNDS') billingOf(t().app).insufficient.add(c.msisdn);
      if (c.subscribed === false) {
        await call(t(), token, 'POST', 'toggle-subscription', {
          enableSubscription: false,
          msisdn: c.msisdn,
        });
      }
    }
    const sid = await nextRound();
    const wallets = await Promise.all(cases.map((c) => availableCents(db(), c.msisdn)));
    const charges = billingOf(t().app).charges.length;
    await pass();
    await pass();
    for (const [i, c] of cases.entries()) {
      expect({ msisdn: c.msisdn, play: await playOf(c.msisdn, sid) }).toMatchObject({
        msisdn: c.msisdn,
        play: { status: 'REFUSED', message_key: c.key },
      });
      expect(await submissions(c.msisdn)).toHaveLength(0);
      expect(await availableCents(db(), c.msisdn)).toBe(wallets[i]);
      expect(await noticesOf(c.msisdn)).toEqual([{ kind: 'STANDING_REFUSED', betslip_sid: sid }]);
    }
    // The insufficient-airtime attempt was made once, not retried by the second pass.
    expect(billingOf(t().app).charges.length - charges).toBeLessThanOrEqual(1);
  });

  it('a cancelled choice is not played', async () => {
    const msisdn = '26650000721';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    await call(t(), token, 'PUT', 'standing-picks', { positionAndPredictionDtos: picks() });
    await call(t(), token, 'DELETE', 'standing-picks');
    const sid = await nextRound();
    await pass();
    expect(await playOf(msisdn, sid)).toBeUndefined();
    expect(await submissions(msisdn)).toHaveLength(0);
  });

  it('the standing-picks job runs the pass with the app submission and notifier', async () => {
    const msisdn = '26650000731';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    await call(t(), token, 'PUT', 'standing-picks', { positionAndPredictionDtos: picks() });
    const sid = await nextRound();
    const context = {
      db: db(),
      now: t().clock.now,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      notifier: t().app.push.notifier,
      reconciler: t().app.reconcilerDeps,
    } as unknown as JobContext;
    const job = { id: 'job-1', data: { queue: QUEUES.standingPicks } } as never;
    const report = await handlers[QUEUES.standingPicks](job, context);
    expect(report).toMatchObject({ sid });
    expect(await playOf(msisdn, sid)).toMatchObject({ status: 'ACCEPTED' });
    // Run again (a retry, or the next minute): nothing more is paid.
    await handlers[QUEUES.standingPicks](job, context);
    expect(await submissions(msisdn, sid)).toHaveLength(1);
  });
});
