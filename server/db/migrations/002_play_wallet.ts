// Play and wallet tables: betslips, matches, submissions, prizes, testimonials, subscriptions, the
// ledger (wallets + wallet_moves + cash_outs) and idempotency records. Money is integer cents (bigint);
// balances are never stored, only derived by SUM over wallet_moves.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  CREATE TABLE subscriptions (
    msisdn text NOT NULL,
    service text NOT NULL,
    enabled boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (msisdn, service)
  )
  `,
  sql`
  -- One row per subscriber, used only as the lock that serialises balance checks (SELECT ... FOR UPDATE).
  CREATE TABLE wallets (
    msisdn text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  CREATE TABLE wallet_moves (
    id bigserial PRIMARY KEY,
    msisdn text NOT NULL REFERENCES wallets (msisdn),
    amount_cents bigint NOT NULL,
    kind text NOT NULL,
    reason text NOT NULL,
    service_id text NOT NULL,
    idempotency_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (msisdn, idempotency_key),
    -- The sign follows from the kind, so a bug cannot turn a stake into a credit.
    CONSTRAINT wallet_moves_sign CHECK (
      (kind IN ('PRIZE', 'CASH_OUT_REVERSAL', 'OPERATOR_BILLING') AND amount_cents > 0)
      OR (kind IN ('STAKE', 'AIRTIME_PURCHASE', 'CASH_OUT') AND amount_cents < 0)
      OR (kind = 'OPERATOR_ADJUSTMENT' AND amount_cents <> 0)
    )
  )
  `,
  sql`
  CREATE INDEX wallet_moves_msisdn_created ON wallet_moves (msisdn, created_at DESC, id DESC)
  `,
  sql`
  -- Ledger rows are facts: corrections are new rows, never edits.
  CREATE FUNCTION wallet_moves_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'wallet_moves rows are immutable';
  END;
  $$
  `,
  sql`
  CREATE TRIGGER wallet_moves_no_change BEFORE UPDATE OR DELETE ON wallet_moves
    FOR EACH ROW EXECUTE FUNCTION wallet_moves_immutable()
  `,
  sql`
  -- A cash-out's life: PENDING (money withheld: the CASH_OUT move is already written) until the provider
  -- confirms (CONFIRMED) or fails (FAILED, with a CASH_OUT_REVERSAL move giving the money back).
  CREATE TABLE cash_outs (
    id bigserial PRIMARY KEY,
    msisdn text NOT NULL REFERENCES wallets (msisdn),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    mobile_wallet_sid text NOT NULL,
    status text NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'FAILED')),
    move_id bigint NOT NULL REFERENCES wallet_moves (id),
    reversal_move_id bigint REFERENCES wallet_moves (id),
    provider_ref text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  CREATE INDEX cash_outs_msisdn ON cash_outs (msisdn, status)
  `,
  sql`
  CREATE TABLE betslips (
    sid text PRIMARY KEY,
    end_at timestamptz NOT NULL,
    params jsonb NOT NULL,
    status text NOT NULL CHECK (status IN ('DRAFT', 'CURRENT', 'CLOSED', 'SETTLED')),
    created_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  -- At most one current betslip, even when several instances roll forward at once.
  CREATE UNIQUE INDEX betslips_one_current ON betslips (status) WHERE status = 'CURRENT'
  `,
  sql`
  CREATE TABLE matches (
    betslip_sid text NOT NULL REFERENCES betslips (sid) ON DELETE CASCADE,
    position smallint NOT NULL CHECK (position >= 0 AND position < 64),
    tournament text NOT NULL,
    start_at timestamptz NOT NULL,
    home_team text NOT NULL,
    away_team text NOT NULL,
    home_logo text NOT NULL,
    away_logo text NOT NULL,
    result text CHECK (result IN ('1', '2', '3')),
    PRIMARY KEY (betslip_sid, position)
  )
  `,
  sql`
  CREATE TABLE submissions (
    id text PRIMARY KEY,
    betslip_sid text NOT NULL REFERENCES betslips (sid),
    msisdn text NOT NULL,
    predictions jsonb NOT NULL,
    cost_cents bigint NOT NULL CHECK (cost_cents > 0),
    paid_from text NOT NULL CHECK (paid_from IN ('WALLET', 'AIRTIME')),
    payment_ref text,
    idempotency_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    correct_count smallint,
    amount_won_cents bigint,
    prize_won text,
    UNIQUE (msisdn, idempotency_key)
  )
  `,
  sql`
  CREATE INDEX submissions_msisdn_created ON submissions (msisdn, created_at DESC)
  `,
  sql`
  CREATE INDEX submissions_betslip ON submissions (betslip_sid)
  `,
  sql`
  -- betslip_sid null = the default prize table, used when a betslip has none of its own.
  CREATE TABLE prizes (
    id serial PRIMARY KEY,
    prize_type smallint NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    betslip_sid text REFERENCES betslips (sid) ON DELETE CASCADE
  )
  `,
  sql`
  CREATE UNIQUE INDEX prizes_type ON prizes (COALESCE(betslip_sid, ''), prize_type)
  `,
  sql`
  CREATE TABLE testimonials (
    id serial PRIMARY KEY,
    lang text NOT NULL,
    img_url text NOT NULL,
    name text NOT NULL,
    occupation text NOT NULL,
    text text NOT NULL,
    position integer NOT NULL DEFAULT 0
  )
  `,
  sql`
  -- Stripe-style idempotency: the first answer for (subscriber, route, key) is stored and replayed.
  CREATE TABLE idempotency_keys (
    msisdn text NOT NULL,
    route text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status text NOT NULL CHECK (status IN ('IN_PROGRESS', 'DONE')),
    response_status smallint,
    response_body jsonb,
    locked_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (msisdn, route, key)
  )
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotency_keys, testimonials, prizes, submissions, matches, betslips, cash_outs`.execute(
    db,
  );
  await sql`DROP TABLE wallet_moves, wallets, subscriptions`.execute(db);
  await sql`DROP FUNCTION wallet_moves_immutable()`.execute(db);
}
