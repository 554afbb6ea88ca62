// Abuse limits that several instances share: Keycloak-style failed sign-in state per account, and
// fixed-window counters (OTP sends per address and in all, accounts failing from an address). Replaces
// 001's login_failures, whose per-address count locked out everyone behind a carrier NAT address.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`DROP TABLE login_failures`,
  sql`
  -- One row per username tried (existing or not, so a refusal reveals nothing). An attempt locks the row,
  -- is counted as a failure before the password is checked, and a success deletes the row.
  CREATE TABLE account_login_failures (
    username text PRIMARY KEY,
    failures integer NOT NULL DEFAULT 0,
    last_failure_at timestamptz,
    -- Attempts before this are refused (the progressive wait).
    not_before timestamptz
  )
  `,
  sql`CREATE INDEX account_login_failures_last ON account_login_failures (last_failure_at)`,
  sql`
  -- Fixed-window counters: one row per key and window, bumped with INSERT … ON CONFLICT DO UPDATE …
  -- RETURNING, so parallel requests queue on the row and none can pass a cap unseen.
  CREATE TABLE rate_counters (
    key text NOT NULL,
    window_start timestamptz NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (key, window_start)
  )
  `,
  sql`CREATE INDEX rate_counters_window ON rate_counters (window_start)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_counters, account_login_failures`.execute(db);
  await sql`
  CREATE TABLE login_failures (
    id bigserial PRIMARY KEY,
    key text NOT NULL,
    created_at timestamptz NOT NULL
  )
  `.execute(db);
  await sql`CREATE INDEX login_failures_key_created ON login_failures (key, created_at)`.execute(db);
  await sql`CREATE INDEX login_failures_created ON login_failures (created_at)`.execute(db);
}
