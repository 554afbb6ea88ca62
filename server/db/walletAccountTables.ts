// Kysely row types for the tables of migration 003_wallet_account (bigint columns: read via Number()).
import type { ColumnType } from 'kysely';

type Int8Nullable = ColumnType<number | string | null, number | null | undefined, number | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TimestampNullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface WalletAccountTables {
  mobile_wallets: {
    sid: string;
    name: string;
    enabled: ColumnType<boolean, boolean | undefined, boolean>;
    position: ColumnType<number, number | undefined, number>;
  };
  play_limits: {
    msisdn: string;
    weekly_limit_cents: Int8Nullable;
    has_pending: ColumnType<boolean, boolean | undefined, boolean>;
    pending_limit_cents: Int8Nullable;
    pending_from: TimestampNullable;
    paused_until: TimestampNullable;
    updated_at: Timestamp;
    /** Migration 013: the weekly deposit limit, with its own pending raise. */
    weekly_deposit_limit_cents: Int8Nullable;
    deposit_has_pending: ColumnType<boolean, boolean | undefined, boolean>;
    pending_deposit_limit_cents: Int8Nullable;
    deposit_pending_from: TimestampNullable;
  };
}
