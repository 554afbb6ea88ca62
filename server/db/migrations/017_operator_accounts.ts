// Operator accounts managed by admins (DESIGN.md "Operator accounts"): a password set by another operator
// must be changed before the account is used (Keycloak's UPDATE_PASSWORD required action), an account can
// be disabled without deleting its audit history, and the last sign-in is shown to admins.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Existing accounts (the demo operators, every subscriber) keep working as they are: no flag, enabled.
  await sql`ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN disabled_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN last_sign_in_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN disabled_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN must_change_password`.execute(db);
}
