// Payment intents: what we asked a payment provider to do, written before the call, so that a request
// cut off by a crash or a silent provider is finished by reconciliation instead of leaving money
// debited or a stake charged without its slip. Also the demo simulators' own record of what they did,
// so reconciliation after a restart sees what the "provider" really did.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  -- A stake charged to airtime (operator billing). RESERVED counts against the weekly limit from the
  -- moment it is written; CONFIRMED has its ledger pair and submission; RELEASED was never charged;
  -- REFUNDING/REFUNDED was charged but its slip could not be written (the betslip closed first).
  CREATE TABLE airtime_stakes (
    reference text PRIMARY KEY,
    msisdn text NOT NULL,
    idempotency_key text NOT NULL,
    betslip_sid text NOT NULL,
    submission_id text NOT NULL,
    predictions jsonb NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    lang text,
    status text NOT NULL CHECK (status IN ('RESERVED', 'CONFIRMED', 'RELEASED', 'REFUNDING', 'REFUNDED')),
    provider_ref text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (msisdn, idempotency_key)
  )
  `,
  sql`CREATE INDEX airtime_stakes_open ON airtime_stakes (created_at) WHERE status IN ('RESERVED', 'REFUNDING')`,
  sql`
  -- Airtime bought with wallet money (mobile money). The debit is posted with the PENDING row; the
  -- provider's answer, or reconciliation, makes it CONFIRMED or REVERSED (money given back).
  CREATE TABLE airtime_purchases (
    reference text PRIMARY KEY,
    msisdn text NOT NULL,
    idempotency_key text NOT NULL,
    receiving_msisdn text NOT NULL,
    wallet_sid text NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    lang text,
    status text NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'REVERSED')),
    provider_ref text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (msisdn, idempotency_key)
  )
  `,
  sql`CREATE INDEX airtime_purchases_pending ON airtime_purchases (created_at) WHERE status = 'PENDING'`,
  sql`
  -- Demo simulators only: each provider's outcome per reference, as a real provider would remember it.
  CREATE TABLE simulator_outcomes (
    provider text NOT NULL,
    reference text NOT NULL,
    outcome jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, reference)
  )
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['simulator_outcomes', 'airtime_purchases', 'airtime_stakes']) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
