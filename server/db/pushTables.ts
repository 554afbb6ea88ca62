// Kysely row types for the tables of migration 005_push.
import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type PushNoticeKind = 'CLOSING_SOON' | 'RESULTS' | 'WINNINGS';

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
  push_notices: {
    kind: PushNoticeKind;
    betslip_sid: string;
    msisdn: string;
    sent_at: CreatedAt;
  };
}
