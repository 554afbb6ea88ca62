/**
 * Bench data: a migrated, demo-seeded database (embedded PGlite in a folder, or a throw-away PostgreSQL
 * database) plus `subscribers` funded, subscribed bench accounts and `stored` submissions with their stakes,
 * written with set-based SQL so 100k rows take seconds. Bench accounts sign in with BENCH_PASSWORD.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { type Db, openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPasswordHasher } from '../../server/identity/passwords.ts';
import { seedDemo } from '../../server/seed.ts';

export const BENCH_PASSWORD = 'bench1234';
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The i-th bench subscriber: 2665 9xx xxxx (Lesotho-shaped, outside the demo accounts). */
export const benchMsisdn = (i: number) => `2665${String(9_000_000 + i).padStart(7, '0')}`;

export interface BenchDatabase {
  name: 'PGlite' | 'PostgreSQL';
  /** Environment for server/main.ts to use this database. */
  env: Record<string, string>;
  open(): Promise<Db>;
  dispose(): Promise<void>;
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** An embedded database in a new temporary folder, or in `dataDir` (removed by dispose). */
export function embeddedDatabase(dataDir = mkdtempSync(join(tmpdir(), 'jackpot14-bench-'))): BenchDatabase {
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDb({ dataDir, databaseUrl: undefined }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the local PostgreSQL server, dropped afterwards. */
export async function postgresDatabase(): Promise<BenchDatabase> {
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'jackpot14-bench-pg-'));
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDb({ dataDir, databaseUrl: url.toString() }),
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * How often a stored bench pick is its match's bench result: 0.15 over 14 matches makes about 1.2 % of
 * slips reach 6 correct or more, so the winners to pay grow in step with the submissions (uniform picks
 * would make a third of them winners, and the demo pools would round most shares down to nothing).
 */
export const PICK_RIGHT = 0.15;

/** Gives every match of betslip `sid` its bench result: 1, 2, 3, 1, … in the order of the matches. */
export async function giveResults(db: Db, sid: string): Promise<void> {
  await sql`
    UPDATE matches AS m SET result = (1 + o.i % 3)::text
    FROM (SELECT position, row_number() OVER (ORDER BY position) - 1 AS i FROM matches WHERE betslip_sid = ${sid}) AS o
    WHERE m.betslip_sid = ${sid} AND m.position = o.position`.execute(db.kysely);
}

/** Makes a fresh bench database of one kind. */
export type DatabaseKind = () => Promise<BenchDatabase>;

/** The embedded database and, when reachable, PostgreSQL; `skipped` says what was left out and why. */
export async function databaseKinds(): Promise<{ kinds: DatabaseKind[]; skipped: string[] }> {
  const kinds: DatabaseKind[] = [async () => embeddedDatabase()];
  const skipped: string[] = [];
  if (await postgresReachable()) kinds.push(postgresDatabase);
  else skipped.push('PostgreSQL: not reachable at TEST_DATABASE_URL (not run)');
  return { kinds, skipped };
}

/**
 * Picks that make every even-numbered submission a winner (its first six picks are right) and no odd one
 * (its first nine are wrong), so half the submissions win: the shape of a betslip everyone got right.
 */
const HALF_WIN_PICK = sql`CASE
  WHEN j % 2 = 0 AND p < 6 THEN 1 + p % 3
  WHEN j % 2 = 1 AND p < 9 THEN 1 + (p + 1) % 3
  WHEN random() < ${PICK_RIGHT} THEN 1 + p % 3 ELSE 1 + (p + 1 + floor(random() * 2)::int) % 3 END`;

/**
 * Slips with systems (DESIGN.md "Systems and pick shares"), in a cycle of SYSTEMS_CYCLE submissions (by
 * j mod 40) whose winning rows are exactly half its submissions. Winners (c = j mod 40 from 0 to 6) have their first six picks right, so every one of their
 * rows wins: c = 0 an R-4-0-9 (triples at positions 6–9, 9 rows), 1 two doubles (6, 7: 4 rows), 2 a triple
 * (6: 3 rows), 3–6 plain slips: 20 winning rows per 40 slips. Losers (7–39) have their first nine picks
 * wrong and their doubles there hold the two wrong signs (a triple always holds the right one, so
 * triples only from position 9 on), so no row reaches six: 7–9 R-0-7-16 (doubles at 0–6), 10–12
 * R-4-0-9 (triples at 9–12), 13–14 R-3-3-24 (doubles at 0–2, triples at 9–11), 15–17 two doubles (0, 1),
 * 18 R-0-6-12 (doubles at 0–5), the rest plain. 15 slips of 40 are systems; 188 rows per 40 slips.
 */
export const SYSTEMS_CYCLE = 40;
const C = sql`(j % 40)`;
const RANDOM_PICK = sql`CASE WHEN random() < ${PICK_RIGHT} THEN 1 + p % 3 ELSE 1 + (p + 1 + floor(random() * 2)::int) % 3 END`;
/** The two wrong signs at position p as one prediction (23, 13 or 12: the result is 1 + p % 3). */
const WRONG_DOUBLE = sql`(CASE p % 3 WHEN 0 THEN 23 WHEN 1 THEN 13 ELSE 12 END)`;
const SYSTEMS_PICK = sql`CASE
  WHEN ${C} <= 6 AND p < 6 THEN 1 + p % 3
  WHEN ${C} = 0 AND p BETWEEN 6 AND 9 THEN 123
  WHEN ${C} = 1 AND p IN (6, 7) THEN 12
  WHEN ${C} = 2 AND p = 6 THEN 123
  WHEN ${C} <= 6 THEN ${RANDOM_PICK}
  WHEN ${C} BETWEEN 7 AND 9 AND p < 7 THEN ${WRONG_DOUBLE}
  WHEN ${C} BETWEEN 10 AND 12 AND p BETWEEN 9 AND 12 THEN 123
  WHEN ${C} IN (13, 14) AND p BETWEEN 9 AND 11 THEN 123
  WHEN ${C} IN (13, 14) AND p < 3 THEN ${WRONG_DOUBLE}
  WHEN ${C} BETWEEN 15 AND 17 AND p < 2 THEN ${WRONG_DOUBLE}
  WHEN ${C} = 18 AND p < 6 THEN ${WRONG_DOUBLE}
  WHEN p < 9 THEN 1 + (p + 1) % 3
  ELSE ${RANDOM_PICK} END`;
const SYSTEMS_ID = sql`CASE
  WHEN ${C} IN (0, 10, 11, 12) THEN 'R-4-0-9' WHEN ${C} BETWEEN 7 AND 9 THEN 'R-0-7-16'
  WHEN ${C} IN (13, 14) THEN 'R-3-3-24' WHEN ${C} = 18 THEN 'R-0-6-12' END`;
const SYSTEMS_ROWS = sql`CASE
  WHEN ${C} IN (0, 10, 11, 12) THEN 9 WHEN ${C} IN (1, 15, 16, 17) THEN 4 WHEN ${C} = 2 THEN 3
  WHEN ${C} BETWEEN 7 AND 9 THEN 16 WHEN ${C} IN (13, 14) THEN 24 WHEN ${C} = 18 THEN 12 ELSE 1 END`;
/** Winning rows and rows in all of `stored` submissions filled with `systems` (whole cycles or not). */
export function systemsMixRows(stored: number): { winningRows: number; rows: number; systemSlips: number } {
  const perSlip = (c: number) =>
    [0, 10, 11, 12].includes(c)
      ? 9
      : [1, 15, 16, 17].includes(c)
        ? 4
        : c === 2
          ? 3
          : c >= 7 && c <= 9
            ? 16
            : c === 13 || c === 14
              ? 24
              : c === 18
                ? 12
                : 1;
  let winningRows = 0;
  let rows = 0;
  let systemSlips = 0;
  for (let j = 0; j < stored; j++) {
    const c = j % SYSTEMS_CYCLE;
    const r = perSlip(c);
    rows += r;
    if (c <= 6) winningRows += r;
    if (r > 1) systemSlips++;
  }
  return { winningRows, rows, systemSlips };
}

/** Every tier of the current betslip pays M 100,000, so even 50k winners get a share of whole cents. */
async function bigPools(db: Db, sid: string): Promise<void> {
  await db.kysely.deleteFrom('prizes').where('betslip_sid', '=', sid).execute();
  await db.kysely
    .insertInto('prizes')
    .values([14, 13, 12, 7, 6].map((t) => ({ prize_type: t, amount_cents: 100_000_00, betslip_sid: sid })))
    .execute();
}

/**
 * Migrates, seeds the demo data and adds the bench subscribers and stored submissions. `halfWin` makes
 * half the stored submissions winners with big pools (see HALF_WIN_PICK), instead of about 1.2 %;
 * `systems` mixes in doubles, triples and reduced systems, with big pools, winning rows half the
 * submissions (see SYSTEMS_PICK).
 * `betslipEndsAt` moves the end of the current (demo) betslip, e.g. a few seconds into a run that must see
 * it close; `creditCents(i)` replaces the bench credit of subscriber i (0: an empty wallet); `extra` adds a
 * test's own rows before the database is closed.
 */
export async function fillDatabase(
  target: BenchDatabase,
  {
    subscribers,
    stored,
    halfWin = false,
    systems = false,
    betslipEndsAt,
    creditCents,
    extra,
  }: {
    subscribers: number;
    stored: number;
    halfWin?: boolean;
    systems?: boolean;
    betslipEndsAt?: Date;
    creditCents?: (i: number) => number;
    extra?: (db: Db) => Promise<void>;
  },
): Promise<void> {
  const db = await target.open();
  try {
    await migrate(db);
    const config = loadConfig({ ...process.env, ...target.env, LOG_LEVEL: 'silent' });
    await seedDemo(db, config);
    const hash = await createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }).hash(
      BENCH_PASSWORD,
    );
    const k = db.kysely;
    if (betslipEndsAt) {
      await k
        .updateTable('betslips')
        .set({ end_at: betslipEndsAt })
        .where('status', '=', 'CURRENT')
        .execute();
      // Its matches have kicked off already, so results may be entered while slips still arrive
      // (results before a kick-off are refused).
      await k
        .updateTable('matches')
        .set({ start_at: new Date() })
        .where('betslip_sid', 'in', k.selectFrom('betslips').select('sid').where('status', '=', 'CURRENT'))
        .execute();
    }
    const n = Math.max(subscribers, 1);
    const msisdn = sql`'2665' || lpad((9000000 + i)::text, 7, '0')`;
    await sql`
      INSERT INTO users (id, username, msisdn, password_hash, roles)
      SELECT 'bench-' || i, ${msisdn}, ${msisdn}, ${hash}, ARRAY['commxp-user']
      FROM generate_series(0, ${n - 1}) AS i`.execute(k);
    await sql`
      INSERT INTO subscriptions (msisdn, service, enabled)
      SELECT ${msisdn}, 'JACKPOT14', true FROM generate_series(0, ${n - 1}) AS i`.execute(k);
    await sql`INSERT INTO wallets (msisdn) SELECT ${msisdn} FROM generate_series(0, ${n - 1}) AS i`.execute(
      k,
    );
    if (creditCents) {
      const credits = Array.from({ length: n }, (_, i) => ({
        msisdn: benchMsisdn(i),
        cents: creditCents(i),
      }));
      const funded = credits.filter((c) => c.cents > 0);
      if (funded.length > 0) {
        await k
          .insertInto('wallet_moves')
          .values(
            funded.map((c) => ({
              msisdn: c.msisdn,
              amount_cents: c.cents,
              kind: 'OPERATOR_ADJUSTMENT' as const,
              reason: 'BENCH_CREDIT',
              service_id: 'BENCH',
              idempotency_key: 'bench-credit',
            })),
          )
          .execute();
      }
    } else {
      await sql`
        INSERT INTO wallet_moves (msisdn, amount_cents, kind, reason, service_id, idempotency_key)
        SELECT ${msisdn}, 100000000, 'OPERATOR_ADJUSTMENT', 'BENCH_CREDIT', 'BENCH', 'bench-credit'
        FROM generate_series(0, ${n - 1}) AS i`.execute(k);
    }
    if (stored > 0) {
      const betslip = await k
        .selectFrom('betslips')
        .select(['sid', 'params'])
        .where('status', '=', 'CURRENT')
        .executeTakeFirstOrThrow();
      const params = typeof betslip.params === 'string' ? JSON.parse(betslip.params) : betslip.params;
      const cost = Math.round(params.defaultBetslipPrice * 100);
      const pick = systems ? SYSTEMS_PICK : halfWin ? HALF_WIN_PICK : RANDOM_PICK;
      if (halfWin || systems) await bigPools(db, betslip.sid);
      // At fees 2 and 3 a slip costs the base price per row, a reduced one as a full one.
      const systemId = systems ? SYSTEMS_ID : sql`NULL`;
      const rows = systems ? SYSTEMS_ROWS : sql`1`;
      // Submission j belongs to subscriber j mod n; single picks drawn at random, each one the bench
      // result of its match (see giveResults) with chance PICK_RIGHT, so a fixed share of slips wins.
      await sql`
        INSERT INTO submissions (id, betslip_sid, msisdn, predictions, system_id, rows, cost_cents, paid_from,
          idempotency_key, reference, jws)
        SELECT 'bench-sub-' || j, ${betslip.sid}, '2665' || lpad((9000000 + j % ${n})::text, 7, '0'),
          (SELECT jsonb_agg(jsonb_build_object('betSlipPosition', p, 'prediction', ${pick}))
             FROM generate_series(0, 13) AS p WHERE j >= 0),
          ${systemId}, ${rows}, ${cost}::bigint * ${rows}, 'WALLET', 'bench-' || j,
          -- A reference and a stand-in receipt: without them the server signs every stored slip's
          -- receipt at start (backfillReceipts), minutes for 100k on a busy machine.
          'BENCH-' || j, 'bench'
        FROM generate_series(0, ${stored - 1}) AS j`.execute(k);
      await sql`
        INSERT INTO wallet_moves (msisdn, amount_cents, kind, reason, service_id, idempotency_key)
        SELECT '2665' || lpad((9000000 + j % ${n})::text, 7, '0'), -${cost}::bigint * ${rows}, 'STAKE', 'BETSLIP_STAKE',
          'JACKPOT14', 'bench-stake-' || j
        FROM generate_series(0, ${stored - 1}) AS j`.execute(k);
    }
    await extra?.(db);
  } finally {
    await db.close();
  }
}
