// cash-out: withhold from the withdrawable winnings (cashOut.ts), ask the mobile-money provider to pay,
// and settle with its answer: CONFIRMED, or FAILED with the money reversed. A provider that does not
// answer in time leaves the cash-out PENDING under its reference; reconcile.ts settles it later. Every
// settlement is a guarded SQL transition, so the request and any number of reconcilers settle it once.

import { ApiError } from '../errors.ts';
import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.ts';
import { withTimeout } from '../lib/withTimeout.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import type { MoneyDeps } from './airtime.ts';
import { type CashOut, confirmCashOut, failCashOut, findCashOut, startCashOut } from './cashOut.ts';
import { inTransaction, type LedgerDb } from './ledger.ts';
import { type MoneyMessageKey, moneyMessage } from './messages.ts';
import type { SupportedWallet } from './mobileWallets.ts';

export const CASH_OUT_ROUTE = 'cash-out';

/** Applies a provider outcome to a pending cash-out; returns the cash-out as it now stands. */
export async function settleWithProvider(
  db: LedgerDb,
  provider: MobileMoneyProvider,
  cashOut: CashOut,
  timeoutMs: number,
): Promise<CashOut> {
  if (cashOut.status !== 'PENDING') return cashOut;
  const outcome = await withTimeout(
    provider.disburse({
      reference: cashOut.reference,
      msisdn: cashOut.msisdn,
      walletSid: cashOut.mobileWalletSid,
      amountCents: cashOut.amountCents,
    }),
    timeoutMs,
  );
  if (outcome !== 'TIMEOUT') {
    if (outcome.status === 'CONFIRMED') await confirmCashOut(db, cashOut.id, outcome.providerRef);
    else
      await failCashOut(db, cashOut.id, null, {
        failureReason: outcome.failureReason ?? 'PROVIDER_ERROR',
        providerCode: outcome.providerCode,
      });
  }
  // Re-read: a reconciler may have settled it meanwhile, and its outcome is the one that stands.
  return (await findCashOut(db, cashOut.id)) ?? cashOut;
}

const KEYS: Record<CashOut['status'], MoneyMessageKey> = {
  CONFIRMED: 'CASHOUT.CONFIRMED',
  PENDING: 'CASHOUT.PENDING',
  FAILED: 'CASHOUT.FAILED',
};

/** Cashes out once per key; refusals (402) are thrown as ApiError and store nothing. */
export function requestCashOut(
  deps: MoneyDeps,
  msisdn: string,
  body: unknown,
  order: { amountCents: number; wallet: SupportedWallet; lang?: string },
  key: string,
) {
  const now = deps.now();
  return runIdempotent(
    deps.db,
    { msisdn, route: CASH_OUT_ROUTE, key },
    body,
    async (): Promise<StoredResponse> => {
      const started = await inTransaction(deps.db, async (trx) => {
        const result = await startCashOut(trx, {
          msisdn,
          amountCents: order.amountCents,
          mobileWalletSid: order.wallet.sid,
          idempotencyKey: key,
          serviceId: order.wallet.sid,
        });
        if (!result.ok) throw new ApiError(402, 'WALLET.INSUFFICIENT_FUNDS');
        return result.cashOut;
      });
      const cashOut = await settleWithProvider(deps.db, deps.provider, started, deps.timeoutMs);
      const messageKey = KEYS[cashOut.status];
      const message = moneyMessage(messageKey, order.lang, {
        amountCents: cashOut.amountCents,
        walletName: order.wallet.name,
        reference: cashOut.reference,
      });
      return {
        statusCode: 200,
        body: { message, messageKey, status: cashOut.status, reference: cashOut.reference },
      };
    },
    now,
  );
}
