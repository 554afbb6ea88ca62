// Kysely row types for the tables of migration 021_groups (bigint columns: read via Number()).
import type { ColumnType, Generated } from 'kysely';
import type { StoredPrediction } from './playWalletTables.ts';

type Int8 = ColumnType<number | string, number, number>;
type Int8Nullable = ColumnType<number | string | null, number | null | undefined, number | null>;
type Int8Generated = ColumnType<number | string, number | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type GroupStatus = 'OPEN' | 'SUBMITTED' | 'SETTLED' | 'CANCELLED';
export type UnsoldRule = 'CANCEL' | 'CAPTAIN_COVERS';
export type ShareSource = 'CREATE' | 'BUY' | 'COVER';

export interface GroupTables {
  groups: {
    id: string;
    code: string;
    betslip_sid: string;
    captain_msisdn: string;
    name: string;
    predictions: ColumnType<StoredPrediction[] | string, string, string>;
    system_id: string | null;
    rows: number;
    price_cents: Int8;
    shares: number;
    share_price_cents: Int8;
    captain_extra_cents: Int8;
    sold: number;
    unsold: UnsoldRule;
    status: GroupStatus;
    closes_at: Timestamp;
    submission_id: ColumnType<string | null, string | null | undefined, string | null>;
    winnings_cents: Int8Nullable;
    share_winnings_cents: Int8Nullable;
    remainder_cents: Int8Nullable;
    idempotency_key: string;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
  group_shares: {
    id: Int8Generated;
    group_id: string;
    msisdn: string;
    count: number;
    amount_cents: Int8;
    reference: string;
    source: ShareSource;
    idempotency_key: string;
    created_at: Generated<Date>;
  };
}
