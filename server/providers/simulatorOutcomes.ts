// Where a demo simulator remembers what it did per reference. A real provider remembers its payments
// whatever happens to our process, so in the app the simulators keep theirs in the database: after a
// kill -9 and a restart, reconciliation asks "what became of reference R?" and gets the true answer.
// Unit-style uses (and a simulator built without a database) keep them in memory.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';

export interface OutcomeStore<T> {
  get(reference: string): Promise<T | undefined>;
  /** Saves `outcome` unless one is already saved for `reference`; returns the one that stands. */
  putOnce(reference: string, outcome: T): Promise<T>;
}

export function memoryOutcomes<T>(): OutcomeStore<T> {
  const saved = new Map<string, T>();
  return {
    async get(reference) {
      return saved.get(reference);
    },
    async putOnce(reference, outcome) {
      if (!saved.has(reference)) saved.set(reference, outcome);
      return saved.get(reference) as T;
    },
  };
}

export function databaseOutcomes<T>(db: Kysely<Database>, provider: string): OutcomeStore<T> {
  const get = async (reference: string) => {
    const row = await db
      .selectFrom('simulator_outcomes')
      .select('outcome')
      .where('provider', '=', provider)
      .where('reference', '=', reference)
      .executeTakeFirst();
    return row ? fromJson<T>(row.outcome) : undefined;
  };
  return {
    get,
    async putOnce(reference, outcome) {
      await db
        .insertInto('simulator_outcomes')
        .values({ provider, reference, outcome: JSON.stringify(outcome) })
        .onConflict((oc) => oc.columns(['provider', 'reference']).doNothing())
        .execute();
      return (await get(reference)) as T;
    },
  };
}
