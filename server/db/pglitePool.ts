// Kysely's PostgresDialect speaks to a node-postgres-like pool. PGlite is one in-process connection, so
// this adapter hands that connection out to one borrower at a time: a Kysely transaction holds it from
// BEGIN to COMMIT and no other query can slip in between (PGlite itself would interleave them).
// Consequence: inside `db.transaction().execute(trx => …)` use `trx` only; a query on the outer `db`
// would wait for the transaction that is waiting for it.
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];

/** A FIFO mutex: `acquire()` resolves with the function that lets the next waiter in. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

/** Transaction control as Kysely sends it (no parameters, no rows). */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Runs one statement on PGlite and answers in node-postgres' result shape. */
async function run<R>(pg: PGlite, sql: string, parameters: ReadonlyArray<unknown>) {
  // BEGIN and COMMIT by the simple protocol: one message to PGlite instead of query()'s six (parse,
  // describe, bind, describe, execute, sync), about 0.1 ms a transaction (every submission has one).
  if (parameters.length === 0 && TRANSACTION_CONTROL.test(sql)) {
    await pg.exec(sql);
    return { command: 'SELECT' as Command, rowCount: 0, rows: [] as R[] };
  }
  const result = await pg.query<R>(sql, [...parameters]);
  return {
    // Kysely reads numAffectedRows only for INSERT/UPDATE/DELETE/MERGE.
    command: (result.command ?? 'SELECT') as Command,
    rowCount: result.affectedRows ?? result.rowCount ?? 0,
    rows: result.rows,
  };
}

export class PGlitePool implements PostgresPool {
  readonly #pg: PGlite;
  readonly #mutex = new Mutex();

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  async connect(): Promise<PostgresPoolClient> {
    const unlock = await this.#mutex.acquire();
    let released = false;
    const pg = this.#pg;
    const client = {
      query: <R>(sql: string, parameters: ReadonlyArray<unknown>) => run<R>(pg, sql, parameters),
      release: () => {
        // Kysely releases once; a second call must not let two borrowers in.
        if (released) return;
        released = true;
        unlock();
      },
    };
    // Kysely also declares a cursor overload (streaming), which this pool does not offer.
    return client as unknown as PostgresPoolClient;
  }

  /**
   * SQL outside Kysely (pg-boss's `db.executeSql`), queued like any borrower. Without parameters it may
   * be a script of several statements (pg-boss installs itself and runs its maintenance that way, some
   * inside BEGIN … COMMIT), which only the simple protocol (`exec`) accepts; its last result is answered.
   */
  async query<R>(sql: string, parameters: ReadonlyArray<unknown> = []): Promise<{ rows: R[] }> {
    const unlock = await this.#mutex.acquire();
    try {
      if (parameters.length > 0) return await run<R>(this.#pg, sql, parameters);
      try {
        const results = await this.#pg.exec(sql);
        return { rows: (results.at(-1)?.rows ?? []) as R[] };
      } catch (error) {
        // A script that failed inside its BEGIN would leave the only connection in an aborted
        // transaction, refusing every later query; outside a transaction this only warns.
        await this.#pg.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    } finally {
      unlock();
    }
  }

  async end(): Promise<void> {
    const unlock = await this.#mutex.acquire();
    try {
      await this.#pg.close();
    } finally {
      unlock();
    }
  }
}
