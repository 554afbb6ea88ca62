// fetch-current-betslip from memory (server/play/currentBetslip.ts): the server clock still decides open
// or closed on every call, a change made on this instance is seen at once, and one made elsewhere (another
// instance, the ops CLI) within the cache's time to live, and a submission for it is taken meanwhile.
import { expect, it } from 'vitest';
import { createBetslip, publishBetslip } from '../../server/ops/betslipAdmin.ts';
import { CURRENT_BETSLIP_TTL_MS } from '../../server/play/currentBetslip.ts';
import { seedDemoAccounts } from '../../server/seed.ts';
import { roundBody } from '../support/rounds.ts';
import { sleep } from '../support/wait.ts';
import { describeEachDb, signIn, type TestApp } from './helper.ts';
import { addSubscriber, body, get, picks, seedPlay, submit, tokenFor } from './playFixtures.ts';

const HOUR = 3600 * 1000;

/** A 14-match betslip ending `hours` after the test clock, created as DRAFT straight in the database. */
async function draft(t: TestApp, sid: string, hours: number) {
  const endAt = new Date(t.clock.now().getTime() + hours * HOUR);
  const created = await createBetslip(
    t.db.kysely,
    'elsewhere',
    roundBody(sid, endAt, {}, { firstMs: HOUR, stepMs: HOUR }),
    t.clock.now(),
  );
  expect(created.ok).toBe(true);
}

/** The current round has just ended (a publish while it is open would only schedule the new one). */
async function endCurrent(t: TestApp) {
  await t.db.kysely
    .updateTable('betslips')
    .set({ end_at: new Date(t.clock.now().getTime() - 1000) })
    .where('status', '=', 'CURRENT')
    .execute();
}

/** Published as another instance (or the CLI) would, once the current round has ended: no event reaches this app. */
async function publishElsewhere(t: TestApp, sid: string) {
  await endCurrent(t);
  const published = await publishBetslip(t.db.kysely, 'elsewhere', sid, t.clock.now());
  expect(published.ok && published.value.status).toBe('CURRENT');
}

const sidOf = async (t: TestApp, token: string) => {
  const res = await get(t.app, token, 'fetch-current-betslip');
  return res.statusCode === 200 ? (res.json().sid as string) : res.statusCode;
};

describeEachDb('current betslip from memory, in order', (t) => {
  const msisdn = '26650000501';
  let token = '';

  it('never serves a cached betslip past its end: the server clock decides at each call', async () => {
    await seedPlay(t());
    token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    const first = (await get(t().app, token, 'fetch-current-betslip')).json();
    const endsAt = new Date(first.endsAt).getTime();
    t().clock.set(new Date(endsAt - 1));
    token = await tokenFor(t(), msisdn); // days later: a fresh token
    expect(await sidOf(t(), token)).toBe(first.sid);
    t().clock.set(new Date(endsAt));
    token = await tokenFor(t(), msisdn);
    // Demo mode rolls forward to the next betslip; the passed one is never offered again.
    const next = (await get(t().app, token, 'fetch-current-betslip')).json();
    expect(next.sid).not.toBe(first.sid);
    expect(new Date(next.endsAt).getTime()).toBeGreaterThan(endsAt);
  });

  it('takes a slip for a betslip another instance published a moment ago', async () => {
    token = await tokenFor(t(), msisdn);
    const before = await sidOf(t(), token);
    await draft(t(), 'CACHE-1', 24);
    await publishElsewhere(t(), 'CACHE-1');
    // This instance may still offer the old one for up to the time to live, but the new one is open:
    const res = await submit(t().app, token, body('CACHE-1', picks(), 2), 'cache-1');
    expect(res.statusCode).toBe(200);
    // …and the old one is closed, whatever this instance's memory says.
    const late = await submit(t().app, token, body(String(before), picks(), 2), 'cache-2');
    expect(late.json().messageKey).toBe('BETSLIP.CLOSED');
    expect(await sidOf(t(), token)).toBe('CACHE-1');
  });

  it('sees another instance’s publish within the time to live', async () => {
    await draft(t(), 'CACHE-2', 24);
    await publishElsewhere(t(), 'CACHE-2');
    await sleep(CURRENT_BETSLIP_TTL_MS + 50);
    expect(await sidOf(t(), token)).toBe('CACHE-2');
  });

  it('sees this instance’s publish at once', async () => {
    const { app, db, config, clock } = t();
    await seedDemoAccounts({ db, config, now: clock.now() });
    const admin = (await signIn(app, 'admin', 'admin1234')).access_token;
    expect(await sidOf(t(), token)).toBe('CACHE-2');
    await draft(t(), 'CACHE-3', 24);
    await endCurrent(t());
    const published = await app.inject({
      method: 'POST',
      url: '/api/admin/betslips/CACHE-3/publish',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(published.statusCode).toBe(200);
    expect(await sidOf(t(), token)).toBe('CACHE-3');
  });
});

describeEachDb(
  'current betslip from memory, outside demo mode',
  (t) => {
    it('answers 404 once the current betslip has passed, cached or not', async () => {
      await seedPlay(t());
      const first = (
        await get(t().app, await addSubscriber(t(), '26650000502'), 'fetch-current-betslip')
      ).json();
      t().clock.set(new Date(first.endsAt));
      const res = await get(t().app, await tokenFor(t(), '26650000502'), 'fetch-current-betslip');
      expect(res.statusCode).toBe(404);
      expect(res.json().messageKey).toBe('BETSLIP.NONE');
    });
  },
  { config: { demo: false } },
);
