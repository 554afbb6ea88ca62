// Kysely row types for migration 004_operations: the operators' audit trail. (Its new betslips columns
// settled_at and statistics are declared in playWalletTables.ts with the rest of the betslips table.)
import type { ColumnType, Generated } from 'kysely';

export interface OperationsTables {
  operator_audit: {
    id: Generated<number | string>;
    at: ColumnType<Date, Date | string | undefined, never>;
    actor: string;
    action: string;
    target: string;
    /** jsonb, written as a JSON string. */
    detail: ColumnType<unknown, string, never>;
  };
}
