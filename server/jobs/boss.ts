// pg-boss on the application's database: on PostgreSQL through its own small pool (the connection string),
// on the embedded PGlite through its `db: { executeSql }` option, an adapter over the one connection
// (server/db/pglitePool.ts queues its statements with Kysely's). Its tables live in a schema of their own.
import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/index.ts';

export interface BossOptions {
  /** Run maintenance (expiring the jobs of dead workers) and cron: only instances that work jobs. */
  supervise: boolean;
  /** Seconds between two maintenance runs (pg-boss default 120; tests less). */
  maintenanceIntervalSeconds?: number;
}

/**
 * pg-boss's schema: `pgboss`, or `<schema>_pgboss` when the application works in a schema of its own
 * (the PostgreSQL test suites run one per test file), so that each has its own queues.
 */
export async function bossSchema(db: Db): Promise<string> {
  const { rows } = await db.executeSql<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}

/** A pg-boss instance for `db`, not started. */
export function createBoss(
  db: Db,
  databaseUrl: string | undefined,
  schema: string,
  options: BossOptions,
): PgBoss {
  const common = {
    schema,
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
    ...(options.maintenanceIntervalSeconds && {
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    }),
  };
  if (db.kind === 'postgres' && databaseUrl) {
    // Its own few connections: a worker's poll never waits behind a request's transaction.
    return new PgBoss({
      ...common,
      connectionString: databaseUrl,
      max: 4,
      application_name: 'jackpot14-jobs',
    });
  }
  // Like pg-boss's own pool, the adapter answers nothing once pg-boss has stopped: pg-boss completes a job
  // without awaiting it, so a handler that outlives the stop must not meet the app's closed database (an
  // unhandled rejection). The job stays active, expires and is retried; every handler is idempotent.
  let open = true;
  const boss = new PgBoss({
    ...common,
    db: {
      executeSql: (text, values) =>
        open ? db.executeSql(text, values) : Promise.resolve(undefined as unknown as { rows: [] }),
    },
  });
  boss.on('stopped', () => {
    open = false;
  });
  return boss;
}

/**
 * pg-boss's `db` option bound to a Kysely transaction: a job sent with it is inserted by that transaction,
 * so it exists if and only if the transaction commits (settlement enqueues its notices this way). On the
 * embedded database it is also the only way: the transaction holds the one connection.
 */
export function inTransaction(trx: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] as Record<string, unknown>[] };
    },
  };
}

/** A UUID derived from `parts`: a job sent twice with it is stored once (pg-boss ignores the second). */
export function stableJobId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** A SQL string literal. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The queue pg-boss's cron sends through; its own start creates it, unguarded against the race below. */
const CRON_QUEUE: PgBoss.Queue = { name: '__pgboss__send-it', policy: 'standard' };

/**
 * Creates the queues `boss` does not have yet, in one statement under an advisory lock: pg-boss's
 * createQueue attaches a partition to its job table, and two instances starting at once, each creating
 * different queues, deadlock on those locks (tests/server/instances.test.ts found it). A DO block is
 * one statement: an error rolls it back whole and leaves the pooled connection usable.
 */
export async function createQueues(boss: PgBoss, schema: string, queues: PgBoss.Queue[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    const missing = [CRON_QUEUE, ...queues].filter((q) => !existing.has(q.name));
    if (missing.length === 0) return;
    const calls = missing.map((q) => {
      // The options create_queue reads (pg-boss's createQueue passes the same).
      const { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds, deadLetter } = q;
      const options = { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds, deadLetter };
      return `PERFORM ${schema}.create_queue(${text(q.name)}, ${text(JSON.stringify(options))}::json);`;
    });
    const lock = `PERFORM pg_advisory_xact_lock(hashtext(${text(`${schema}.create_queue`)}));`;
    try {
      await boss.getDb().executeSql(`DO $$ BEGIN ${lock} ${calls.join(' ')} END $$`, []);
      return;
    } catch (error) {
      // Still possible against a pg-boss starting elsewhere (it creates its cron queue unlocked).
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}
