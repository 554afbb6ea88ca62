// Sign-in codes (DESIGN.md "Sign-in behind a shared address"): over an address's failure limit a right
// password is let through once the account's own phone proves it with an SMS code. Such a code is bound
// to its purpose like the others: it neither registers nor resets a password.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otps DROP CONSTRAINT otps_purpose_check`.execute(db);
  await sql`
    ALTER TABLE otps ADD CONSTRAINT otps_purpose_check CHECK (purpose IN ('REGISTER', 'RESET', 'SIGN_IN'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM otps WHERE purpose = 'SIGN_IN'`.execute(db);
  await sql`ALTER TABLE otps DROP CONSTRAINT otps_purpose_check`.execute(db);
  await sql`ALTER TABLE otps ADD CONSTRAINT otps_purpose_check CHECK (purpose IN ('REGISTER', 'RESET'))`.execute(
    db,
  );
}
