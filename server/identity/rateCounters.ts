// Fixed-window counters in the database, shared by every instance. A bump is one
// INSERT … ON CONFLICT DO UPDATE … RETURNING: the row lock queues parallel bumps of one key, so each sees
// the count including all before it and a cap cannot be raced past. Bump inside the transaction that
// does the counted work; refusing (throwing) rolls the bump back, so refusals use up nothing.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';

type Db = Kysely<Database>;

/** Windows older than this are of no use to any limit (the longest window is 15 minutes). */
const RETENTION_MS = 60 * 60 * 1000;

/** The start of the `windowMs`-long window holding `now` (windows are aligned to the epoch). */
export const windowStart = (now: Date, windowMs: number): Date =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** Milliseconds from `now` to the end of its `windowMs`-long window. */
export const windowRemainingMs = (now: Date, windowMs: number): number =>
  windowStart(now, windowMs).getTime() + windowMs - now.getTime();

/** Adds one to `key`'s count in the window starting at `window`; returns the new count. */
export async function bump(db: Db, key: string, window: Date): Promise<number> {
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: window, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** `key`'s count in the window starting at `window` (0 when never bumped there). */
export async function countOf(db: Db, key: string, window: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_counters')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', window)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Takes back one bump (work that was counted but did not happen). */
export async function unbump(db: Db, key: string, window: Date): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set({ count: sql`count - 1` })
    .where('key', '=', key)
    .where('window_start', '=', window)
    .where('count', '>', 0)
    .execute();
}

/** Deletes windows no limit looks at any more. */
export async function pruneCounters(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_counters')
    .where('window_start', '<', new Date(now.getTime() - RETENTION_MS))
    .execute();
}
