// A slip the app could not send may reach us twice: as the app's queued request (its Idempotency-Key)
// and as a fallback SMS carrying the key's short code (machines/rules/channelPicks.ts slipCode). Both
// claim the code in slip_codes before paying; the first owns it and pays under its own key, the other
// answers with the owner's stored answer instead of paying again, in either order. An owner that was
// refused (or died before answering) gives the code up, so the slip can still be played by the other.
import type { Kysely } from 'kysely';
import { slipCode } from '../../machines/rules/channelPicks.ts';
import type { Database } from '../db/index.ts';
import { STALE_AFTER_MS, type StoredResponse } from '../idempotency/idempotency.ts';
import { SUBMIT_ROUTE } from './submit.ts';

type Db = Kysely<Database>;

export type CodeClaim =
  /** Pay under your own key. */
  | { kind: 'mine' }
  /** The other path was accepted: answer with its answer, pay nothing. */
  | { kind: 'answered'; response: StoredResponse }
  /** The other path is paying right now: ask again later. */
  | { kind: 'running' };

async function claimOwner(db: Db, msisdn: string, code: string, key: string, now: Date): Promise<string> {
  const inserted = await db
    .insertInto('slip_codes')
    .values({ msisdn, code, idempotency_key: key, created_at: now })
    .onConflict((oc) => oc.columns(['msisdn', 'code']).doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  if (inserted) return key;
  const row = await db
    .selectFrom('slip_codes')
    .select('idempotency_key')
    .where('msisdn', '=', msisdn)
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.idempotency_key ?? key;
}

/** An airtime charge the owner started and did not finish: reconciliation may still pay it. */
async function airtimeUnderway(db: Db, msisdn: string, key: string): Promise<boolean> {
  const stake = await db
    .selectFrom('airtime_stakes')
    .select('status')
    .where('msisdn', '=', msisdn)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return stake !== undefined && ['RESERVED', 'CONFIRMED', 'REFUNDING'].includes(stake.status);
}

/** Claims `code` for the slip paid under `key`, or says what the code's owner answered. */
export async function claimSlipCode(
  db: Db,
  msisdn: string,
  code: string,
  key: string,
  now: Date,
): Promise<CodeClaim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const owner = await claimOwner(db, msisdn, code, key, now);
    if (owner === key) return { kind: 'mine' };
    const record = await db
      .selectFrom('idempotency_keys')
      .select(['status', 'response_status', 'response_body', 'locked_at'])
      .where('msisdn', '=', msisdn)
      .where('route', '=', SUBMIT_ROUTE)
      .where('key', '=', owner)
      .executeTakeFirst();
    if (record?.status === 'DONE' && record.response_status === 200) {
      return { kind: 'answered', response: { statusCode: 200, body: record.response_body } };
    }
    const live =
      record?.status === 'IN_PROGRESS' && now.getTime() - record.locked_at.getTime() < STALE_AFTER_MS;
    if (live || (await airtimeUnderway(db, msisdn, owner))) return { kind: 'running' };
    // Refused, released after a failure, or abandoned: nothing was paid under it, the code is free.
    const taken = await db
      .updateTable('slip_codes')
      .set({ idempotency_key: key, created_at: now })
      .where('msisdn', '=', msisdn)
      .where('code', '=', code)
      .where('idempotency_key', '=', owner)
      .returning('code')
      .executeTakeFirst();
    if (taken) return { kind: 'mine' };
  }
  return { kind: 'running' };
}

/**
 * The answer of an app slip on betslip `sid` paid under a key with this code before any code was
 * claimed: the app's first try, which reached us although its answer was lost (only replays claim).
 */
export async function paidUnderCode(
  db: Db,
  msisdn: string,
  sid: string,
  code: string,
): Promise<StoredResponse | null> {
  const rows = await db
    .selectFrom('submissions')
    .select('idempotency_key')
    .where('msisdn', '=', msisdn)
    .where('betslip_sid', '=', sid)
    .execute();
  const key = rows.map((r) => r.idempotency_key).find((k) => slipCode(k) === code);
  if (!key) return null;
  const record = await db
    .selectFrom('idempotency_keys')
    .select(['response_status', 'response_body'])
    .where('msisdn', '=', msisdn)
    .where('route', '=', SUBMIT_ROUTE)
    .where('key', '=', key)
    .where('status', '=', 'DONE')
    .executeTakeFirst();
  return record?.response_status === 200 ? { statusCode: 200, body: record.response_body } : null;
}
