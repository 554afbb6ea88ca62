// One-time passwords bound to what they prove the phone for: a code sent to register an account does not
// reset a password, and a reset code does not register. Codes issued before this migration were all for
// registration.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE otps ADD COLUMN purpose text NOT NULL DEFAULT 'REGISTER'
      CONSTRAINT otps_purpose_check CHECK (purpose IN ('REGISTER', 'RESET'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otps DROP COLUMN purpose`.execute(db);
}
