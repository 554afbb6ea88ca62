// Several instances on one PostgreSQL database (DESIGN.md "Scaling out"): two apps, each with its own
// connection pool and its own pg-boss workers, started at once on a fresh schema. What one instance
// issued or stored, the other honours (an access token, a rotated refresh token, an Idempotency-Key
// sent to both at once); background work runs once however many instances are up (a closing-soon
// reminder, payment reconciliation). Then an instance killed (SIGKILL, a child process) in the middle of
// a settlement's push fan-out: another instance finishes it, and no notice recorded as sent goes twice.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import { type Db, openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { bossSchema } from '../../server/jobs/boss.ts';
import { type JobsTuning, QUEUES } from '../../server/jobs/index.ts';
import { topicOf } from '../../server/push/sender.ts';
import { saveWebSubscription } from '../../server/push/subscriptions.ts';
import { seedDemoAccounts } from '../../server/seed.ts';
import { listMoves, walletSummary } from '../../server/wallet/ledger.ts';
import { spawnServer } from '../support/serverProcess.ts';
import { sleep } from '../support/wait.ts';
import {
  backends,
  createClock,
  signIn,
  TEST_DATABASE_URL,
  type TestApp,
  type TestClock,
  testConfig,
  tokenRequest,
} from './helper.ts';
import { addSubscriber, body, get, picks, seedPlay, submit } from './playFixtures.ts';
import { browserSubscription } from './pushEndpoint.ts';
import { bigBetslip } from './settleFixtures.ts';
import { post, simulatorOf, win } from './walletFixtures.ts';

const onPostgres = backends.some((b) => b.name === 'PostgreSQL');

/** Short enough that nothing waits for a minute; the same for every instance (queues are shared). */
const TUNING: JobsTuning = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  expireInSeconds: 3,
  retryLimit: 3,
  retryDelay: 1,
  fanoutBatch: 2,
  stopTimeoutMs: 1000,
};

/** A push service that records what reaches it and, for the paths told, never answers. */
async function pushService() {
  const received: Array<{ path: string; topic: string | undefined }> = [];
  const holding = new Set<string>();
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, topic: req.headers.topic as string | undefined });
      if (holding.has(path)) held.push(res);
      else res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    holding,
    count: (path: string) => received.filter((r) => r.path === path).length,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
type PushService = Awaited<ReturnType<typeof pushService>>;

/** A fresh, migrated schema, and how to drop it with pg-boss's. */
async function freshSchema(prefix: string) {
  const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await openDb({ dataDir: '', databaseUrl: TEST_DATABASE_URL }, { schema });
  await migrate(db);
  const drop = async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS "${schema}_pgboss" CASCADE`);
    } finally {
      await client.end();
    }
  };
  return { schema, db, drop };
}

/** An instance: its own pool on `schema`, its own pg-boss, working jobs. */
async function instance(schema: string, config: Config, clock: TestClock): Promise<TestApp> {
  const db = await openDb(config, { schema });
  const app = await buildApp({ config, db, now: clock.now, jobs: { mode: 'work', tuning: TUNING } });
  return { app, db, clock, config };
}

async function close(...instances: Array<TestApp | undefined>) {
  for (const i of instances) {
    await i?.app.close();
    await i?.db.close();
  }
}

/** Rows of pg-boss's job table for `queue`. */
async function jobsOf(db: Db, queue: string) {
  const { rows } = await db.executeSql<{ state: string; singleton_on: Date | null }>(
    `SELECT state, singleton_on FROM ${await bossSchema(db)}.job WHERE name = $1`,
    [queue],
  );
  return rows;
}

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  let setup: Awaited<ReturnType<typeof freshSchema>>;
  let push: PushService;
  let a: TestApp;
  let b: TestApp;
  const clock = createClock();

  beforeAll(async () => {
    setup = await freshSchema('instances');
    push = await pushService();
    const config = testConfig({
      databaseUrl: TEST_DATABASE_URL,
      publicUrl: 'https://jackpot.example',
      vapid: webpush.generateVAPIDKeys(),
      reconcileIntervalMs: 1000,
      mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: 50 },
    });
    [a, b] = await Promise.all([
      instance(setup.schema, config, clock),
      instance(setup.schema, config, clock),
    ]);
    // Both start at once on an empty pg-boss schema: one installs it, neither fails.
    await Promise.all([a.app.ready(), b.app.ready()]);
  }, 60_000);

  afterAll(async () => {
    await close(a, b);
    await push?.close();
    await setup?.db.close();
    await setup?.drop();
  });

  it('honours on one instance the tokens the other issued, and refuses there a refresh token rotated here', async () => {
    const access = await addSubscriber(a, '26653000001');
    expect((await get(b.app, access, 'fetch-wallet-info')).statusCode).toBe(200);

    const first = await signIn(a.app, '26653000001', 'play1234');
    const rotated = await tokenRequest(a.app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(rotated.statusCode).toBe(200);
    const reused = await tokenRequest(b.app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    // Reuse revoked the family on every instance: the newest token is dead on the first one too.
    const newest = await tokenRequest(a.app, {
      grant_type: 'refresh_token',
      refresh_token: rotated.json().refresh_token,
    });
    expect(newest.statusCode).toBe(400);
  });

  it('charges once for one Idempotency-Key sent to both instances at once', async () => {
    await seedPlay(a);
    const sid = (
      await a.db.kysely
        .selectFrom('betslips')
        .select('sid')
        .where('status', '=', 'CURRENT')
        .executeTakeFirstOrThrow()
    ).sid;
    const msisdn = '26653000002';
    const token = await addSubscriber(a, msisdn, { walletCents: 10_00 });
    const key = crypto.randomUUID();
    const slip = body(sid, picks(), 2);
    const answers = await Promise.all([submit(a.app, token, slip, key), submit(b.app, token, slip, key)]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
    const replay = await submit(b.app, token, slip, key);
    expect(replay.statusCode).toBe(200);
    const accepted = answers.find((r) => r.statusCode === 200)!.json();
    expect(replay.json().submissionId).toBe(accepted.submissionId);
    const stakes = (await listMoves(a.db.kysely, msisdn)).filter((m) => m.reason !== 'TEST_CREDIT');
    expect(stakes).toHaveLength(1);
    expect((await walletSummary(b.db.kysely, msisdn)).totalAvailableAmount).toBe(8_00);
    const slips = await a.db.kysely
      .selectFrom('submissions')
      .select('id')
      .where('msisdn', '=', msisdn)
      .execute();
    expect(slips).toHaveLength(1);
  });

  it('sends each closing-soon reminder once with both instances checking and fanning out', async () => {
    await seedPlay(a);
    const { end_at, sid } = await a.db.kysely
      .selectFrom('betslips')
      .select(['sid', 'end_at'])
      .where('status', '=', 'CURRENT')
      .executeTakeFirstOrThrow();
    const paths: string[] = [];
    for (let i = 0; i < 6; i++) {
      const msisdn = `2665301000${i}`;
      await addSubscriber(a, msisdn);
      const path = `/remind/${msisdn}`;
      const sub = browserSubscription(`${push.url}${path}`);
      await saveWebSubscription(a.db.kysely, { ...sub.json, msisdn, lang: 'en' }, clock.now());
      paths.push(path);
    }
    const before = clock.now();
    try {
      clock.set(new Date(end_at.getTime() - 30 * 60_000));
      // Both instances' schedules fire at once: two checks, their batches shared by four workers.
      await Promise.all([a.app.jobs.send(QUEUES.remindersCheck), b.app.jobs.send(QUEUES.remindersCheck)]);
      await expect.poll(() => paths.map(push.count), { timeout: 20_000 }).toEqual(paths.map(() => 1));
      await sleep(1500);
      expect(paths.map(push.count)).toEqual(paths.map(() => 1));
    } finally {
      clock.set(before);
    }
    const topics = push.received.filter((r) => paths.includes(r.path)).map((r) => r.topic);
    expect(new Set(topics)).toEqual(new Set([topicOf(`closing-${sid}`)]));
    // The schedules themselves are stored once, whichever instance wrote them last.
    const schedules = await a.app.jobs.boss!.getSchedules();
    expect(schedules.map((s) => s.name).sort()).toEqual(
      [QUEUES.purge, QUEUES.remindersCheck, QUEUES.rollForward, QUEUES.standingPicks].sort(),
    );
  });

  it('reconciles once per interval, both instances sending it, and pays a pending cash-out once', async () => {
    const msisdn = '26653000003';
    const token = await addSubscriber(a, msisdn);
    await win(a, msisdn, 40_00);
    const simA = simulatorOf(a.app);
    simA.hang = true;
    const res = await post(a.app, token, 'cash-out', { lang: 'en', amount: 40, mobileWalletSid: 'MPESA' });
    expect(res.json().status).toBe('PENDING');
    simA.hang = false;
    await expect
      .poll(async () => (await walletSummary(b.db.kysely, msisdn)).currentlyWithheldAmount, {
        timeout: 20_000,
      })
      .toBe(0);
    expect(await walletSummary(a.db.kysely, msisdn)).toMatchObject({ totalWithdrawnAmount: 40_00 });
    // Paid by the request on A; reconciliation (on either instance) only asked what became of it.
    expect(simA.paid.filter((p) => p.msisdn === msisdn)).toHaveLength(1);
    expect(simulatorOf(b.app).paid.filter((p) => p.msisdn === msisdn)).toHaveLength(0);
    const moves = (await listMoves(a.db.kysely, msisdn)).map((m) => m.reason);
    expect(moves.filter((r) => r === 'CASH_OUT')).toHaveLength(1);
    expect(moves.filter((r) => r === 'CASH_OUT_REVERSAL')).toHaveLength(0);
    // Each one-second slot holds one payments-reconcile job, though both instances send one every second.
    const perSlot = new Map<number, number>();
    for (const job of await jobsOf(a.db, QUEUES.reconcile)) {
      const slot = job.singleton_on!.getTime();
      perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
    }
    expect(perSlot.size).toBeGreaterThanOrEqual(2);
    expect(Math.max(...perSlot.values())).toBe(1);
  });
});

describe.runIf(onPostgres)('an instance killed in the middle of a push fan-out', () => {
  let setup: Awaited<ReturnType<typeof freshSchema>>;
  let push: PushService;
  let survivor: TestApp | undefined;

  beforeAll(async () => {
    setup = await freshSchema('killed');
    push = await pushService();
  });

  afterAll(async () => {
    await close(survivor);
    await push?.close();
    await setup?.db.close();
    await setup?.drop();
  });

  it('is finished by another instance: nobody misses a notice, none marked sent goes twice', async () => {
    // Real time: the child instance runs on the real clock.
    const clock = createClock(new Date());
    const vapid = webpush.generateVAPIDKeys();
    const config = testConfig({ databaseUrl: TEST_DATABASE_URL, vapid, reconcileIntervalMs: 0 });
    const seeding: TestApp = { app: undefined as unknown as FastifyInstance, db: setup.db, clock, config };
    await seedDemoAccounts({ db: setup.db, config, now: clock.now() });
    const sid = 'J14-KILL-1';
    // 12 slips of 6 subscribers (26658000000–5), ended an hour ago, every result in: 3 batches of 2.
    await bigBetslip(seeding, sid, 12, 6);
    const participants = Array.from({ length: 6 }, (_, i) => `2665800000${i}`);
    const pathOf = (msisdn: string) => `/killed/${msisdn}`;
    for (const msisdn of participants) {
      const sub = browserSubscription(`${push.url}${pathOf(msisdn)}`);
      await saveWebSubscription(setup.db.kysely, { ...sub.json, msisdn, lang: 'en' }, clock.now());
    }
    // The push service never answers for this one: its batch stays in progress until the kill.
    const stuck = pathOf(participants[2]!);
    push.holding.add(stuck);

    const child = await spawnServer({
      script: 'tests/server/instanceProcess.ts',
      env: {
        DATABASE_URL: TEST_DATABASE_URL,
        TEST_SCHEMA: setup.schema,
        JOBS_TUNING: JSON.stringify(TUNING),
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        RECONCILE_INTERVAL_MS: '0',
        LOG_LEVEL: 'silent',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      },
    });
    let sentBeforeKill: string[] = [];
    try {
      const admin = await fetch(`${child.url}/auth/realms/commxp/protocol/openid-connect/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'admin1234' }),
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      const settled = await fetch(`${child.url}/api/admin/betslips/${sid}/settle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.access_token}` },
      });
      expect(settled.status).toBe(200);
      await expect.poll(() => push.count(stuck), { timeout: 20_000 }).toBe(1);
    } finally {
      await child.kill();
      sentBeforeKill = (
        await setup.db.kysely
          .selectFrom('push_notices')
          .select('msisdn')
          .where('betslip_sid', '=', sid)
          .where('sent_at', 'is not', null)
          .execute()
      ).map((r) => r.msisdn);
    }
    expect(sentBeforeKill).not.toContain(participants[2]);

    // The push service answers again; another instance comes up and finds the dead one's jobs.
    push.holding.clear();
    survivor = await instance(setup.schema, config, clock);
    await survivor.app.ready();
    const unsent = () =>
      setup.db.kysely
        .selectFrom('push_notices')
        .select('msisdn')
        .where('betslip_sid', '=', sid)
        .where('sent_at', 'is not', null)
        .execute()
        .then((rows) => rows.length);
    await expect.poll(unsent, { timeout: 30_000 }).toBe(participants.length);
    await expect
      .poll(async () => (await jobsOf(setup.db, QUEUES.pushFanout)).map((j) => j.state), { timeout: 15_000 })
      .toEqual(['completed', 'completed', 'completed']);

    for (const msisdn of participants) {
      const path = pathOf(msisdn);
      const got = push.received.filter((r) => r.path === path);
      // Nobody missed it; a notice recorded as sent before the kill was not sent again.
      expect(got.length, path).toBeGreaterThanOrEqual(1);
      if (sentBeforeKill.includes(msisdn)) expect(got.length, path).toBe(1);
      else expect(got.length, path).toBeLessThanOrEqual(2);
      // A notice sent again carries the same Topic: the push service keeps only the newer one.
      expect(new Set(got.map((r) => r.topic))).toEqual(new Set([topicOf(`results-${sid}`)]));
    }
    // The one cut off mid-delivery was sent again by the retry of the very job that claimed it.
    expect(push.count(stuck)).toBe(2);
  }, 120_000);
});

if (!onPostgres) {
  console.warn('PostgreSQL not reachable: tests/server/instances.test.ts was not run (it needs PostgreSQL)');
}
