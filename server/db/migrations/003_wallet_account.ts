// Wallet and account additions (docs/CONTRACTS.md "Wallet, subscription and account API"): the mobile-money
// wallets a subscriber can pay out to or buy airtime with, responsible-play limits, and the reference a
// cash-out is known by at the provider.
import { type Kysely, sql } from 'kysely';

// One statement per entry: PGlite's extended-protocol query() refuses several statements in one call.
const statements = [
  sql`
  -- Reference data, not demo data: production offers the same providers. position orders the list.
  CREATE TABLE mobile_wallets (
    sid text PRIMARY KEY,
    name text NOT NULL,
    enabled boolean NOT NULL DEFAULT true,
    position smallint NOT NULL DEFAULT 0
  )
  `,
  sql`
  INSERT INTO mobile_wallets (sid, name, position) VALUES ('MPESA', 'M-Pesa', 1), ('ECOCASH', 'EcoCash', 2)
  `,
  sql`
  -- One row per subscriber who set a limit or took a pause. A raised (or removed) limit waits in
  -- pending_* until pending_from; has_pending tells "pending removal" (limit null) from "nothing pending".
  CREATE TABLE play_limits (
    msisdn text PRIMARY KEY,
    weekly_limit_cents bigint CHECK (weekly_limit_cents >= 0),
    has_pending boolean NOT NULL DEFAULT false,
    pending_limit_cents bigint CHECK (pending_limit_cents >= 0),
    pending_from timestamptz,
    paused_until timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
  )
  `,
  sql`
  -- Our reference for the payment, sent to the provider (which is idempotent per reference) and shown to
  -- the subscriber while the cash-out is under processing; provider_ref keeps the provider's own id.
  ALTER TABLE cash_outs ADD COLUMN reference text UNIQUE
  `,
  sql`CREATE INDEX cash_outs_pending ON cash_outs (created_at) WHERE status = 'PENDING'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX cash_outs_pending`.execute(db);
  await sql`ALTER TABLE cash_outs DROP COLUMN reference`.execute(db);
  await sql`DROP TABLE play_limits, mobile_wallets`.execute(db);
}
