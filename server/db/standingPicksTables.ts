// Kysely row types for the tables of migration 012_standing_picks.
import type { ColumnType } from 'kysely';
import type { StoredPrediction } from './playWalletTables.ts';

type Timestamp = ColumnType<Date, Date, Date>;

export type StandingPlayStatus = 'PENDING' | 'ACCEPTED' | 'REFUSED';

export interface StandingPicksTables {
  standing_picks: {
    msisdn: string;
    /** jsonb, as submitted: [{betSlipPosition, prediction}] (read through fromJson). */
    predictions: ColumnType<StoredPrediction[], string, string>;
    /** The round the choice was set in: it is played from the next one on. */
    set_in_sid: string;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  standing_plays: {
    msisdn: string;
    betslip_sid: string;
    status: StandingPlayStatus;
    message_key: string | null;
    submission_id: string | null;
    created_at: Timestamp;
    finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
}
