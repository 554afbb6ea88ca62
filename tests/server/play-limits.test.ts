// Responsible play over the API: limits and pauses as the subscriber sets them, and submissions refused
// with PLAY.LIMIT_REACHED / PLAY.PAUSED (message keys, nothing paid).
import { expect, it } from 'vitest';
import { availableCents } from '../../server/wallet/ledger.ts';
import { describeEachDb, type TestApp } from './helper.ts';
import { addSubscriber, body, get, picks, seedPlay, submit, tokenFor } from './playFixtures.ts';
import { post } from './walletFixtures.ts';

const HOUR = 3600 * 1000;

describeEachDb('responsible play', (t) => {
  /** Submits the cheapest slip (M 2) on the current betslip with a fresh token. */
  async function play(tt: TestApp, msisdn: string) {
    const token = await tokenFor(tt, msisdn);
    const sid = (await get(tt.app, token, 'fetch-current-betslip')).json().sid;
    return submit(tt.app, token, body(sid, picks(), 2), crypto.randomUUID());
  }

  it('reports no limits by default and validates changes', async () => {
    const token = await addSubscriber(t(), '26650000701');
    const res = await get(t().app, token, 'play-limits');
    expect(res.json()).toEqual({
      weeklyLimit: null,
      pendingWeeklyLimit: null,
      pendingFrom: null,
      pausedUntil: null,
      spentThisWeek: 0,
      weeklyDepositLimit: null,
      pendingWeeklyDepositLimit: null,
      depositPendingFrom: null,
      depositedThisWeek: 0,
    });
    for (const payload of [{ weeklyLimit: -1 }, { weeklyLimit: '5' }, {}, { duration: '1h' }]) {
      const bad = await post(t().app, token, 'play-limits', payload);
      expect(bad.statusCode).toBe(400);
    }
    const cents = await post(t().app, token, 'play-limits', { weeklyLimit: 1.005 });
    expect(cents.json().messageKey).toBe('AMOUNT.INVALID');
    const pause = await post(t().app, token, 'play-pause', { duration: '1h' });
    expect(pause.json().messageKey).toBe('ERRORS.INVALID_REQUEST');
  });

  it('refuses stakes over the weekly limit; a raise applies only after 24 hours', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650000702';
    const token = await addSubscriber(tt, msisdn, { walletCents: 100_00 });
    const set = await post(tt.app, token, 'play-limits', { weeklyLimit: 5 });
    expect(set.json()).toMatchObject({ weeklyLimit: 5, pendingWeeklyLimit: null, pendingFrom: null });

    expect((await play(tt, msisdn)).statusCode).toBe(200);
    expect((await play(tt, msisdn)).statusCode).toBe(200);
    const over = await play(tt, msisdn);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ statusCode: 403, messageKey: 'PLAY.LIMIT_REACHED' });
    expect(await availableCents(tt.db.kysely, msisdn)).toBe(96_00);
    expect((await get(tt.app, token, 'play-limits')).json().spentThisWeek).toBe(4);

    const raised = await post(tt.app, await tokenFor(tt, msisdn), 'play-limits', { weeklyLimit: 10 });
    expect(raised.json()).toMatchObject({
      weeklyLimit: 5,
      pendingWeeklyLimit: 10,
      pendingFrom: new Date(tt.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    expect((await play(tt, msisdn)).json().messageKey).toBe('PLAY.LIMIT_REACHED');
    tt.clock.advance(23 * HOUR);
    expect((await play(tt, msisdn)).json().messageKey).toBe('PLAY.LIMIT_REACHED');
    tt.clock.advance(1 * HOUR);
    expect((await play(tt, msisdn)).statusCode).toBe(200);
    const now = (await get(tt.app, await tokenFor(tt, msisdn), 'play-limits')).json();
    expect(now).toMatchObject({
      weeklyLimit: 10,
      pendingWeeklyLimit: null,
      pendingFrom: null,
      spentThisWeek: 6,
    });

    // Lowering is immediate.
    await post(tt.app, await tokenFor(tt, msisdn), 'play-limits', { weeklyLimit: 6 });
    expect((await play(tt, msisdn)).json().messageKey).toBe('PLAY.LIMIT_REACHED');
    tt.clock.advance(-24 * HOUR);
  });

  it('lets parallel wallet stakes through only up to the limit', async () => {
    const tt = t();
    const msisdn = '26650000704';
    const token = await addSubscriber(tt, msisdn, { walletCents: 100_00 });
    await post(tt.app, token, 'play-limits', { weeklyLimit: 5 });
    const sid = (await get(tt.app, token, 'fetch-current-betslip')).json().sid;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submit(tt.app, token, body(sid, picks(), 2), crypto.randomUUID())),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.json().messageKey === 'PLAY.LIMIT_REACHED')).toHaveLength(8);
    expect(await availableCents(tt.db.kysely, msisdn)).toBe(96_00);
  });

  it('refuses every stake during a pause, which cannot be shortened', async () => {
    const tt = t();
    const msisdn = '26650000703';
    await addSubscriber(tt, msisdn, { walletCents: 100_00 });
    const paused = await post(tt.app, await tokenFor(tt, msisdn), 'play-pause', { duration: '7d' });
    const until = new Date(tt.clock.now().getTime() + 7 * 24 * HOUR).toISOString();
    expect(paused.json()).toMatchObject({ pausedUntil: until });
    const refused = await play(tt, msisdn);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messageKey).toBe('PLAY.PAUSED');
    const shorter = await post(tt.app, await tokenFor(tt, msisdn), 'play-pause', { duration: '24h' });
    expect(shorter.json().pausedUntil).toBe(until);
    tt.clock.advance(24 * HOUR + 1);
    expect((await play(tt, msisdn)).json().messageKey).toBe('PLAY.PAUSED');
    tt.clock.advance(6 * 24 * HOUR);
    expect((await play(tt, msisdn)).statusCode).toBe(200);
    expect((await get(tt.app, await tokenFor(tt, msisdn), 'play-limits')).json().pausedUntil).toBeNull();
    tt.clock.advance(-(7 * 24 * HOUR + 1));
  });
});
