// Background work as pg-boss jobs (server/jobs/). pg-boss keeps its own tables in its own schema and
// installs them itself; this migration only prepares ours:
// - push_notices becomes a two-step record: a notice is claimed (claimed_at, by the job that sends it)
//   before it is sent and marked sent after; a retry of that same job, and only that job, sends again
//   what it claimed but never marked sent (its earlier attempt died between the two steps).
// - idempotency records older than 7 days are purged every day: the index finds them.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`ALTER TABLE push_notices ADD COLUMN claimed_at timestamptz`,
  sql`ALTER TABLE push_notices ADD COLUMN job_id text`,
  sql`UPDATE push_notices SET claimed_at = sent_at`,
  sql`ALTER TABLE push_notices ALTER COLUMN claimed_at SET NOT NULL`,
  sql`ALTER TABLE push_notices ALTER COLUMN claimed_at SET DEFAULT now()`,
  sql`ALTER TABLE push_notices ALTER COLUMN sent_at DROP NOT NULL`,
  sql`ALTER TABLE push_notices ALTER COLUMN sent_at DROP DEFAULT`,
  sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP INDEX idempotency_keys_created`,
    // A notice claimed but never sent counts as sent, as before this migration.
    sql`UPDATE push_notices SET sent_at = claimed_at WHERE sent_at IS NULL`,
    sql`ALTER TABLE push_notices ALTER COLUMN sent_at SET DEFAULT now()`,
    sql`ALTER TABLE push_notices ALTER COLUMN sent_at SET NOT NULL`,
    sql`ALTER TABLE push_notices DROP COLUMN job_id`,
    sql`ALTER TABLE push_notices DROP COLUMN claimed_at`,
  ])
    await statement.execute(db);
}
