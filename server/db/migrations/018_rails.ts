// The real payment rails: why a payment did not go through (the subscriber is told, the operator sees the
// provider's own code), and the demo emulators' memory (what Vodacom, EcoCash, the carrier and Africa's
// Talking remember of each payment, kept in our database only because the demo runs them in-process).
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`ALTER TABLE deposits ADD COLUMN failure_reason text, ADD COLUMN provider_code text`,
  sql`ALTER TABLE cash_outs ADD COLUMN failure_reason text, ADD COLUMN provider_code text`,
  sql`ALTER TABLE airtime_purchases ADD COLUMN failure_reason text, ADD COLUMN provider_code text`,
  sql`
  CREATE TABLE rail_emulator_records (
    rail text NOT NULL,
    key text NOT NULL,
    value jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (rail, key)
  )
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rail_emulator_records`.execute(db);
  for (const table of ['deposits', 'cash_outs', 'airtime_purchases']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN failure_reason, DROP COLUMN provider_code`.execute(
      db,
    );
  }
}
