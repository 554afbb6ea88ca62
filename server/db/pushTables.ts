// Kysely row types for the tables of migration 005_push.
import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type PushNoticeKind = 'CLOSING_SOON' | 'RESULTS' | 'WINNINGS' | 'STANDING_PLAYED' | 'STANDING_REFUSED';

export interface PushTables {
  push_subscriptions: {
    endpoint: string;
    msisdn: string;
    p256dh: string;
    auth: string;
    lang: string;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
  mobile_push_tokens: {
    token: string;
    msisdn: string;
    created_at: CreatedAt;
    updated_at: Timestamp;
  };
  /** Migration 009: claimed (by job `job_id`, null outside a job) before sending, `sent_at` after. */
  push_notices: {
    kind: PushNoticeKind;
    betslip_sid: string;
    msisdn: string;
    claimed_at: Timestamp;
    job_id: string | null;
    sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
}
