// mobile-money-transaction: airtime for the subscriber or a friend, paid from the wallet. The wallet is
// debited first (under the wallet lock, so concurrent purchases cannot overspend), then the provider
// tops up; if it fails (or does not answer in time) the debit is given back by a credit. The provider is
// idempotent per reference (derived from the Idempotency-Key), so a retried request never buys twice.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.ts';
import { refusal } from '../play/refusal.ts';
import { type MobileMoneyProvider, withTimeout } from '../providers/mobileMoney.ts';
import { inTransaction, postMove } from './ledger.ts';
import { moneyMessage } from './messages.ts';
import { Refused } from './refused.ts';

export const AIRTIME_ROUTE = 'mobile-money-transaction';

export interface MoneyDeps {
  db: Kysely<Database>;
  provider: MobileMoneyProvider;
  /** How long to wait for the provider. */
  timeoutMs: number;
  now: () => Date;
}

export interface AirtimeOrder {
  amountCents: number;
  /** Normalised; the payer's own msisdn when buying for self. */
  receivingMsisdn: string;
  walletSid: string;
  lang?: string;
}

/** Buys airtime once per key; refusals (402) are thrown as Refused and store nothing. */
export function buyAirtime(deps: MoneyDeps, msisdn: string, body: unknown, order: AirtimeOrder, key: string) {
  const now = deps.now();
  return runIdempotent(
    deps.db,
    { msisdn, route: AIRTIME_ROUTE, key },
    body,
    () => pay(deps, msisdn, order, key),
    now,
  );
}

async function pay(
  deps: MoneyDeps,
  msisdn: string,
  order: AirtimeOrder,
  key: string,
): Promise<StoredResponse> {
  const { db } = deps;
  const forFriend = order.receivingMsisdn !== msisdn;
  await inTransaction(db, async (trx) => {
    const posted = await postMove(trx, {
      msisdn,
      amountCents: -order.amountCents,
      kind: 'AIRTIME_PURCHASE',
      reason: forFriend ? 'AIRTIME_FOR_FRIEND' : 'AIRTIME_PURCHASE',
      serviceId: order.walletSid,
      idempotencyKey: `airtime:${key}`,
    });
    // Thrown inside the transaction: the wallet row lockWallet may have created rolls back too.
    if (!posted.ok) throw new Refused(refusal(402, 'WALLET.INSUFFICIENT_FUNDS'));
  });

  const outcome = await withTimeout(
    deps.provider.buyAirtime({
      reference: `airtime:${msisdn}:${key}`,
      msisdn,
      receivingMsisdn: order.receivingMsisdn,
      walletSid: order.walletSid,
      amountCents: order.amountCents,
    }),
    deps.timeoutMs,
  );
  const params = { amountCents: order.amountCents, friend: forFriend ? order.receivingMsisdn : null };
  if (outcome !== 'TIMEOUT' && outcome.status === 'CONFIRMED') {
    const messageKey = 'AIRTIME.SUCCESS';
    return {
      statusCode: 200,
      body: { message: moneyMessage(messageKey, order.lang, params), messageKey, status: 'CONFIRMED' },
    };
  }
  // Failed or silent: the subscriber gets the money back at once. A top-up the provider makes after
  // all is the operator's loss, never the subscriber's.
  await postMove(db, {
    msisdn,
    amountCents: order.amountCents,
    kind: 'OPERATOR_ADJUSTMENT',
    reason: 'AIRTIME_REVERSAL',
    serviceId: order.walletSid,
    idempotencyKey: `airtime-reversal:${key}`,
  });
  const messageKey = 'AIRTIME.FAILED';
  return {
    statusCode: 200,
    body: { message: moneyMessage(messageKey, order.lang, params), messageKey, status: 'FAILED' },
  };
}
