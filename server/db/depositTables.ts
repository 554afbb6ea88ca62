// Kysely row types for the deposits table of migration 013_deposits (bigint columns: read via Number()).
import type { ColumnType } from 'kysely';

type Int8 = ColumnType<number | string, number, number>;
type Int8Nullable = ColumnType<number | string | null, number | null | undefined, number | null>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type DepositStatus = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'FAILED';

export interface DepositTables {
  deposits: {
    id: string;
    reference: string;
    msisdn: string;
    idempotency_key: string;
    wallet_sid: string;
    amount_cents: Int8;
    status: DepositStatus;
    provider_request_id: Nullable<string>;
    provider_receipt: Nullable<string>;
    result_code: Nullable<number>;
    result_desc: Nullable<string>;
    flag: Nullable<string>;
    flagged_amount_cents: Int8Nullable;
    move_id: Int8Nullable;
    failure_reason: Nullable<string>;
    provider_code: Nullable<string>;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
}
