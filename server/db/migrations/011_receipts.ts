// Receipts: every accepted slip carries a short reference a person can read out, and a signed receipt
// (server/play/receipts.ts), and says which channel it came from. Slips written before this migration get
// their reference and receipt when the app next starts (backfillReceipts): the key is not known here.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE submissions
      ADD COLUMN reference text CONSTRAINT submissions_reference_key UNIQUE,
      ADD COLUMN jws text,
      ADD COLUMN channel text NOT NULL DEFAULT 'APP'
        CONSTRAINT submissions_channel_check CHECK (channel IN ('APP', 'USSD', 'SMS'))
  `.execute(db);
  // The start-up backfill looks for slips without a receipt: none, once it has run.
  await sql`CREATE INDEX submissions_without_receipt ON submissions (id) WHERE jws IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX submissions_without_receipt`.execute(db);
  await sql`ALTER TABLE submissions DROP COLUMN reference, DROP COLUMN jws, DROP COLUMN channel`.execute(db);
}
