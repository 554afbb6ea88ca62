// Group play (DESIGN.md "Group play (mokhatlo)"): a captain's group slip sold in shares, the shares its
// members bought, and the ledger's new kind GROUP, the money moving between a member's wallet and the
// group's escrow. The escrow is a ledger account like a subscriber's (wallets / wallet_moves, named
// 'escrow:<group id>'), so money is always in exactly one place and balances stay sums. A group's slip is
// a submission paid from the escrow: paid_from and channel 'GROUP'.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  CREATE TABLE groups (
    id text PRIMARY KEY,
    code text NOT NULL CHECK (code ~ '^[0-9]{6}$'),
    betslip_sid text NOT NULL REFERENCES betslips (sid),
    captain_msisdn text NOT NULL,
    name text NOT NULL,
    predictions jsonb NOT NULL,
    system_id text,
    rows integer NOT NULL,
    price_cents bigint NOT NULL CHECK (price_cents > 0),
    shares integer NOT NULL CHECK (shares BETWEEN 2 AND 100),
    share_price_cents bigint NOT NULL CHECK (share_price_cents > 0),
    -- The cents flooring leaves (price − share price × shares): paid with the captain's first share.
    captain_extra_cents bigint NOT NULL CHECK (captain_extra_cents >= 0),
    sold integer NOT NULL CHECK (sold >= 0 AND sold <= shares),
    unsold text NOT NULL CHECK (unsold IN ('CANCEL', 'CAPTAIN_COVERS')),
    status text NOT NULL CHECK (status IN ('OPEN', 'SUBMITTED', 'SETTLED', 'CANCELLED')),
    closes_at timestamptz NOT NULL,
    submission_id text REFERENCES submissions (id),
    -- Written by settlement: what the slip won, each share's part, and the cents left to the captain.
    winnings_cents bigint,
    share_winnings_cents bigint,
    remainder_cents bigint,
    idempotency_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (price_cents = share_price_cents * shares + captain_extra_cents),
    UNIQUE (captain_msisdn, idempotency_key)
  )
  `,
  // A code names one group at a time: unique among the groups still open or waiting for their round.
  sql`CREATE UNIQUE INDEX groups_live_code ON groups (code) WHERE status IN ('OPEN', 'SUBMITTED')`,
  sql`CREATE INDEX groups_code ON groups (code, created_at DESC)`,
  sql`CREATE INDEX groups_open_round ON groups (betslip_sid) WHERE status = 'OPEN'`,
  sql`CREATE INDEX groups_submission ON groups (submission_id) WHERE submission_id IS NOT NULL`,
  sql`
  CREATE TABLE group_shares (
    id bigserial PRIMARY KEY,
    group_id text NOT NULL REFERENCES groups (id),
    msisdn text NOT NULL,
    count integer NOT NULL CHECK (count > 0),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    -- A J14-… reference, the member's receipt of the purchase.
    reference text NOT NULL UNIQUE,
    -- CREATE (the captain's first), BUY (a member's purchase), COVER (the captain's at the close).
    source text NOT NULL CHECK (source IN ('CREATE', 'BUY', 'COVER')),
    idempotency_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (group_id, msisdn, idempotency_key)
  )
  `,
  sql`CREATE INDEX group_shares_group ON group_shares (group_id)`,
  sql`CREATE INDEX group_shares_member ON group_shares (msisdn, group_id)`,
  sql`ALTER TABLE submissions DROP CONSTRAINT submissions_paid_from_check`,
  sql`
  ALTER TABLE submissions ADD CONSTRAINT submissions_paid_from_check
    CHECK (paid_from IN ('WALLET', 'AIRTIME', 'GROUP'))
  `,
  sql`ALTER TABLE submissions DROP CONSTRAINT submissions_channel_check`,
  sql`
  ALTER TABLE submissions ADD CONSTRAINT submissions_channel_check
    CHECK (channel IN ('APP', 'USSD', 'SMS', 'GROUP'))
  `,
  sql`ALTER TABLE wallet_moves DROP CONSTRAINT wallet_moves_sign`,
  // GROUP: between a member's wallet and a group's escrow, either way (a share out, a refund back).
  sql`
  ALTER TABLE wallet_moves ADD CONSTRAINT wallet_moves_sign CHECK (
    (kind IN ('PRIZE', 'CASH_OUT_REVERSAL', 'OPERATOR_BILLING', 'DEPOSIT') AND amount_cents > 0)
    OR (kind IN ('STAKE', 'AIRTIME_PURCHASE', 'CASH_OUT') AND amount_cents < 0)
    OR (kind IN ('OPERATOR_ADJUSTMENT', 'GROUP') AND amount_cents <> 0)
  )
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE group_shares`.execute(db);
  await sql`DROP TABLE groups`.execute(db);
  await sql`ALTER TABLE wallet_moves DROP CONSTRAINT wallet_moves_sign`.execute(db);
  await sql`
  ALTER TABLE wallet_moves ADD CONSTRAINT wallet_moves_sign CHECK (
    (kind IN ('PRIZE', 'CASH_OUT_REVERSAL', 'OPERATOR_BILLING', 'DEPOSIT') AND amount_cents > 0)
    OR (kind IN ('STAKE', 'AIRTIME_PURCHASE', 'CASH_OUT') AND amount_cents < 0)
    OR (kind = 'OPERATOR_ADJUSTMENT' AND amount_cents <> 0)
  )`.execute(db);
  await sql`ALTER TABLE submissions DROP CONSTRAINT submissions_channel_check`.execute(db);
  await sql`
  ALTER TABLE submissions ADD CONSTRAINT submissions_channel_check CHECK (channel IN ('APP', 'USSD', 'SMS'))
  `.execute(db);
  await sql`ALTER TABLE submissions DROP CONSTRAINT submissions_paid_from_check`.execute(db);
  await sql`
  ALTER TABLE submissions ADD CONSTRAINT submissions_paid_from_check CHECK (paid_from IN ('WALLET', 'AIRTIME'))
  `.execute(db);
}
