// Push notification tables: browser (web push) subscriptions, mobile registration tokens, and the record
// of reminders already sent, so each subscriber gets a notice once per betslip however many instances or
// restarts there are.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  -- One row per browser subscription; the push service's endpoint URL identifies it.
  CREATE TABLE push_subscriptions (
    endpoint text PRIMARY KEY,
    msisdn text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    lang text NOT NULL DEFAULT 'st',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  CREATE INDEX push_subscriptions_msisdn ON push_subscriptions (msisdn)
  `,
  sql`
  -- Registration tokens of the native app (Firebase Cloud Messaging), one row per device token.
  CREATE TABLE mobile_push_tokens (
    token text PRIMARY KEY,
    msisdn text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  CREATE INDEX mobile_push_tokens_msisdn ON mobile_push_tokens (msisdn)
  `,
  sql`
  -- A notice of one kind about one betslip reaches a subscriber once: the row is written before sending.
  CREATE TABLE push_notices (
    kind text NOT NULL CHECK (kind IN ('CLOSING_SOON', 'RESULTS', 'WINNINGS')),
    betslip_sid text NOT NULL,
    msisdn text NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, betslip_sid, msisdn)
  )
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE push_notices, mobile_push_tokens, push_subscriptions`.execute(db);
}
