// Kysely row types for the tables of migration 001_identity (login_failures: dropped by 007_abuse_limits;
// otps.purpose: added by 010_otp_purpose, SIGN_IN by 020_sign_in_codes; users' operator columns by 017_operator_accounts).

import type { JWK } from 'jose';
import type { ColumnType } from 'kysely';

/**
 * What a one-time password may be used for: registering an account, resetting its password, or signing
 * in from an address over its failure limit (020_sign_in_codes).
 */
export type OtpPurpose = 'REGISTER' | 'RESET' | 'SIGN_IN';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
/** bigserial: node-postgres reads int8 as text, PGlite as a number. */
type Serial = ColumnType<number | string, never, never>;
/** jsonb written as a JSON string (node-postgres would send a JS array as a PostgreSQL array). */
type Json<T> = ColumnType<T, string, string>;

export interface IdentityTables {
  users: {
    id: string;
    username: string;
    msisdn: string | null;
    password_hash: string;
    roles: ColumnType<string[], string[], string[]>;
    created_at: CreatedAt;
    updated_at: ColumnType<Date, Date | undefined, Date>;
    /** When the subscriber confirmed being 18 or older (015_terms_acceptance; null before). */
    adult_confirmed_at: NullableTimestamp;
    /** A password set by another operator: changed before anything else (017_operator_accounts). */
    must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
    /** When an admin disabled the account; null while it may sign in (017_operator_accounts). */
    disabled_at: NullableTimestamp;
    /** The last successful password grant (017_operator_accounts). */
    last_sign_in_at: NullableTimestamp;
  };
  /** Each version of the terms a subscriber accepted, once, with the time (015_terms_acceptance). */
  terms_acceptances: {
    msisdn: string;
    version: string;
    accepted_at: Timestamp;
  };
  refresh_tokens: {
    jti: string;
    family_id: string;
    user_id: string;
    client_id: string;
    expires_at: Timestamp;
    used_at: NullableTimestamp;
    revoked_at: NullableTimestamp;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
  otps: {
    id: string;
    msisdn: string;
    code_hash: string;
    expires_at: Timestamp;
    tries: ColumnType<number, number | undefined, number>;
    consumed_at: NullableTimestamp;
    created_at: Timestamp;
    /** What the code proves the phone for (defaults to REGISTER). */
    purpose: ColumnType<OtpPurpose, OtpPurpose | undefined, OtpPurpose>;
  };
  signing_keys: {
    kid: string;
    alg: string;
    private_jwk: Json<JWK>;
    public_jwk: Json<JWK>;
    created_at: CreatedAt;
  };
  sms_outbox: {
    id: Serial;
    msisdn: string;
    text: string;
    otp: string | null;
    created_at: Timestamp;
  };
}
