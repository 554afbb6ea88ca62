// Launch: a subscriber confirms being 18 or older when registering (users.adult_confirmed_at) and accepts
// each version of the terms once (terms_acceptances, with the time). Accounts made before this migration
// have neither: they are asked to accept the current terms when they next sign in.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN adult_confirmed_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE terms_acceptances (
      msisdn text NOT NULL,
      version text NOT NULL,
      accepted_at timestamptz NOT NULL,
      PRIMARY KEY (msisdn, version)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE terms_acceptances`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN adult_confirmed_at`.execute(db);
}
