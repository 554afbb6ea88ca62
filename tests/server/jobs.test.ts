// Background work as pg-boss jobs on one instance, on the embedded database and on PostgreSQL: the
// closing-soon reminders and the settlement notices go out once, in batches; payments left pending are
// reconciled; old idempotency records are purged; the demo betslip rolls forward; a job that keeps
// failing is retried, then dead-lettered and logged. Timings are shortened (tuning) so nothing waits a
// minute for cron: each test sends the job its schedule would send.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bossSchema } from '../../server/jobs/boss.ts';
import { QUEUES } from '../../server/jobs/index.ts';
import { saveWebSubscription } from '../../server/push/subscriptions.ts';
import { seedDemoAccounts } from '../../server/seed.ts';
import { walletSummary } from '../../server/wallet/ledger.ts';
import { backends, buildTestApp, describeEachDb, signIn, type TestApp } from './helper.ts';
import { addSubscriber, body, picks, seedPlay, submit } from './playFixtures.ts';
import {
  type BrowserSubscription,
  browserSubscription,
  decryptPush,
  type PushEndpoint,
  startPushEndpoint,
} from './pushEndpoint.ts';
import { bigBetslip, POOLS } from './settleFixtures.ts';
import { post, resetSimulator, win } from './walletFixtures.ts';

let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(() => endpoint.close());

const DAY = 24 * 3600 * 1000;
let seq = 0;

/** Gives `msisdn` a browser subscription at a fresh endpoint path; returns how to read its pushes. */
async function subscribe(t: TestApp, msisdn: string) {
  const path = `/jobs/${msisdn}-${++seq}`;
  const sub = browserSubscription(`${endpoint.url}${path}`);
  await saveWebSubscription(t.db.kysely, { ...sub.json, msisdn, lang: 'en' }, t.clock.now());
  return () => pushesTo(path, sub);
}

const pushesTo = (path: string, sub: BrowserSubscription) =>
  endpoint.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(decryptPush(r.body, sub)) as { title: string; body: string; tag: string });

/** Rows of pg-boss's job table for `queue` (its schema is the app's, suffixed). */
async function jobsOf(t: TestApp, queue: string) {
  const schema = await bossSchema(t.db);
  const { rows } = await t.db.executeSql<{ id: string; state: string; retry_count: number; data: unknown }>(
    `SELECT id, state, retry_count, data FROM ${schema}.job WHERE name = $1 ORDER BY created_on`,
    [queue],
  );
  return rows;
}

describeEachDb(
  'jobs',
  (t) => {
    it('reminds, through reminders-check and push-fanout batches, each idle subscriber once', async () => {
      const { app, clock, db } = t();
      await seedPlay(t());
      const current = await db.kysely
        .selectFrom('betslips')
        .select(['sid', 'end_at'])
        .where('status', '=', 'CURRENT')
        .executeTakeFirstOrThrow();
      const idle = ['26651000001', '26651000002', '26651000003'];
      const inboxes: Array<Awaited<ReturnType<typeof subscribe>>> = [];
      for (const msisdn of idle) {
        await addSubscriber(t(), msisdn);
        inboxes.push(await subscribe(t(), msisdn));
      }
      const player = '26651000009';
      const token = await addSubscriber(t(), player, { walletCents: 10_000 });
      const played = await subscribe(t(), player);
      expect((await submit(app, token, body(current.sid, picks(), 2), crypto.randomUUID())).statusCode).toBe(
        200,
      );

      const before = clock.now();
      try {
        clock.set(new Date(current.end_at.getTime() - 30 * 60_000));
        // Two checks at once (two instances' schedules): each reminder still goes out once.
        await Promise.all([app.jobs.send(QUEUES.remindersCheck), app.jobs.send(QUEUES.remindersCheck)]);
        await expect
          .poll(() => inboxes.map((inbox) => inbox().length), { timeout: 15_000 })
          .toEqual([1, 1, 1]);
        // Batches of two (tuning): three subscribers made at least two push-fanout jobs.
        const batches = (await jobsOf(t(), QUEUES.pushFanout)).filter(
          (j) => (j.data as { kind?: string }).kind === 'CLOSING_SOON',
        );
        expect(batches.length).toBeGreaterThanOrEqual(2);
        await expect
          .poll(async () => (await jobsOf(t(), QUEUES.pushFanout)).every((j) => j.state === 'completed'), {
            timeout: 10_000,
          })
          .toBe(true);
      } finally {
        clock.set(before);
      }
      expect(inboxes.map((inbox) => inbox()[0]?.tag)).toEqual(idle.map(() => `closing-${current.sid}`));
      expect(played()).toEqual([]);
      const notices = await db.kysely
        .selectFrom('push_notices')
        .select(['msisdn', 'sent_at', 'job_id'])
        .where('kind', '=', 'CLOSING_SOON')
        .where('msisdn', 'in', idle)
        .execute();
      expect(notices).toHaveLength(3);
      expect(notices.every((n) => n.sent_at !== null && n.job_id !== null)).toBe(true);
    });

    it('notifies every participant of a settlement once, winnings summed over their slips', async () => {
      const { app, db } = t();
      const sid = 'J14-JOBS-1';
      // 9 slips of 3 subscribers (26658000000–2): every slip wins something (settleFixtures).
      await bigBetslip(t(), sid, 9, 3);
      const participants = ['26658000000', '26658000001', '26658000002'];
      const inboxes = await Promise.all(participants.map((m) => subscribe(t(), m)));
      await seedDemoAccounts({ db, config: t().config, now: t().clock.now() });
      const admin = (await signIn(app, 'admin', 'admin1234')).access_token;
      const settled = await app.inject({
        method: 'POST',
        url: `/api/admin/betslips/${sid}/settle`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(settled.statusCode, settled.body).toBe(200);
      // The notices job was committed with the settlement.
      expect(await jobsOf(t(), QUEUES.settlementNotices)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ sid }) }),
      ]);
      await expect.poll(() => inboxes.map((inbox) => inbox().length), { timeout: 15_000 }).toEqual([1, 1, 1]);
      // Subscriber 0 holds slips 0 (14 correct), 3 and 6 (the 7 tier, five winners share it).
      const jackpot = POOLS[14]! + 2 * Math.floor(POOLS[7]! / 5);
      expect(inboxes[0]!()[0]).toMatchObject({
        title: 'Jackpot 14: you won!',
        body: `JACKPOT: M ${(jackpot / 100).toFixed(2)} has been credited to your wallet.`,
        tag: `results-${sid}`,
      });
      // Settling again enqueues nothing and sends nothing more.
      const again = await app.inject({
        method: 'POST',
        url: `/api/admin/betslips/${sid}/settle`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(again.json()).toMatchObject({ settled: true, paid: 0 });
      await app.jobs.send(QUEUES.settlementNotices, { sid });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(inboxes.map((inbox) => inbox().length)).toEqual([1, 1, 1]);
      const unsent = await db.kysely
        .selectFrom('push_notices')
        .select('msisdn')
        .where('betslip_sid', '=', sid)
        .where('sent_at', 'is', null)
        .execute();
      expect(unsent).toEqual([]);
    });

    it('reconciles a cash-out left pending in the background, paying once', async () => {
      const { app, db } = t();
      const sim = resetSimulator(app);
      sim.hang = true;
      const msisdn = '26651000020';
      const token = await addSubscriber(t(), msisdn);
      await win(t(), msisdn, 30_00);
      const res = await post(app, token, 'cash-out', { lang: 'en', amount: 30, mobileWalletSid: 'MPESA' });
      expect(res.json().status).toBe('PENDING');
      sim.hang = false;
      // payments-reconcile runs every second (RECONCILE_INTERVAL_MS in this suite).
      await expect
        .poll(async () => (await walletSummary(db.kysely, msisdn)).currentlyWithheldAmount, {
          timeout: 15_000,
        })
        .toBe(0);
      expect(await walletSummary(db.kysely, msisdn)).toMatchObject({ totalWithdrawnAmount: 30_00 });
      expect(sim.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
    });

    it('purges idempotency records older than 7 days', async () => {
      const { app, clock, db } = t();
      const at = (ms: number) => new Date(clock.now().getTime() - ms);
      const record = (key: string, createdAt: Date) => ({
        msisdn: '26651000030',
        route: 'test',
        key,
        request_hash: 'h',
        status: 'DONE' as const,
        response_status: 200,
        response_body: '{}',
        locked_at: createdAt,
        created_at: createdAt,
      });
      await db.kysely
        .insertInto('idempotency_keys')
        .values([record('old', at(8 * DAY)), record('older', at(30 * DAY)), record('recent', at(6 * DAY))])
        .execute();
      await app.jobs.send(QUEUES.purge);
      const left = () =>
        db.kysely
          .selectFrom('idempotency_keys')
          .select('key')
          .where('msisdn', '=', '26651000030')
          .execute()
          .then((rows) => rows.map((r) => r.key));
      await expect.poll(left, { timeout: 15_000 }).toEqual(['recent']);
    });

    it('rolls the demo betslip forward once its end has passed', async () => {
      const { app, clock, db } = t();
      await seedPlay(t());
      const current = () =>
        db.kysely
          .selectFrom('betslips')
          .select(['sid', 'end_at'])
          .where('status', '=', 'CURRENT')
          .executeTakeFirst();
      const before = await current();
      const was = clock.now();
      try {
        clock.set(new Date(before!.end_at.getTime() + 60_000));
        await app.jobs.send(QUEUES.rollForward);
        await expect.poll(async () => (await current())?.sid, { timeout: 15_000 }).not.toBe(before!.sid);
        expect((await current())!.end_at.getTime()).toBeGreaterThan(clock.now().getTime());
      } finally {
        clock.set(was);
      }
    });

    it('retries a failing job with backoff, then dead-letters and logs it', async () => {
      const { app } = t();
      const logged = vi.spyOn(app.log, 'error');
      const id = await app.jobs.send(QUEUES.pushFanout, { kind: 'NOT-A-KIND', sid: 'x', msisdns: [] });
      expect(id).toBeTruthy();
      await expect
        .poll(async () => (await jobsOf(t(), QUEUES.pushFanout)).find((j) => j.id === id), {
          timeout: 20_000,
        })
        .toMatchObject({ state: 'failed', retry_count: 1 });
      await expect
        .poll(
          async () =>
            (await jobsOf(t(), QUEUES.dead)).filter(
              (j) => (j.data as { kind?: string }).kind === 'NOT-A-KIND',
            ),
          { timeout: 10_000 },
        )
        .toEqual([expect.objectContaining({ state: 'completed' })]);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ data: expect.objectContaining({ queue: QUEUES.pushFanout }) }),
        'job failed for good (dead-lettered)',
      );
      logged.mockRestore();
    });
  },
  {
    config: {
      reconcileIntervalMs: 1000,
      mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: 50 },
    },
    jobs: {
      mode: 'work',
      tuning: {
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
        retryLimit: 1,
        retryDelay: 1,
        fanoutBatch: 2,
        stopTimeoutMs: 1000,
      },
    },
  },
);

it('lets a job in progress finish when the app closes (graceful stop)', async () => {
  let started!: () => void;
  const sending = new Promise<void>((resolve) => {
    started = resolve;
  });
  let delivered = 0;
  const t = await buildTestApp(backends[0]!, {
    jobs: { mode: 'work', tuning: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 5000 } },
    pushSender: {
      async send() {
        started();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        delivered++;
        return 'delivered';
      },
    },
  });
  try {
    const msisdn = '26651000040';
    await subscribe(t, msisdn);
    const id = await t.app.jobs.send(QUEUES.pushFanout, {
      kind: 'SETTLED',
      sid: 'J14-STOP',
      msisdns: [msisdn],
    });
    await sending;
    await t.app.close();
    expect(delivered).toBe(1);
    const notice = await t.db.kysely
      .selectFrom('push_notices')
      .select('sent_at')
      .where('betslip_sid', '=', 'J14-STOP')
      .executeTakeFirstOrThrow();
    expect(notice.sent_at).not.toBeNull();
    expect((await jobsOf(t, QUEUES.pushFanout)).find((j) => j.id === id)).toMatchObject({
      state: 'completed',
    });
  } finally {
    await t.close();
  }
});
