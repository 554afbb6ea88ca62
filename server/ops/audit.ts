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
