// Kysely row types for the tables of migration 002_play_wallet. bigint columns are typed
// `number | string` on read because node-postgres returns int8 as text while PGlite returns a number:
// always read them through `Number()` (see toCents in server/wallet/ledger.ts).
import type { ColumnType, Generated } from 'kysely';
import type { SettlementRule } from '../../machines/rules/rowSettlement.ts';

type Int8 = ColumnType<number | string, number, number>;
type Int8Generated = ColumnType<number | string, number | undefined, never>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as a JSON string (node-postgres would turn a JS array into a PostgreSQL array). */
type Json<T> = ColumnType<T, string, string>;

export type MoveKind =
  | 'STAKE'
  | 'PRIZE'
  | 'OPERATOR_BILLING'
  | 'AIRTIME_PURCHASE'
  | 'CASH_OUT'
  | 'CASH_OUT_REVERSAL'
  | 'OPERATOR_ADJUSTMENT'
  | 'DEPOSIT'
  /** Migration 021: between a member's wallet and a group's escrow, either sign (group play). */
  | 'GROUP';

/** SETTLING: settlement has started (nothing more is accepted) but not every prize is paid yet. */
export type BetslipStatus = 'DRAFT' | 'SCHEDULED' | 'CURRENT' | 'CLOSED' | 'SETTLING' | 'SETTLED';
/** GROUP (migration 021): a group's slip, paid from its escrow. */
export type PaidFrom = 'WALLET' | 'AIRTIME' | 'GROUP';

/** Where a slip was played: the app (web or native), USSD or SMS; GROUP: a group's slip at its close. */
export type SlipChannel = 'APP' | 'USSD' | 'SMS' | 'GROUP';
export type CashOutStatus = 'PENDING' | 'CONFIRMED' | 'FAILED';

export interface StoredBetslipParams {
  defaultBetslipPrice: number;
  thirdChance: number;
  multipleChance: number;
  feePerSecond: number;
  feePerThird: number;
}

export interface StoredPrediction {
  betSlipPosition: number;
  prediction: number;
}

export interface PlayWalletTables {
  subscriptions: {
    msisdn: string;
    service: string;
    enabled: boolean;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
  wallets: { msisdn: string; created_at: CreatedAt };
  wallet_moves: {
    id: Int8Generated;
    msisdn: string;
    amount_cents: Int8;
    kind: MoveKind;
    reason: string;
    service_id: string;
    idempotency_key: string;
    created_at: CreatedAt;
  };
  cash_outs: {
    id: Int8Generated;
    msisdn: string;
    amount_cents: Int8;
    mobile_wallet_sid: string;
    status: CashOutStatus;
    move_id: Int8;
    reversal_move_id: Int8 | null;
    provider_ref: string | null;
    /** Added by migration 003: our reference at the mobile-money provider. */
    reference: ColumnType<string | null, string | null | undefined, string | null>;
    /** Added by migration 018: why it failed (INSUFFICIENT_FUNDS…) and the provider's code. */
    failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
    provider_code: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
  betslips: {
    sid: string;
    end_at: Timestamp;
    params: Json<StoredBetslipParams>;
    status: BetslipStatus;
    created_at: CreatedAt;
    /** Migration 004: when it was settled, and the statistics published then (null before). */
    settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    statistics: ColumnType<unknown, string | null | undefined, string | null>;
    /** Migration 014: a SCHEDULED betslip goes live no earlier than this (null: when the current one ends). */
    go_live_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** Migration 014: an unwon jackpot pool is added to the next round's jackpot. */
    rollover: ColumnType<boolean, boolean | undefined, boolean>;
    /** Migration 014: the jackpot this betslip passed on (cents), and to which betslip (null: not yet). */
    rollover_cents: ColumnType<number | string, number | undefined, number>;
    rolled_into: ColumnType<string | null, string | null | undefined, string | null>;
    /** Migration 019: how its slips are settled ('SLIP' for rounds published before rows counted). */
    settlement_rule: ColumnType<SettlementRule, SettlementRule | undefined, SettlementRule>;
  };
  matches: {
    betslip_sid: string;
    position: number;
    tournament: string;
    start_at: Timestamp;
    home_team: string;
    away_team: string;
    home_logo: string;
    away_logo: string;
    result: string | null;
  };
  submissions: {
    id: string;
    betslip_sid: string;
    msisdn: string;
    predictions: Json<StoredPrediction[]>;
    cost_cents: Int8;
    paid_from: PaidFrom;
    payment_ref: string | null;
    idempotency_key: string;
    created_at: CreatedAt;
    /** Short, unique, readable (server/play/receipts.ts); null only until backfillReceipts ran. */
    reference: string | null;
    /** The signed receipt (compact JWS, EdDSA). */
    jws: string | null;
    channel: Generated<SlipChannel>;
    /** Migration 019: the reduced system (null: a full slip), the rows it stands for, and once settled the
     * rows it won per tier ([{prizeType, count, amountEachCents}]; null for slips settled before). */
    system_id: ColumnType<string | null, string | null | undefined, string | null>;
    rows: ColumnType<number, number | undefined, number>;
    // correct_count, amount_won_cents, prize_won and winning_rows are still columns (migration 023) but
    // unused: a settled slip's are in slip_results.
  };
  /** Migration 023: a settled slip's count, prize and winning rows, one row per settled submission. */
  slip_results: {
    submission_id: string;
    correct_count: number;
    amount_won_cents: Int8;
    prize_won: string;
    /** The rows it won per tier ([{prizeType, count, amountEachCents}]); null for slips settled before 019. */
    winning_rows: ColumnType<unknown, string | null | undefined, string | null>;
  };
  /** Migration 019: rows picking each sign per match (index = position − 1), per round and shard. */
  pick_share_counts: {
    betslip_sid: string;
    shard: number;
    rows: Int8;
    home: ColumnType<Array<number | string>, never, never>;
    draw: ColumnType<Array<number | string>, never, never>;
    away: ColumnType<Array<number | string>, never, never>;
  };
  prizes: {
    id: Generated<number>;
    prize_type: number;
    amount_cents: Int8;
    betslip_sid: string | null;
  };
  testimonials: {
    id: Generated<number>;
    lang: string;
    img_url: string;
    name: string;
    occupation: string;
    text: string;
    position: Generated<number>;
  };
  idempotency_keys: {
    msisdn: string;
    route: string;
    key: string;
    request_hash: string;
    status: 'IN_PROGRESS' | 'DONE';
    response_status: number | null;
    response_body: Json<unknown> | null;
    locked_at: Timestamp;
    created_at: CreatedAt;
  };
}
