// Ledger side of a cash-out (the provider conversation is in payout.ts and reconcile.ts). The money
// leaves the available balance when the cash-out starts (a CASH_OUT move) and is reported as withheld
// while the cash_outs row is PENDING; the provider's answer then confirms it, or fails it and a
// CASH_OUT_REVERSAL move gives the money back. Each transition happens at most once, whoever calls it.
import { type Selectable, sql } from 'kysely';
import type { CashOutStatus, PlayWalletTables } from '../db/playWalletTables.ts';
import {
  findMove,
  inTransaction,
  type LedgerDb,
  lockWallet,
  postMove,
  toCents,
  walletSummary,
} from './ledger.ts';

export interface CashOut {
  id: number;
  msisdn: string;
  amountCents: number;
  mobileWalletSid: string;
  status: CashOutStatus;
  providerRef: string | null;
  /** Ours, sent to the provider and shown while the cash-out is under processing ('CO-<id>'). */
  reference: string;
  createdAt: Date;
}

export type StartCashOutResult =
  | { ok: true; cashOut: CashOut; replayed: boolean }
  | { ok: false; reason: 'INSUFFICIENT_FUNDS'; withdrawableCents: number };

const toCashOut = (row: Selectable<PlayWalletTables['cash_outs']>): CashOut => ({
  id: Number(row.id),
  msisdn: row.msisdn,
  amountCents: toCents(row.amount_cents),
  mobileWalletSid: row.mobile_wallet_sid,
  status: row.status,
  providerRef: row.provider_ref,
  reference: row.reference ?? `CO-${row.id}`,
  createdAt: row.created_at,
});

async function byMoveId(db: LedgerDb, moveId: number): Promise<CashOut | undefined> {
  const row = await db.selectFrom('cash_outs').selectAll().where('move_id', '=', moveId).executeTakeFirst();
  return row && toCashOut(row);
}

/** Withholds `amountCents` of the subscriber's withdrawable winnings for a cash-out; refused above it. */
export function startCashOut(
  db: LedgerDb,
  input: {
    msisdn: string;
    amountCents: number;
    mobileWalletSid: string;
    idempotencyKey: string;
    serviceId?: string;
  },
): Promise<StartCashOutResult> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error('bad amount');
  return inTransaction(db, async (trx) => {
    await lockWallet(trx, input.msisdn);
    const key = `cash-out:${input.idempotencyKey}`;
    const existing = await findMove(trx, input.msisdn, key);
    if (existing) {
      const cashOut = await byMoveId(trx, existing.id);
      if (cashOut) return { ok: true, cashOut, replayed: true };
    }
    // Only winnings may leave the wallet (operator credit is spendable, not withdrawable).
    const { withdrawableAmount } = await walletSummary(trx, input.msisdn);
    if (input.amountCents > withdrawableAmount) {
      return { ok: false, reason: 'INSUFFICIENT_FUNDS', withdrawableCents: withdrawableAmount };
    }
    const posted = await postMove(trx, {
      msisdn: input.msisdn,
      amountCents: -input.amountCents,
      kind: 'CASH_OUT',
      reason: 'CASH_OUT',
      serviceId: input.serviceId ?? 'JACKPOT14',
      idempotencyKey: key,
    });
    if (!posted.ok) return { ok: false, reason: 'INSUFFICIENT_FUNDS', withdrawableCents: withdrawableAmount };
    await trx
      .insertInto('cash_outs')
      .values({
        msisdn: input.msisdn,
        amount_cents: input.amountCents,
        mobile_wallet_sid: input.mobileWalletSid,
        status: 'PENDING',
        move_id: posted.move.id,
      })
      .execute();
    // The reference is derived from the id, which only the insert assigns.
    await trx
      .updateTable('cash_outs')
      .set({ reference: sql<string>`'CO-' || id::text` })
      .where('move_id', '=', posted.move.id)
      .execute();
    const cashOut = await byMoveId(trx, posted.move.id);
    return { ok: true, cashOut: cashOut!, replayed: false };
  });
}

/** PENDING → CONFIRMED. Returns false when the cash-out was not pending (already settled). */
export async function confirmCashOut(db: LedgerDb, id: number, providerRef: string): Promise<boolean> {
  const row = await db
    .updateTable('cash_outs')
    .set({ status: 'CONFIRMED', provider_ref: providerRef, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Why a payment failed, as the subscriber is told, and the provider's own code (for the operator). */
export interface FailureDetail {
  failureReason?: string | null;
  providerCode?: string | null;
}

/** PENDING → FAILED with the money credited back, in one transaction. False when not pending. */
export function failCashOut(
  db: LedgerDb,
  id: number,
  providerRef: string | null = null,
  why: FailureDetail = {},
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('cash_outs')
      .set({
        status: 'FAILED',
        provider_ref: providerRef,
        failure_reason: why.failureReason ?? null,
        provider_code: why.providerCode ?? null,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .returning(['msisdn', 'amount_cents'])
      .executeTakeFirst();
    if (!row) return false;
    const reversal = await postMove(trx, {
      msisdn: row.msisdn,
      amountCents: toCents(row.amount_cents),
      kind: 'CASH_OUT_REVERSAL',
      reason: 'CASH_OUT_REVERSAL',
      serviceId: 'JACKPOT14',
      idempotencyKey: `cash-out-reversal:${id}`,
    });
    if (reversal.ok) {
      await trx
        .updateTable('cash_outs')
        .set({ reversal_move_id: reversal.move.id })
        .where('id', '=', id)
        .execute();
    }
    return true;
  });
}

/** Cash-outs still waiting for the provider (for the reconciliation job), oldest first; null = any age. */
export async function pendingCashOuts(
  db: LedgerDb,
  olderThan: Date | null,
  options: { msisdn?: string; limit?: number } = {},
): Promise<CashOut[]> {
  let query = db.selectFrom('cash_outs').selectAll().where('status', '=', 'PENDING');
  if (olderThan) query = query.where('created_at', '<', olderThan);
  if (options.msisdn) query = query.where('msisdn', '=', options.msisdn);
  const rows = await query
    .orderBy('id')
    .limit(options.limit ?? 1000)
    .execute();
  return rows.map(toCashOut);
}

/** One cash-out by id. */
export async function findCashOut(db: LedgerDb, id: number): Promise<CashOut | undefined> {
  const row = await db.selectFrom('cash_outs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCashOut(row);
}
