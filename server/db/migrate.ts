// Runs pending migrations at start-up. Several instances may start at once: Kysely's Migrator takes a
// PostgreSQL advisory lock, so exactly one applies each migration.
import { Migrator, sql } from 'kysely';
import type { Db } from './index.ts';
import { migrations } from './migrations/index.ts';

/** True when every known migration is recorded in `schema` (one cheap query instead of the Migrator). */
async function upToDate(db: Db, schema: string): Promise<boolean> {
  try {
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM ${sql.id(schema, 'kysely_migration')}`.execute(db.kysely);
    const applied = new Set(rows.map((r) => r.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    // No bookkeeping table yet: a fresh database.
    return false;
  }
}

/** Brings the schema up to date; throws (with the failing migration's error) when one fails. */
export async function migrate(db: Db): Promise<string[]> {
  // The bookkeeping tables go into the current schema explicitly: unqualified, Kysely would find
  // another schema's kysely_migration table (parallel test runs) and think this one is migrated.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db.kysely);
  const schema = rows[0]?.schema ?? 'public';
  // Most starts find nothing to do; the Migrator's lock and bookkeeping cost a noticeable part of
  // the start-up budget.
  if (await upToDate(db, schema)) return [];
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
