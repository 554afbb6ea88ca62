// The operators' audit trail as admins read it: newest first, narrowed by who, what, on what and when.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';

export interface AuditFilter {
  actor?: string;
  action?: string;
  /** A betslip sid, an msisdn, 'testimonial:12'… (exact). */
  target?: string;
  from?: Date;
  to?: Date;
  /** Rows before this id (the next page). */
  before?: number;
  limit: number;
}

export async function readAudit(db: Kysely<Database>, filter: AuditFilter) {
  let query = db
    .selectFrom('operator_audit')
    .select(['id', 'at', 'actor', 'action', 'target', 'detail'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    target: r.target,
    detail: fromJson<Record<string, unknown>>(r.detail),
  }));
}
