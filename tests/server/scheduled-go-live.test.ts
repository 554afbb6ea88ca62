// A round published while another is open goes live when that one ends, not up to a minute later at the
// roll-forward's next cron run: the publish sends a rounds-roll-forward job due at the open round's end
// (or at the chosen go-live time when later), and the instance's workers are woken then. On the
// embedded database and on PostgreSQL, with the real job workers and real time (a few seconds).
import { expect, it } from 'vitest';
import { bossSchema } from '../../server/jobs/boss.ts';
import { QUEUES } from '../../server/jobs/queues.ts';
import { seedDemoAccounts } from '../../server/seed.ts';
import { roundBody } from '../support/rounds.ts';
import { describeEachDb, signIn, type TestApp } from './helper.ts';

const HOUR = 3_600_000;

/** Kick-offs from the close itself, a minute apart. */
const round = (sid: string, endAt: Date) => roundBody(sid, endAt, {}, { firstMs: 0, stepMs: 60_000 });

/** The roll-forward jobs with data for `sid`: when each may start and its state. */
async function goLiveJobs(t: TestApp, sid: string) {
  const schema = await bossSchema(t.db);
  const { rows } = await t.db.executeSql<{ id: string; state: string; start_after: Date | string }>(
    `SELECT id, state, start_after FROM ${schema}.job WHERE name = $1 AND data->>'sid' = $2`,
    [QUEUES.rollForward, sid],
  );
  return rows.map((r) => ({ ...r, start_after: new Date(r.start_after) }));
}

describeEachDb(
  'scheduled rounds go live on time, in order',
  (t) => {
    const statusOf = async (sid: string) =>
      (
        await t()
          .db.kysely.selectFrom('betslips')
          .select('status')
          .where('sid', '=', sid)
          .executeTakeFirstOrThrow()
      ).status;

    it('opens the scheduled round within moments of the open one ending, by a job due at that end', async () => {
      const { app, clock, db, config } = t();
      // Real time: the job falls due by the database's clock.
      clock.set(new Date());
      await seedDemoAccounts({ db, config, now: clock.now() });
      const token = (await signIn(app, 'admin', 'admin1234')).access_token;
      const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app.inject({
          method,
          url: `/api/admin${url}`,
          headers: { authorization: `Bearer ${token}` },
          ...(payload === undefined ? {} : { payload }),
        });

      const openEnds = new Date(Math.ceil((clock.now().getTime() + 3000) / 1000) * 1000);
      expect((await admin('POST', '/betslips', round('GL-OPEN', openEnds))).statusCode).toBe(201);
      expect((await admin('POST', '/betslips/GL-OPEN/publish')).json().status).toBe('CURRENT');
      // Nothing scheduled, nothing sent.
      expect(await goLiveJobs(t(), 'GL-OPEN')).toEqual([]);

      const nextEnds = new Date(openEnds.getTime() + HOUR);
      expect((await admin('POST', '/betslips', round('GL-NEXT', nextEnds))).statusCode).toBe(201);
      const published = await admin('POST', '/betslips/GL-NEXT/publish');
      expect(published.json()).toMatchObject({ status: 'SCHEDULED', after: 'GL-OPEN' });
      const [job] = await goLiveJobs(t(), 'GL-NEXT');
      expect(job?.start_after.getTime()).toBe(openEnds.getTime());
      expect(await statusOf('GL-NEXT')).toBe('SCHEDULED');

      // The open round ends (the app's clock follows): the job runs and the scheduled round goes live.
      clock.set(new Date(openEnds.getTime() + 1000));
      await expect.poll(() => statusOf('GL-NEXT'), { timeout: 15_000, interval: 200 }).toBe('CURRENT');
      // Within moments of the end (the workers poll every 10 s; the cron runs each minute).
      expect(Date.now() - openEnds.getTime()).toBeLessThan(5000);
      expect(await statusOf('GL-OPEN')).toBe('CLOSED');
      await expect
        .poll(async () => (await goLiveJobs(t(), 'GL-NEXT')).map((j) => j.state), { timeout: 10_000 })
        .toEqual(['completed']);
    });

    it('waits for a chosen go-live time later than the open round’s end', async () => {
      const { app, clock } = t();
      clock.set(new Date());
      const token = (await signIn(app, 'admin', 'admin1234')).access_token;
      const post = (url: string, payload?: object) =>
        app.inject({
          method: 'POST',
          url: `/api/admin${url}`,
          headers: { authorization: `Bearer ${token}` },
          ...(payload === undefined ? {} : { payload }),
        });
      const ends = new Date(clock.now().getTime() + 5 * HOUR);
      expect((await post('/betslips', round('GL-LATER', ends))).statusCode).toBe(201);
      const goLiveAt = new Date(clock.now().getTime() + 2 * HOUR);
      const res = await post('/betslips/GL-LATER/publish', { goLiveAt: goLiveAt.toISOString() });
      expect(res.json()).toMatchObject({ status: 'SCHEDULED', after: 'GL-NEXT' });
      const [job] = await goLiveJobs(t(), 'GL-LATER');
      // GL-NEXT ends an hour after GL-OPEN, within the first test's minutes: the chosen time is later.
      expect(job?.start_after.toISOString()).toBe(goLiveAt.toISOString());
    });
  },
  // Not demo: the roll-forward must not invent a round of its own around these.
  { config: { demo: false }, jobs: { mode: 'work', tuning: { stopTimeoutMs: 1000 } } },
);
