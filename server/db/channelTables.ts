// Kysely row types for the tables of migration 016_ussd_sms.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

export interface ChannelTables {
  ussd_sessions: {
    session_id: string;
    msisdn: string;
    lang: string;
    quick_pick: string;
    last_text: Generated<string>;
    last_answer: Generated<string>;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  channel_prefs: { msisdn: string; lang: string; updated_at: Timestamp };
  sms_inbound: {
    message_id: string;
    msisdn: string;
    text: string;
    reply: string | null;
    replied_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: Timestamp;
  };
  slip_codes: { msisdn: string; code: string; idempotency_key: string; created_at: Timestamp };
}
