// mobile-money-transaction: airtime for the subscriber or a friend, paid from the wallet. The debit and
// a PENDING purchase (the intent) are written together before the provider is called; the provider's
// answer then confirms the purchase or reverses the debit. A request cut off by a crash is finished by
// the next attempt with the same key or by reconciliation (reconcile.ts), which asks the provider what
// became of the reference. The provider is idempotent per reference, so asking again never buys twice.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/index.ts';
import type { IntentTables } from '../db/intentTables.ts';
import { ApiError } from '../errors.ts';
import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.ts';
import { withTimeout } from '../lib/withTimeout.ts';
import type { MobileMoneyProvider, PaymentStatus } from '../providers/mobileMoney.ts';
import { inTransaction, postMove, toCents } from './ledger.ts';
import { moneyMessage } from './messages.ts';

export const AIRTIME_ROUTE = 'mobile-money-transaction';

/**
 * The service an airtime move is recorded under. The wallet pays, so no mobile-money provider belongs on
 * the statement (moves before this recorded the M-Pesa/EcoCash choice; walletInfo shows those as this too).
 */
export const AIRTIME_SERVICE = 'AIRTIME';

type Db = Kysely<Database>;

export interface MoneyDeps {
  db: Db;
  provider: MobileMoneyProvider;
  /** How long to wait for the provider. */
  timeoutMs: number;
  now: () => Date;
}

export interface AirtimeOrder {
  amountCents: number;
  /** Normalised; the payer's own msisdn when buying for self. */
  receivingMsisdn: string;
  /** Kept on the purchase row; AIRTIME_SERVICE now that the wallet pays (older rows: the wallet chosen). */
  walletSid: string;
  lang?: string;
}

export interface AirtimePurchase extends AirtimeOrder {
  reference: string;
  msisdn: string;
  key: string;
  status: 'PENDING' | 'CONFIRMED' | 'REVERSED';
  createdAt: Date;
}

const toPurchase = (row: Selectable<IntentTables['airtime_purchases']>): AirtimePurchase => ({
  reference: row.reference,
  msisdn: row.msisdn,
  key: row.idempotency_key,
  receivingMsisdn: row.receiving_msisdn,
  walletSid: row.wallet_sid,
  amountCents: toCents(row.amount_cents),
  lang: row.lang ?? undefined,
  status: row.status,
  createdAt: row.created_at,
});

async function findPurchase(db: Db, msisdn: string, key: string): Promise<AirtimePurchase | undefined> {
  const row = await db
    .selectFrom('airtime_purchases')
    .selectAll()
    .where('msisdn', '=', msisdn)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && toPurchase(row);
}

/** Purchases still waiting for the provider's outcome and older than `olderThan` (reconciliation). */
export async function pendingPurchases(db: Db, olderThan: Date, limit = 200): Promise<AirtimePurchase[]> {
  const rows = await db
    .selectFrom('airtime_purchases')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toPurchase);
}

/** Buys airtime once per key; refusals (402) are thrown as ApiError and store nothing. */
export function buyAirtime(deps: MoneyDeps, msisdn: string, body: unknown, order: AirtimeOrder, key: string) {
  return runIdempotent(
    deps.db,
    { msisdn, route: AIRTIME_ROUTE, key },
    body,
    () => pay(deps, msisdn, order, key),
    deps.now(),
  );
}

async function pay(
  deps: MoneyDeps,
  msisdn: string,
  order: AirtimeOrder,
  key: string,
): Promise<StoredResponse> {
  // A purchase an earlier attempt started (and a crash cut off) is continued, never started again.
  const purchase =
    (await findPurchase(deps.db, msisdn, key)) ?? (await startPurchase(deps, msisdn, order, key));
  if (purchase.status !== 'PENDING') return answerFor(purchase);
  const outcome = await withTimeout(
    deps.provider.buyAirtime({
      reference: purchase.reference,
      msisdn,
      receivingMsisdn: purchase.receivingMsisdn,
      walletSid: purchase.walletSid,
      amountCents: purchase.amountCents,
    }),
    deps.timeoutMs,
  );
  // Silent provider: the subscriber gets the money back at once (a top-up it makes after all is the
  // operator's loss, never the subscriber's); reconciliation handles only requests that died.
  return answerFor(await settlePurchase(deps.db, purchase, outcome === 'TIMEOUT' ? null : outcome));
}

/** The debit and the PENDING intent, in one transaction (a crash leaves both or neither). */
export async function startPurchase(deps: MoneyDeps, msisdn: string, order: AirtimeOrder, key: string) {
  const forFriend = order.receivingMsisdn !== msisdn;
  return inTransaction(deps.db, async (trx) => {
    const posted = await postMove(trx, {
      msisdn,
      amountCents: -order.amountCents,
      kind: 'AIRTIME_PURCHASE',
      reason: forFriend ? 'AIRTIME_FOR_FRIEND' : 'AIRTIME_PURCHASE',
      serviceId: AIRTIME_SERVICE,
      idempotencyKey: `airtime:${key}`,
    });
    // Thrown inside the transaction: the wallet row lockWallet may have created rolls back too.
    if (!posted.ok) throw new ApiError(402, 'WALLET.INSUFFICIENT_FUNDS');
    const row = await trx
      .insertInto('airtime_purchases')
      .values({
        reference: `airtime:${msisdn}:${key}`,
        msisdn,
        idempotency_key: key,
        receiving_msisdn: order.receivingMsisdn,
        wallet_sid: order.walletSid,
        amount_cents: order.amountCents,
        lang: order.lang ?? null,
        status: 'PENDING',
        created_at: deps.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPurchase(row);
  });
}

/**
 * Applies the provider's outcome (null = none: give the money back) to a PENDING purchase, once:
 * the guarded UPDATE lets only the first caller move it. Returns the purchase as it now stands.
 */
export async function settlePurchase(
  db: Db,
  purchase: AirtimePurchase,
  outcome: Exclude<PaymentStatus, { status: 'PENDING' }> | null,
): Promise<AirtimePurchase> {
  const confirmed = outcome?.status === 'CONFIRMED';
  await inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('airtime_purchases')
      .set({
        status: confirmed ? 'CONFIRMED' : 'REVERSED',
        provider_ref: confirmed ? outcome.providerRef : null,
        updated_at: new Date(),
      })
      .where('reference', '=', purchase.reference)
      .where('status', '=', 'PENDING')
      .returning('reference')
      .executeTakeFirst();
    if (!moved || confirmed) return;
    await postMove(trx, {
      msisdn: purchase.msisdn,
      amountCents: purchase.amountCents,
      kind: 'OPERATOR_ADJUSTMENT',
      reason: 'AIRTIME_REVERSAL',
      serviceId: AIRTIME_SERVICE,
      idempotencyKey: `airtime-reversal:${purchase.key}`,
    });
  });
  return (await findPurchase(db, purchase.msisdn, purchase.key)) ?? purchase;
}

/** The answer a purchase gives, whoever finished it (the request, a retry, or reconciliation). */
export function answerFor(purchase: AirtimePurchase): StoredResponse {
  const friend = purchase.receivingMsisdn !== purchase.msisdn ? purchase.receivingMsisdn : null;
  const params = { amountCents: purchase.amountCents, friend };
  const messageKey = purchase.status === 'CONFIRMED' ? 'AIRTIME.SUCCESS' : 'AIRTIME.FAILED';
  return {
    statusCode: 200,
    body: {
      message: moneyMessage(messageKey, purchase.lang, params),
      messageKey,
      status: purchase.status === 'CONFIRMED' ? 'CONFIRMED' : 'FAILED',
    },
  };
}
