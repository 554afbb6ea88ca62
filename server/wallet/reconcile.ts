// Reconciliation of cash-outs left PENDING (the provider did not answer in time, or the process died
// mid-request): ask the provider what became of each reference and settle or reverse it. Safe to run
// from several instances at once and as often as wanted: confirmCashOut/failCashOut only move a row
// that is still PENDING (a guarded UPDATE), so each cash-out is settled exactly once.
import type { FastifyBaseLogger } from 'fastify';
import { type MobileMoneyProvider, withTimeout } from '../providers/mobileMoney.ts';
import { confirmCashOut, failCashOut, pendingCashOuts } from './cashOut.ts';
import type { LedgerDb } from './ledger.ts';

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

/** Settles what the provider has an outcome for; returns what this run changed. */
export async function reconcileCashOuts(
  db: LedgerDb,
  provider: MobileMoneyProvider,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const pending = await pendingCashOuts(db, new Date(now.getTime() - options.minAgeMs), {
    limit: options.limit ?? 200,
  });
  const report: ReconcileReport = { confirmed: 0, failed: 0, stillPending: 0 };
  for (const cashOut of pending) {
    const answer = await withTimeout(provider.status(cashOut.reference), options.timeoutMs);
    if (answer === 'TIMEOUT' || answer.status === 'PENDING') {
      report.stillPending++;
    } else if (answer.status === 'CONFIRMED') {
      if (await confirmCashOut(db, cashOut.id, answer.providerRef)) report.confirmed++;
    } else if (await failCashOut(db, cashOut.id, null)) {
      // FAILED, or UNKNOWN: the request never reached the provider (minAgeMs rules out one in flight),
      // so no money left and the subscriber gets it back.
      report.failed++;
    }
  }
  return report;
}

/** Runs reconcileCashOuts every `intervalMs` until the returned stop function is called. */
export function startReconciler(
  db: LedgerDb,
  provider: MobileMoneyProvider,
  options: { intervalMs: number; timeoutMs: number; log: FastifyBaseLogger },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return; // a slow provider must not pile runs up
    running = true;
    reconcileCashOuts(db, provider, { minAgeMs: 2 * options.timeoutMs, timeoutMs: options.timeoutMs })
      .then((report) => {
        if (report.confirmed || report.failed) options.log.info({ report }, 'cash-outs reconciled');
      })
      .catch((error) => options.log.error({ err: error }, 'cash-out reconciliation failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
