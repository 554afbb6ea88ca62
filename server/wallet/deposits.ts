// Ledger side of a deposit (money in by mobile money). A deposit is written PENDING before the provider
// is asked to prompt the subscriber; the provider's result (signed callback, or the status query during
// reconciliation) settles it once: CONFIRMED with its DEPOSIT move (withdrawable), CANCELLED (1032) or
// FAILED. Settling takes the row FOR UPDATE and acts only on a PENDING, unflagged one, so a repeated,
// reordered or late result changes nothing. A result we must not act on alone (a paid amount that
// differs, a payment reported for a deposit already closed) is flagged for an operator instead.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DepositStatus, DepositTables } from '../db/depositTables.ts';
import { type DepositResult, RESULT } from '../providers/depositCallback.ts';
import type { FailureReason } from '../rails/types.ts';
import { inTransaction, type LedgerDb, lockWallet, postMove, toCents } from './ledger.ts';

/** The idempotency route name of POST deposit (reconciliation holds the same key). */
export const DEPOSIT_ROUTE = 'deposit';

export interface Deposit {
  id: string;
  reference: string;
  msisdn: string;
  idempotencyKey: string;
  walletSid: string;
  amountCents: number;
  status: DepositStatus;
  providerRequestId: string | null;
  providerReceipt: string | null;
  resultCode: number | null;
  flag: string | null;
  flaggedAmountCents: number | null;
  failureReason: string | null;
  providerCode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const toDeposit = (row: Selectable<DepositTables['deposits']>): Deposit => ({
  id: row.id,
  reference: row.reference,
  msisdn: row.msisdn,
  idempotencyKey: row.idempotency_key,
  walletSid: row.wallet_sid,
  amountCents: toCents(row.amount_cents),
  status: row.status,
  providerRequestId: row.provider_request_id,
  providerReceipt: row.provider_receipt,
  resultCode: row.result_code,
  flag: row.flag,
  flaggedAmountCents: row.flagged_amount_cents === null ? null : toCents(row.flagged_amount_cents),
  failureReason: row.failure_reason,
  providerCode: row.provider_code,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

// Crockford-style: no I, L, O, U, so a reference read out over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'DP-7F3K2Q9A': short, readable, unguessable enough to be quoted to support. */
export function newReference(): string {
  const bytes = randomBytes(8);
  return `DP-${Array.from(bytes, (b) => ALPHABET[b % 32]).join('')}`;
}

/** What a move of a deposit is keyed by in the ledger (one DEPOSIT move per deposit). */
export const depositMoveKey = (id: string) => `deposit:${id}`;

/**
 * Writes a PENDING deposit under the wallet lock, after `check` (the weekly limit) passed with the lock
 * held; the same (subscriber, key) returns the deposit already written.
 */
export function createDeposit(
  db: LedgerDb,
  input: { msisdn: string; amountCents: number; walletSid: string; idempotencyKey: string },
  check: (trx: LedgerDb) => Promise<void>,
): Promise<Deposit> {
  return inTransaction(db, async (trx) => {
    await lockWallet(trx, input.msisdn);
    const existing = await findByKey(trx, input.msisdn, input.idempotencyKey);
    if (existing) return existing;
    await check(trx);
    const row = await trx
      .insertInto('deposits')
      .values({
        id: randomUUID(),
        reference: newReference(),
        msisdn: input.msisdn,
        idempotency_key: input.idempotencyKey,
        wallet_sid: input.walletSid,
        amount_cents: input.amountCents,
        status: 'PENDING',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDeposit(row);
  });
}

async function findByKey(db: LedgerDb, msisdn: string, key: string) {
  const row = await db
    .selectFrom('deposits')
    .selectAll()
    .where('msisdn', '=', msisdn)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && toDeposit(row);
}

export async function findDeposit(db: LedgerDb, id: string): Promise<Deposit | undefined> {
  const row = await db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toDeposit(row);
}

export async function findByReference(db: LedgerDb, reference: string): Promise<Deposit | undefined> {
  const row = await db
    .selectFrom('deposits')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row && toDeposit(row);
}

export async function findByProviderRequest(db: LedgerDb, providerRequestId: string) {
  const row = await db
    .selectFrom('deposits')
    .selectAll()
    .where('provider_request_id', '=', providerRequestId)
    .executeTakeFirst();
  return row && toDeposit(row);
}

/** Remembers the provider's id for the prompt (first one wins: a retry gets the same from the provider). */
export async function recordProviderRequest(db: LedgerDb, id: string, providerRequestId: string) {
  await db
    .updateTable('deposits')
    .set({ provider_request_id: providerRequestId, updated_at: new Date() })
    .where('id', '=', id)
    .where('provider_request_id', 'is', null)
    .execute();
}

/**
 * Why an M-Pesa Express (Daraja-style) result code did not pay, as the subscriber is told: 1032 the
 * subscriber cancelled, 1037 their phone could not be reached, 1 not enough money, 2001 a wrong PIN.
 */
export function failureOfCode(code: number): FailureReason {
  if (code === RESULT.CANCELLED || code === 2001) return 'DECLINED';
  if (code === RESULT.UNREACHABLE) return 'NOT_REACHED';
  if (code === 1) return 'INSUFFICIENT_FUNDS';
  return 'PROVIDER_ERROR';
}

/** The provider refused the prompt outright: nothing was asked of the subscriber. */
export async function refuseDeposit(
  db: LedgerDb,
  id: string,
  reason: string,
  why: { failureReason?: FailureReason; providerCode?: string | null } = {},
): Promise<void> {
  await db
    .updateTable('deposits')
    .set({
      status: 'FAILED',
      result_desc: reason.slice(0, 200),
      failure_reason: why.failureReason ?? 'PROVIDER_ERROR',
      provider_code: why.providerCode ?? null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

export type SettleOutcome = 'CONFIRMED' | 'CANCELLED' | 'FAILED' | 'FLAGGED' | 'UNCHANGED';

/**
 * Applies the provider's result to deposit `id` exactly once. The result must be the provider's (a
 * verified callback or the status query); `providerRequestId` must match the one recorded, if any.
 */
export function settleDeposit(db: LedgerDb, id: string, result: DepositResult): Promise<SettleOutcome> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('deposits')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'UNCHANGED';
    const deposit = toDeposit(row);
    if (deposit.providerRequestId && deposit.providerRequestId !== result.providerRequestId)
      return 'UNCHANGED';
    const paid = result.resultCode === RESULT.PAID;
    const now = new Date();
    const base = {
      provider_request_id: result.providerRequestId,
      result_code: result.resultCode,
      result_desc: result.resultDesc.slice(0, 200),
      provider_code: (result.providerCode ?? String(result.resultCode)).slice(0, 64),
      updated_at: now,
    };
    if (deposit.flag) return 'UNCHANGED';
    if (deposit.status !== 'PENDING') {
      // Money reported taken for a deposit we closed without it: never silent, never credited alone.
      if (!paid || deposit.status === 'CONFIRMED') return 'UNCHANGED';
      await flag(trx, deposit, 'PAID_AFTER_CLOSE', result, { updated_at: now });
      return 'FLAGGED';
    }
    if (!paid) {
      const status = result.resultCode === RESULT.CANCELLED ? 'CANCELLED' : 'FAILED';
      await trx
        .updateTable('deposits')
        .set({ ...base, status, failure_reason: result.failureReason ?? failureOfCode(result.resultCode) })
        .where('id', '=', id)
        .execute();
      return status;
    }
    if (result.amountCents !== deposit.amountCents) {
      await flag(trx, deposit, 'AMOUNT_MISMATCH', result, base);
      return 'FLAGGED';
    }
    await lockWallet(trx, deposit.msisdn);
    const move = await postMove(trx, {
      msisdn: deposit.msisdn,
      amountCents: deposit.amountCents,
      kind: 'DEPOSIT',
      reason: 'DEPOSIT',
      serviceId: deposit.walletSid,
      idempotencyKey: depositMoveKey(deposit.id),
    });
    if (!move.ok) throw new Error('a credit cannot be refused');
    await trx
      .updateTable('deposits')
      .set({ ...base, status: 'CONFIRMED', provider_receipt: result.receipt ?? null, move_id: move.move.id })
      .where('id', '=', id)
      .execute();
    return 'CONFIRMED';
  });
}

async function flag(
  trx: LedgerDb,
  deposit: Deposit,
  why: string,
  result: DepositResult,
  set: Record<string, unknown>,
): Promise<void> {
  await trx
    .updateTable('deposits')
    .set({
      ...set,
      flag: why,
      flagged_amount_cents: result.amountCents ?? null,
      provider_receipt: result.receipt ?? null,
    })
    .where('id', '=', deposit.id)
    .execute();
}

/** PENDING, unflagged deposits created before `olderThan`, oldest first (for reconciliation). */
export async function pendingDeposits(db: LedgerDb, olderThan: Date, limit = 200): Promise<Deposit[]> {
  const rows = await db
    .selectFrom('deposits')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('flag', 'is', null)
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toDeposit);
}

/** A subscriber's deposits, newest first (the wallet shows the pending ones and each one's status). */
export async function depositsOf(db: LedgerDb, msisdn: string, limit = 50): Promise<Deposit[]> {
  const rows = await db
    .selectFrom('deposits')
    .selectAll()
    .where('msisdn', '=', msisdn)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDeposit);
}

/** Flagged deposits for the operator, newest first. */
export async function flaggedDeposits(db: LedgerDb, limit = 200): Promise<Deposit[]> {
  const rows = await db
    .selectFrom('deposits')
    .selectAll()
    .where('flag', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDeposit);
}

/** Cents asked for or credited since `since`: pending and confirmed deposits count against the limit. */
export async function depositedSince(db: LedgerDb, msisdn: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('deposits')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('msisdn', '=', msisdn)
    .where('status', 'in', ['PENDING', 'CONFIRMED'])
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return toCents(row?.total);
}
