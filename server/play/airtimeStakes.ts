// Stakes charged to airtime, kept as intents so that no charge is lost or made twice. The intent is
// reserved under the wallet lock together with the weekly-limit check (so parallel stakes cannot pass
// a limit together), then charged at the operator with a reference derived from the Idempotency-Key,
// then confirmed — its ledger pair and its slip written while the betslip is open — or released or
// refunded (charged, but the betslip closed first). Releasing voids the reference at the operator first
// (RELEASING, then RELEASED), so a charge still on its way is refused or given back: RELEASED means the
// operator holds nothing for it, and the key may pay again, under a new reference. A request cut off
// anywhere in between is finished by the next attempt with the same key or by reconciliation, never
// charged again.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/index.ts';
import type { AirtimeStakeStatus, IntentTables } from '../db/intentTables.ts';
import { fromJson } from '../db/json.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import { toCents } from '../wallet/ledger.ts';

type Db = Kysely<Database>;

export interface AirtimeStake {
  reference: string;
  msisdn: string;
  key: string;
  sid: string;
  submissionId: string;
  predictions: StoredPrediction[];
  /** The reduced system the slip is played with; null for a full slip. */
  systemId: string | null;
  amountCents: number;
  lang?: string;
  status: AirtimeStakeStatus;
  createdAt: Date;
}

/** An intent from its row. */
export const toStake = (row: Selectable<IntentTables['airtime_stakes']>): AirtimeStake => ({
  reference: row.reference,
  msisdn: row.msisdn,
  key: row.idempotency_key,
  sid: row.betslip_sid,
  submissionId: row.submission_id,
  predictions: fromJson<StoredPrediction[]>(row.predictions),
  systemId: row.system_id,
  amountCents: toCents(row.amount_cents),
  lang: row.lang ?? undefined,
  status: row.status,
  createdAt: row.created_at,
});

/** The operator-billing reference of a stake: stable per subscriber and Idempotency-Key. */
export const stakeReference = (route: string, msisdn: string, key: string) => `${route}:${msisdn}:${key}`;

export async function findStake(db: Db, msisdn: string, key: string): Promise<AirtimeStake | undefined> {
  const row = await db
    .selectFrom('airtime_stakes')
    .selectAll()
    .where('msisdn', '=', msisdn)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && toStake(row);
}

/**
 * Reserves the stake (call under the wallet lock, after the limit check). A RELEASED intent for the same
 * key is reserved again with the new attempt's slip and reference (its old one was voided at the operator).
 */
export async function reserveStake(trx: Db, stake: Omit<AirtimeStake, 'status' | 'createdAt'>, now: Date) {
  const values = {
    reference: stake.reference,
    betslip_sid: stake.sid,
    submission_id: stake.submissionId,
    predictions: JSON.stringify(stake.predictions),
    system_id: stake.systemId,
    amount_cents: stake.amountCents,
    lang: stake.lang ?? null,
    status: 'RESERVED' as const,
    updated_at: now,
  };
  const reserved = await trx
    .insertInto('airtime_stakes')
    .values({ msisdn: stake.msisdn, idempotency_key: stake.key, created_at: now, ...values })
    .onConflict((oc) =>
      oc
        .columns(['msisdn', 'idempotency_key'])
        .doUpdateSet(values)
        .where('airtime_stakes.status', '=', 'RELEASED'),
    )
    .returning('reference')
    .executeTakeFirst();
  if (!reserved) throw new Error(`airtime stake ${stake.reference} is not released`);
}

/** The reference of a key's next attempt after a release: the old one is void at the operator. */
export const nextReference = (reference: string, submissionId: string) =>
  `${reference}:${submissionId.slice(0, 8)}`;

/** Moves an intent from one of `from` to `to`; false when another actor moved it first. */
export async function moveStake(
  db: Db,
  reference: string,
  from: AirtimeStakeStatus[],
  to: AirtimeStakeStatus,
  providerRef: string | null = null,
): Promise<boolean> {
  const row = await db
    .updateTable('airtime_stakes')
    .set({ status: to, updated_at: new Date(), ...(providerRef ? { provider_ref: providerRef } : {}) })
    .where('reference', '=', reference)
    .where('status', 'in', from)
    .returning('reference')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stakes reserved but not yet charged or released, since `since`, in cents (they count as spent). */
export async function reservedCents(db: Db, msisdn: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('airtime_stakes')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('msisdn', '=', msisdn)
    .where('status', '=', 'RESERVED')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return toCents(row?.total);
}

/**
 * Intents reconciliation must finish: reserved and older than `olderThan`, or waiting for a refund or a
 * void at the operator.
 */
export async function openStakes(db: Db, olderThan: Date, limit = 200): Promise<AirtimeStake[]> {
  const rows = await db
    .selectFrom('airtime_stakes')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'RESERVED'), eb('created_at', '<', olderThan)]),
        eb('status', 'in', ['REFUNDING', 'RELEASING']),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toStake);
}
