// Kysely row types for the tables of migration 006_payment_intents (bigint columns: read via Number()).
import type { ColumnType } from 'kysely';
import type { StoredPrediction } from './playWalletTables.ts';

type Int8 = ColumnType<number | string, number, number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type AirtimeStakeStatus =
  | 'RESERVED'
  | 'CONFIRMED'
  | 'RELEASING'
  | 'RELEASED'
  | 'REFUNDING'
  | 'REFUNDED';
export type AirtimePurchaseStatus = 'PENDING' | 'CONFIRMED' | 'REVERSED';

export interface IntentTables {
  airtime_stakes: {
    reference: string;
    msisdn: string;
    idempotency_key: string;
    betslip_sid: string;
    submission_id: string;
    predictions: Json<StoredPrediction[]>;
    amount_cents: Int8;
    lang: string | null;
    /** Migration 019: the slip's reduced system (null: a full slip). */
    system_id: ColumnType<string | null, string | null | undefined, string | null>;
    status: AirtimeStakeStatus;
    provider_ref: string | null;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
  airtime_purchases: {
    reference: string;
    msisdn: string;
    idempotency_key: string;
    receiving_msisdn: string;
    wallet_sid: string;
    amount_cents: Int8;
    lang: string | null;
    status: AirtimePurchaseStatus;
    provider_ref: string | null;
    failure_reason?: string | null;
    provider_code?: string | null;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
  rail_emulator_records: {
    rail: string;
    key: string;
    value: Json<unknown>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  simulator_outcomes: {
    provider: string;
    reference: string;
    outcome: Json<unknown>;
    created_at: CreatedAt;
  };
}
