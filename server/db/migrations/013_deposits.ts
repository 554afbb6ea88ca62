// Deposits (money in by mobile money, M-Pesa Express style): one row per request, PENDING until the
// provider's signed callback or the status query settles it; a CONFIRMED one has its DEPOSIT move. The
// ledger learns the DEPOSIT kind (a credit), and play_limits a weekly deposit limit beside the stake one.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  CREATE TABLE deposits (
    id text PRIMARY KEY,
    -- Ours, sent to the provider (idempotent per reference) and shown to the subscriber.
    reference text NOT NULL UNIQUE,
    msisdn text NOT NULL,
    idempotency_key text NOT NULL,
    wallet_sid text NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    status text NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'CANCELLED', 'FAILED')),
    -- The provider's CheckoutRequestID (null while the prompt request went unanswered).
    provider_request_id text UNIQUE,
    provider_receipt text,
    result_code integer,
    result_desc text,
    -- Set when the provider reported something we will not act on alone (an amount that differs):
    -- the deposit stays PENDING, uncredited, until an operator looks.
    flag text,
    flagged_amount_cents bigint,
    move_id bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (msisdn, idempotency_key)
  )
  `,
  sql`CREATE INDEX deposits_msisdn_created ON deposits (msisdn, created_at DESC)`,
  sql`CREATE INDEX deposits_pending ON deposits (created_at) WHERE status = 'PENDING'`,
  sql`ALTER TABLE wallet_moves DROP CONSTRAINT wallet_moves_sign`,
  sql`
  ALTER TABLE wallet_moves ADD CONSTRAINT wallet_moves_sign CHECK (
    (kind IN ('PRIZE', 'CASH_OUT_REVERSAL', 'OPERATOR_BILLING', 'DEPOSIT') AND amount_cents > 0)
    OR (kind IN ('STAKE', 'AIRTIME_PURCHASE', 'CASH_OUT') AND amount_cents < 0)
    OR (kind = 'OPERATOR_ADJUSTMENT' AND amount_cents <> 0)
  )
  `,
  sql`
  ALTER TABLE play_limits
    ADD COLUMN weekly_deposit_limit_cents bigint CHECK (weekly_deposit_limit_cents >= 0),
    ADD COLUMN deposit_has_pending boolean NOT NULL DEFAULT false,
    ADD COLUMN pending_deposit_limit_cents bigint CHECK (pending_deposit_limit_cents >= 0),
    ADD COLUMN deposit_pending_from timestamptz
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
  ALTER TABLE play_limits DROP COLUMN weekly_deposit_limit_cents, DROP COLUMN deposit_has_pending,
    DROP COLUMN pending_deposit_limit_cents, DROP COLUMN deposit_pending_from
  `.execute(db);
  await sql`ALTER TABLE wallet_moves DROP CONSTRAINT wallet_moves_sign`.execute(db);
  await sql`
  ALTER TABLE wallet_moves ADD CONSTRAINT wallet_moves_sign CHECK (
    (kind IN ('PRIZE', 'CASH_OUT_REVERSAL', 'OPERATOR_BILLING') AND amount_cents > 0)
    OR (kind IN ('STAKE', 'AIRTIME_PURCHASE', 'CASH_OUT') AND amount_cents < 0)
    OR (kind = 'OPERATOR_ADJUSTMENT' AND amount_cents <> 0)
  )
  `.execute(db);
  await sql`DROP TABLE deposits`.execute(db);
}
