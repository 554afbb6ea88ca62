// The operators' audit trail (operator_audit, migration 004): one immutable row per action, written in
// the action's own transaction so a refused or failed action leaves no row and a done one always has one.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

export interface AuditEntry {
  /** Who: the operator's username ('admin'), or 'cli:<os user>' for the command line. */
  actor: string;
  /** What, e.g. 'BETSLIP.CREATE', 'BETSLIP.SETTLE', 'WALLET.READ'. */
  action: string;
  /** On what: a betslip sid, an msisdn, 'testimonial:12', 'prizes'. */
  target: string;
  detail?: Record<string, unknown>;
}

export async function audit(db: Kysely<Database>, entry: AuditEntry, at: Date): Promise<void> {
  await db
    .insertInto('operator_audit')
    .values({
      at,
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}

/** What an audited read or action records besides who did it. */
export type AuditWhat = Omit<AuditEntry, 'actor'>;

/**
 * The one way an operator's route records itself: `audited(actor, what, work)` runs the work, then writes
 * the entry (reads are audited like actions). A refused or failed one throws first and leaves no row.
 */
export function auditor(db: Kysely<Database>, now: () => Date) {
  return async <T>(actor: string, what: AuditWhat, work: () => Promise<T>): Promise<T> => {
    const value = await work();
    await audit(db, { actor, ...what }, now());
    return value;
  };
}
