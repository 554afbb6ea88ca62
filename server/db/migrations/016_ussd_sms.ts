// Playing without data: USSD sessions (any instance answers the next step of a session), the language a
// subscriber chose on a phone channel, inbound SMS commands (one answer per provider message id), and the
// short codes that tie an SMS sent as a fallback to the app slip it carries (accepted once, either order).
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  CREATE TABLE ussd_sessions (
    session_id text PRIMARY KEY,
    msisdn text NOT NULL,
    -- The language the session started in and the quick pick it offers (the same one until it ends).
    lang text NOT NULL,
    quick_pick text NOT NULL,
    -- The last request's text and answer: a gateway retry gets the same answer.
    last_text text NOT NULL DEFAULT '',
    last_answer text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL
  )
  `,
  sql`CREATE INDEX ussd_sessions_updated ON ussd_sessions (updated_at)`,
  sql`
  CREATE TABLE channel_prefs (
    msisdn text PRIMARY KEY,
    lang text NOT NULL CHECK (lang IN ('st', 'en')),
    updated_at timestamptz NOT NULL
  )
  `,
  sql`
  CREATE TABLE sms_inbound (
    message_id text PRIMARY KEY,
    msisdn text NOT NULL,
    text text NOT NULL,
    -- Null while the command runs; the reply is sent once it is stored.
    reply text,
    replied_at timestamptz,
    created_at timestamptz NOT NULL
  )
  `,
  sql`CREATE INDEX sms_inbound_created ON sms_inbound (created_at)`,
  sql`
  -- Which idempotency key owns a slip's short code: the app's key or the fallback SMS's. The first to
  -- insert owns it; the other answers with the owner's answer instead of paying again.
  CREATE TABLE slip_codes (
    msisdn text NOT NULL,
    code text NOT NULL,
    idempotency_key text NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (msisdn, code)
  )
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE slip_codes, sms_inbound, channel_prefs, ussd_sessions`.execute(db);
}
