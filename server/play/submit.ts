// submit-online-betslip: the server is the judge. It checks the subscription, the betslip (current and
// open by the injected clock), the picks and the price with the rules shared with the client
// (machines/rules/betslip.ts), then pays: from the wallet when it covers the price, otherwise by
// charging the subscriber's airtime. The ledger movement, the submission and the idempotency answer are
// written in one transaction.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { priceCents, validatePredictions } from '../../machines/rules/betslip.ts';
import type { Database } from '../db/index.ts';
import type { PaidFrom, StoredPrediction } from '../db/playWalletTables.ts';
import { type Complete, runIdempotent, type StoredResponse } from '../idempotency/idempotency.ts';
import type { OperatorBilling } from '../providers/operatorBilling.ts';
import { availableCents, inTransaction, lockWallet, postMove } from '../wallet/ledger.ts';
import { isSubscribed, SERVICE_ID } from '../wallet/subscriptions.ts';
import { currentBetslip, findBetslip } from './betslips.ts';
import { refusal } from './refusal.ts';

type Db = Kysely<Database>;

export const SUBMIT_ROUTE = 'submit-online-betslip';

export interface SubmitBody {
  msisdn?: unknown;
  lang?: string;
  betSlipSid: string;
  positionAndPredictionDtos: StoredPrediction[];
  betSlipCost: number;
}

/** A check run just before paying (e.g. responsible-play limits, issue 5); returns a refusal or null. */
export type StakeGuard = (
  db: Db,
  msisdn: string,
  costCents: number,
  now: Date,
) => Promise<StoredResponse | null>;

export interface SubmitDeps {
  db: Db;
  billing: OperatorBilling;
  now: () => Date;
  guards?: StakeGuard[];
}

/** Operator billing could not answer: a retry may succeed, so the answer is not stored (503). */
export class BillingUnavailableError extends Error {}

const ACCEPTED: Record<string, string> = {
  st: 'Betslip ea hau e amohetsoe. Mahlohonolo!',
  en: 'Your betslip has been accepted. Good luck!',
};

/** Validates, prices and pays one submission, at most once per Idempotency-Key. */
export function submitBetslip(deps: SubmitDeps, msisdn: string, body: SubmitBody, key: string) {
  const now = deps.now();
  return runIdempotent(
    deps.db,
    { msisdn, route: SUBMIT_ROUTE, key },
    body,
    (complete) => judgeAndPay(deps, msisdn, body, key, now, complete),
    now,
  );
}

async function judgeAndPay(
  deps: SubmitDeps,
  msisdn: string,
  body: SubmitBody,
  key: string,
  now: Date,
  complete: Complete,
): Promise<StoredResponse> {
  const { db } = deps;
  if (!(await isSubscribed(db, msisdn))) return refusal(403, 'SUBSCRIPTION.REQUIRED');

  const sid = body.betSlipSid;
  const current = await currentBetslip(db);
  if (!current || current.sid !== sid) {
    // A slip queued offline for a betslip that has since closed is told so, not "wrong betslip".
    const known = await findBetslip(db, sid);
    const closed = known && (known.status === 'CLOSED' || known.status === 'SETTLED');
    return closed ? refusal(409, 'BETSLIP.CLOSED') : refusal(400, 'BETSLIP.NOT_CURRENT');
  }
  if (now.getTime() >= current.endAt.getTime()) return refusal(409, 'BETSLIP.CLOSED');

  const checked = validatePredictions(body.positionAndPredictionDtos, current.matches.length, current.params);
  if (!checked.ok) return refusal(400, checked.messageKey);
  const cost = priceCents(current.params, checked.outcomes);
  if (!Number.isFinite(body.betSlipCost) || Math.round(body.betSlipCost * 100) !== cost) {
    return refusal(409, 'PRICE.MISMATCH');
  }

  const predictions = [...body.positionAndPredictionDtos]
    .sort((a, b) => a.betSlipPosition - b.betSlipPosition)
    .map(({ betSlipPosition, prediction }) => ({ betSlipPosition, prediction }));
  const submission = { id: randomUUID(), sid, msisdn, predictions, cost, key, lang: body.lang };

  // Wallet first: lock, check and debit in one transaction so concurrent submissions cannot overspend.
  // The guards (spending limits) run under the same lock, so parallel stakes cannot pass a limit together.
  const paidFromWallet = await inTransaction(db, async (trx) => {
    await lockWallet(trx, msisdn);
    for (const guard of deps.guards ?? []) {
      const refused = await guard(trx, msisdn, cost, now);
      if (refused) return refused;
    }
    if ((await availableCents(trx, msisdn)) < cost) return null;
    const stake = await postMove(trx, {
      msisdn,
      amountCents: -cost,
      kind: 'STAKE',
      reason: 'BETSLIP_STAKE',
      serviceId: SERVICE_ID,
      idempotencyKey: `stake:${key}`,
    });
    if (!stake.ok) return null;
    return store(trx, submission, 'WALLET', null, complete);
  });
  if (paidFromWallet) return paidFromWallet;

  // The billing call happens outside any transaction: it is slow, and PGlite has a single connection.
  // Its reference is derived from the idempotency key, so a retried request is not charged twice.
  const charge = await deps.billing.charge({
    msisdn,
    amountCents: cost,
    reference: `${SUBMIT_ROUTE}:${msisdn}:${key}`,
    serviceId: SERVICE_ID,
    description: `Jackpot 14 betslip ${sid}`,
  });
  if (charge.status === 'INSUFFICIENT_AIRTIME') return refusal(402, 'WALLET.INSUFFICIENT_FUNDS');
  if (charge.status === 'FAILED') throw new BillingUnavailableError(charge.reason);

  // Airtime payments are recorded as a zero-net pair: the operator's money comes in (OPERATOR_BILLING)
  // and goes straight out as the stake, so the ledger shows every stake and the balance is untouched.
  return inTransaction(db, async (trx) => {
    for (const [kind, amountCents, reason, prefix] of [
      ['OPERATOR_BILLING', cost, 'AIRTIME_CHARGE', 'billing'],
      ['STAKE', -cost, 'BETSLIP_STAKE', 'stake'],
    ] as const) {
      const posted = await postMove(trx, {
        msisdn,
        amountCents,
        kind,
        reason,
        serviceId: SERVICE_ID,
        idempotencyKey: `${prefix}:${key}`,
      });
      if (!posted.ok) throw new Error('airtime stake pair refused');
    }
    return store(trx, submission, 'AIRTIME', charge.providerRef, complete);
  });
}

async function store(
  trx: Db,
  s: {
    id: string;
    sid: string;
    msisdn: string;
    predictions: StoredPrediction[];
    cost: number;
    key: string;
    lang?: string;
  },
  paidFrom: PaidFrom,
  paymentRef: string | null,
  complete: Complete,
): Promise<StoredResponse> {
  await trx
    .insertInto('submissions')
    .values({
      id: s.id,
      betslip_sid: s.sid,
      msisdn: s.msisdn,
      predictions: JSON.stringify(s.predictions),
      cost_cents: s.cost,
      paid_from: paidFrom,
      payment_ref: paymentRef,
      idempotency_key: s.key,
    })
    .execute();
  const response: StoredResponse = {
    statusCode: 200,
    body: {
      message: ACCEPTED[s.lang ?? ''] ?? ACCEPTED.st,
      messageKey: 'SUBMISSION.ACCEPTED',
      submissionId: s.id,
      paidFrom,
      amount: s.cost / 100,
    },
  };
  await complete(trx, response);
  return response;
}
