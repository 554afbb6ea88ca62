// Identity tables: users, refresh-token families, OTPs, the shared signing key, login-failure counters
// and the demo SMS outbox. Everything an instance needs to answer a request lives here, so several
// instances behind a load balancer agree (DESIGN.md "Scaling out").
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  CREATE TABLE users (
    id text PRIMARY KEY,
    -- What the subscriber signs in with: the normalised msisdn, or an operator name such as 'admin'.
    username text NOT NULL UNIQUE,
    msisdn text UNIQUE,
    password_hash text NOT NULL,
    roles text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  -- One row per refresh token ever issued. A sign-in starts a family; each refresh marks its token used
  -- and adds the next one. Presenting a used token again means it leaked: the family is revoked.
  CREATE TABLE refresh_tokens (
    jti text PRIMARY KEY,
    family_id text NOT NULL,
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`,
  sql`CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id)`,
  sql`
  -- Only a hash of the code is kept; tries counts wrong guesses, consumed_at makes a code single use.
  CREATE TABLE otps (
    id text PRIMARY KEY,
    msisdn text NOT NULL,
    code_hash text NOT NULL,
    expires_at timestamptz NOT NULL,
    tries integer NOT NULL DEFAULT 0,
    consumed_at timestamptz,
    created_at timestamptz NOT NULL
  )
  `,
  sql`CREATE INDEX otps_msisdn_created ON otps (msisdn, created_at DESC)`,
  sql`
  -- The RS256 key pair, created by the first instance to start, so every instance signs and verifies
  -- with the same key and the JWKS is the same whichever instance answers.
  CREATE TABLE signing_keys (
    kid text PRIMARY KEY,
    alg text NOT NULL,
    private_jwk jsonb NOT NULL,
    public_jwk jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  -- Failed sign-ins, keyed 'user:<name>' or 'ip:<address>', counted over a sliding window.
  CREATE TABLE login_failures (
    id bigserial PRIMARY KEY,
    key text NOT NULL,
    created_at timestamptz NOT NULL
  )
  `,
  sql`CREATE INDEX login_failures_key_created ON login_failures (key, created_at)`,
  sql`CREATE INDEX login_failures_created ON login_failures (created_at)`,
  sql`
  -- Demo mode's SMS provider writes here instead of sending; GET /dev/sms reads it.
  CREATE TABLE sms_outbox (
    id bigserial PRIMARY KEY,
    msisdn text NOT NULL,
    text text NOT NULL,
    otp text,
    created_at timestamptz NOT NULL
  )
  `,
  sql`CREATE INDEX sms_outbox_msisdn ON sms_outbox (msisdn, created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_outbox, login_failures, signing_keys, otps, refresh_tokens, users`.execute(db);
}
