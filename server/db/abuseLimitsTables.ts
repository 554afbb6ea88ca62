// Kysely row types for the tables of migration 007_abuse_limits.
import type { ColumnType } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface AbuseLimitsTables {
  account_login_failures: {
    username: string;
    failures: ColumnType<number, number | undefined, number>;
    last_failure_at: NullableTimestamp;
    not_before: NullableTimestamp;
  };
  rate_counters: {
    key: string;
    window_start: ColumnType<Date, Date, Date>;
    count: number;
  };
}
