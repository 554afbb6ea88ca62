// Reconciliation of payments whose request did not see them through (the provider did not answer in
// time, or the process died mid-request): cash-outs, airtime purchases and deposits here, and the one
// engine (reconcileEach) that play's airtime-charged stakes use too (play/reconcile.ts, which also runs
// every kind in one pass). It asks the provider what became of each reference and confirms, reverses or
// refunds it, and stores the final answer under the request's Idempotency-Key so the client's retry gets
// it. Safe to run from several instances at once and as often as wanted: every transition is a guarded
// UPDATE that moves only a row still in the state it was read in, so each payment is settled exactly
// once. The payments-reconcile job (server/jobs/) runs it every RECONCILE_INTERVAL_MS.
import {
  claimedAt,
  completeKey,
  type IdempotencyScope,
  releaseKey,
  takeOverKey,
} from '../idempotency/idempotency.ts';
import { withTimeout } from '../lib/withTimeout.ts';
import type {
  DepositStatus,
  MobileMoneyProvider,
  PaymentRef,
  PaymentStatus,
} from '../providers/mobileMoney.ts';
import { AIRTIME_ROUTE, answerFor, pendingPurchases, settlePurchase } from './airtime.ts';
import { type CashOut, confirmCashOut, failCashOut, pendingCashOuts } from './cashOut.ts';
import { DEPOSIT_ROUTE, pendingDeposits, refuseDeposit, settleDeposit } from './deposits.ts';
import type { LedgerDb } from './ledger.ts';
import { CASH_OUT_ROUTE } from './payout.ts';

export interface ReconcileOptions {
  now?: Date;
  /** Only cash-outs older than this (ms): younger ones may still be waiting for their request's answer. */
  minAgeMs: number;
  /** How long to wait for each status answer. */
  timeoutMs: number;
  limit?: number;
}

export interface ReconcileReport {
  confirmed: number;
  failed: number;
  stillPending: number;
}

/**
 * Takes over the key of the request that started a payment before asking the provider about it, as
 * that request's retry would: while reconciliation holds the key, no retry can ask the provider too
 * (a retry continues the old payment, so the payment's own age says nothing about one under way).
 * 'busy' when an attempt claimed the key less than `minAgeMs` ago, or takes it meanwhile: it may be
 * asking the provider right now, so it is left to finish. Otherwise the lock reconciliation now holds,
 * or null when no request holds the key.
 */
async function takeKey(
  db: LedgerDb,
  scope: IdempotencyScope,
  now: Date,
  minAgeMs: number,
): Promise<Date | null | 'busy'> {
  const claimed = await claimedAt(db, scope);
  if (!claimed) return null;
  if (claimed.getTime() > now.getTime() - minAgeMs) return 'busy';
  return (await takeOverKey(db, scope, claimed, now)) ? now : 'busy';
}

/** What reconciling one payment needs: its request's key, the status query, and what to do with the answer. */
interface Reconciled<A> {
  scope: IdempotencyScope | null;
  status: () => Promise<A>;
  /** Acts on the answer and names what it counted (null: another run settled it first). */
  settle: (answer: A) => Promise<keyof ReconcileReport | null>;
}

/**
 * One pass over the payments `pending` lists (older than `minAgeMs`), each asked about while holding its
 * request's key (see takeKey). A key busy with a live attempt, or no status answer in time, leaves the
 * payment pending; otherwise its `settle` acts on the answer. The key is released after (a stored answer
 * is kept: only a claim still in progress is released, so the retry runs at once). `plan` may instead
 * settle a payment itself and count it (returning what it counted), with no question to the provider.
 */
export async function reconcileEach<T, A>(
  db: LedgerDb,
  options: ReconcileOptions,
  pending: (olderThan: Date, limit: number) => Promise<T[]>,
  plan: (payment: T) => Promise<Reconciled<A> | keyof ReconcileReport>,
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const report: ReconcileReport = { confirmed: 0, failed: 0, stillPending: 0 };
  for (const payment of await pending(new Date(now.getTime() - options.minAgeMs), options.limit ?? 200)) {
    const step = await plan(payment);
    if (typeof step === 'string') {
      report[step]++;
      continue;
    }
    const held = step.scope ? await takeKey(db, step.scope, now, options.minAgeMs) : null;
    if (held === 'busy') {
      report.stillPending++;
      continue;
    }
    try {
      const answer = await withTimeout(step.status(), options.timeoutMs);
      const counted = answer === 'TIMEOUT' ? 'stillPending' : await step.settle(answer);
      if (counted) report[counted]++;
    } finally {
      if (step.scope && held) await releaseKey(db, step.scope, held);
    }
  }
  return report;
}

/**
 * What a status query names: the payment's reference, amount and time, with the number and the mobile
 * wallet the provider knows it by (a cash-out's wallet, an airtime purchase's receiving number).
 */
const paymentRef = (
  payment: Pick<PaymentRef, 'reference' | 'amountCents' | 'createdAt'>,
  by: Pick<PaymentRef, 'msisdn' | 'walletSid'>,
): PaymentRef => ({
  reference: payment.reference,
  msisdn: by.msisdn,
  walletSid: by.walletSid,
  amountCents: payment.amountCents,
  createdAt: payment.createdAt,
});

/** The key of the cash-out request that withheld `cashOut` (its CASH_OUT move's is 'cash-out:<key>'). */
async function cashOutScope(db: LedgerDb, cashOut: CashOut): Promise<IdempotencyScope | null> {
  const move = await db
    .selectFrom('cash_outs')
    .innerJoin('wallet_moves', 'wallet_moves.id', 'cash_outs.move_id')
    .select('wallet_moves.idempotency_key')
    .where('cash_outs.id', '=', cashOut.id)
    .executeTakeFirst();
  const prefix = 'cash-out:';
  if (!move?.idempotency_key.startsWith(prefix)) return null;
  return { msisdn: cashOut.msisdn, route: CASH_OUT_ROUTE, key: move.idempotency_key.slice(prefix.length) };
}

/** Settles what the provider has an outcome for; returns what this run changed. */
export function reconcileCashOuts(
  db: LedgerDb,
  provider: MobileMoneyProvider,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  return reconcileEach(
    db,
    options,
    (before, limit) => pendingCashOuts(db, before, { limit }),
    async (cashOut) => ({
      scope: await cashOutScope(db, cashOut),
      status: () =>
        provider.status(paymentRef(cashOut, { msisdn: cashOut.msisdn, walletSid: cashOut.mobileWalletSid })),
      settle: async (answer: PaymentStatus) => {
        if (answer.status === 'PENDING') return 'stillPending';
        if (answer.status === 'CONFIRMED')
          return (await confirmCashOut(db, cashOut.id, answer.providerRef)) ? 'confirmed' : null;
        // FAILED, or UNKNOWN: the request never reached the provider (minAgeMs rules out one in flight,
        // the held key a retry), so no money left and the subscriber gets it back.
        const why =
          answer.status === 'FAILED'
            ? { failureReason: answer.failureReason ?? 'PROVIDER_ERROR', providerCode: answer.providerCode }
            : { failureReason: 'NOT_REACHED' };
        return (await failCashOut(db, cashOut.id, null, why)) ? 'failed' : null;
      },
    }),
  );
}

/**
 * Airtime purchases whose request died: the provider's outcome confirms or reverses each (never heard
 * of = never bought: the money goes back), and the answer is stored for the client's retry.
 */
export function reconcileAirtimePurchases(
  db: LedgerDb,
  provider: MobileMoneyProvider,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  return reconcileEach(
    db,
    options,
    (before, limit) => pendingPurchases(db, before, limit),
    async (purchase) => {
      const scope = { msisdn: purchase.msisdn, route: AIRTIME_ROUTE, key: purchase.key };
      return {
        scope,
        status: () =>
          provider.airtimeStatus(
            paymentRef(purchase, { msisdn: purchase.receivingMsisdn, walletSid: purchase.walletSid }),
          ),
        settle: async (answer: PaymentStatus) => {
          if (answer.status === 'PENDING') return 'stillPending';
          const settled = await settlePurchase(db, purchase, answer.status === 'CONFIRMED' ? answer : null);
          await completeKey(db, scope, answerFor(settled));
          return settled.status === 'CONFIRMED' ? 'confirmed' : 'failed';
        },
      };
    },
  );
}

/**
 * Deposits with no result yet: the provider's status query settles each as its callback would. Never
 * on a timeout alone: no answer, or 'still pending', leaves it PENDING. A provider that never heard of
 * the reference (the prompt request never reached it; the held key rules out one still being sent)
 * took no money, so the deposit fails.
 */
export function reconcileDeposits(
  db: LedgerDb,
  provider: MobileMoneyProvider,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  return reconcileEach(
    db,
    options,
    (before, limit) => pendingDeposits(db, before, limit),
    async (deposit) => ({
      scope: { msisdn: deposit.msisdn, route: DEPOSIT_ROUTE, key: deposit.idempotencyKey },
      status: () => provider.depositStatus(paymentRef(deposit, deposit)),
      settle: async (answer: DepositStatus) => {
        if (answer.status === 'PENDING') return 'stillPending';
        if (answer.status === 'UNKNOWN') {
          await refuseDeposit(db, deposit.id, 'UNKNOWN_TO_PROVIDER', { failureReason: 'NOT_REACHED' });
          return 'failed';
        }
        const outcome = await settleDeposit(db, deposit.id, answer.result);
        if (outcome === 'CONFIRMED') return 'confirmed';
        if (outcome === 'CANCELLED' || outcome === 'FAILED') return 'failed';
        return outcome === 'FLAGGED' ? 'stillPending' : null;
      },
    }),
  );
}
