// A subscriber's standing choice "Play the same picks next round" and, per round, what became of it:
// standing_picks holds the picks (positions and predictions as submitted) and the round they were set
// in (never played again for that one); standing_plays records each round's attempt, claimed before the
// payment and finished once (ACCEPTED or REFUSED with its message key), so a job that runs twice or on
// two instances at once pays nothing twice and a refusal is not retried. The notice of the outcome is a
// push notice of its own kinds.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE standing_picks (
      msisdn text PRIMARY KEY,
      predictions jsonb NOT NULL,
      set_in_sid text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )
  `.execute(db);
  await sql`
    CREATE TABLE standing_plays (
      msisdn text NOT NULL,
      betslip_sid text NOT NULL,
      status text NOT NULL CHECK (status IN ('PENDING', 'ACCEPTED', 'REFUSED')),
      message_key text,
      submission_id text,
      created_at timestamptz NOT NULL,
      finished_at timestamptz,
      PRIMARY KEY (msisdn, betslip_sid)
    )
  `.execute(db);
  await sql`ALTER TABLE push_notices DROP CONSTRAINT push_notices_kind_check`.execute(db);
  await sql`
    ALTER TABLE push_notices ADD CONSTRAINT push_notices_kind_check
      CHECK (kind IN ('CLOSING_SOON', 'RESULTS', 'WINNINGS', 'STANDING_PLAYED', 'STANDING_REFUSED'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM push_notices WHERE kind IN ('STANDING_PLAYED', 'STANDING_REFUSED')`.execute(db);
  await sql`ALTER TABLE push_notices DROP CONSTRAINT push_notices_kind_check`.execute(db);
  await sql`
    ALTER TABLE push_notices ADD CONSTRAINT push_notices_kind_check
      CHECK (kind IN ('CLOSING_SOON', 'RESULTS', 'WINNINGS'))
  `.execute(db);
  await sql`DROP TABLE standing_plays, standing_picks`.execute(db);
}
