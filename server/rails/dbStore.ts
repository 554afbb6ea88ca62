// The demo emulators' memory in our database (rail_emulator_records): what a provider remembers of its
// payments outlives a kill -9 of our process, as it would at Vodacom. Only the in-process demo uses it; an
// emulator run as its own process keeps memory of its own.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { RailStore } from './types.ts';

export function dbStore<T>(db: Kysely<Database>, rail: string): RailStore<T> {
  return {
    async get(key) {
      const row = await db
        .selectFrom('rail_emulator_records')
        .select('value')
        .where('rail', '=', rail)
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? fromJson<T>(row.value) : undefined;
    },
    async set(key, value) {
      const json = JSON.stringify(value);
      await db
        .insertInto('rail_emulator_records')
        .values({ rail, key, value: json })
        .onConflict((oc) => oc.columns(['rail', 'key']).doUpdateSet({ value: json, updated_at: new Date() }))
        .execute();
    },
  };
}
