// submit-online-betslip: the server is the judge. It checks the subscription, the betslip, the picks
// and the price with the rules shared with the client (machines/rules/betslip.ts), then pays: from the
// wallet when it covers the price, otherwise by charging the subscriber's airtime. A slip is written
// only inside a transaction that holds its betslip open (lockOpenBetslip), so nothing is accepted after
// the close and everything accepted is settled. Airtime stakes go through intents (airtimeStakes.ts).
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { priceCents, validatePredictions } from '../../machines/rules/betslip.ts';
import type { Database } from '../db/index.ts';
import type { PaidFrom, StoredPrediction } from '../db/playWalletTables.ts';
import { refusal } from '../errors.ts';
import { type Complete, runIdempotent, type StoredResponse } from '../idempotency/idempotency.ts';
import { withTimeout } from '../providers/mobileMoney.ts';
import type { OperatorBilling } from '../providers/operatorBilling.ts';
import { inTransaction, lockWallet, postMove } from '../wallet/ledger.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';
import {
  type AirtimeStake,
  findStake,
  moveStake,
  reserveStake,
  stakeReference,
  toStake,
} from './airtimeStakes.ts';
import { findBetslip, lockOpenBetslip, type OpenCheck } from './betslips.ts';
import type { CurrentBetslipCache } from './currentBetslip.ts';

type Db = Kysely<Database>;

export const SUBMIT_ROUTE = 'submit-online-betslip';

export interface SubmitBody {
  msisdn?: unknown;
  lang?: string;
  betSlipSid: string;
  positionAndPredictionDtos: StoredPrediction[];
  betSlipCost: number;
}

/**
 * A check run under the wallet lock just before paying (e.g. responsible-play limits); returns a
 * refusal or null. Stakes already reserved count, so parallel stakes cannot pass a limit together.
 */
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
  /** How long to wait for operator billing before answering 503 (the intent stays for a retry). */
  billingTimeoutMs: number;
  guards?: StakeGuard[];
}

/** Operator billing could not answer: a retry may succeed, so the answer is not stored (503). */
export class BillingUnavailableError extends Error {}

const ACCEPTED: Record<string, string> = {
  st: 'Betslip ea hau e amohetsoe. Mahlohonolo!',
  en: 'Your betslip has been accepted. Good luck!',
};

/**
 * Validates, prices and pays one submission, at most once per Idempotency-Key. `current` is the cached
 * current betslip (its matches and parameters; whether it is still open is decided under its row lock).
 */
export function submitBetslip(
  deps: SubmitDeps,
  current: CurrentBetslipCache,
  msisdn: string,
  body: SubmitBody,
  key: string,
) {
  return runIdempotent(
    deps.db,
    { msisdn, route: SUBMIT_ROUTE, key },
    body,
    (complete) => judgeAndPay(deps, current, msisdn, body, key, complete),
    deps.now(),
  );
}

const notOpen = (check: Exclude<OpenCheck, 'OPEN'>) =>
  check === 'CLOSED' ? refusal(409, 'BETSLIP.CLOSED') : refusal(400, 'BETSLIP.NOT_CURRENT');

/**
 * Whether the subscriber may play, and the airtime intent an earlier attempt with this key left (if
 * any): one read for both.
 */
async function playerState(db: Db, msisdn: string, key: string) {
  const row = await db
    .selectFrom(sql<{ one: number }>`(SELECT 1 AS one)`.as('one'))
    .leftJoin('subscriptions as sub', (join) =>
      join.on('sub.msisdn', '=', msisdn).on('sub.service', '=', SERVICE_ID),
    )
    .leftJoin('airtime_stakes as st', (join) =>
      join.on('st.msisdn', '=', msisdn).on('st.idempotency_key', '=', key),
    )
    .select('sub.enabled')
    .selectAll('st')
    .executeTakeFirstOrThrow();
  const { enabled, ...stake } = row;
  return {
    subscribed: enabled === true,
    earlier: stake.reference === null ? undefined : toStake(stake as Parameters<typeof toStake>[0]),
  };
}

/**
 * The betslip a slip is for, while it is current and open by the server clock: from the cache, else
 * from the database (another instance may have published it a moment ago). Either way the transaction
 * that writes the slip checks again under the betslip's row lock.
 */
async function betslipFor(deps: SubmitDeps, current: CurrentBetslipCache, sid: string) {
  const now = deps.now();
  const cached = await current.open(now);
  if (cached?.sid === sid) return { ok: true as const, params: cached.params, matchCount: cached.matchCount };
  const known = await findBetslip(deps.db, sid);
  // A slip queued offline for a betslip that has since closed is told so, not "wrong betslip".
  if (!known || known.status === 'DRAFT') return { ok: false as const, refusal: notOpen('NOT_CURRENT') };
  if (known.status !== 'CURRENT' || now.getTime() >= known.endAt.getTime()) {
    return { ok: false as const, refusal: notOpen('CLOSED') };
  }
  // Current here, not in the cache: it changed since the cache looked.
  current.invalidate();
  return { ok: true as const, params: known.params, matchCount: known.matches.length };
}

async function judgeAndPay(
  deps: SubmitDeps,
  current: CurrentBetslipCache,
  msisdn: string,
  body: SubmitBody,
  key: string,
  complete: Complete,
): Promise<StoredResponse> {
  const { db } = deps;
  const { subscribed, earlier } = await playerState(db, msisdn, key);
  if (!subscribed) return refusal(403, 'SUBSCRIPTION.REQUIRED');

  // An earlier attempt with this key reserved an airtime charge: finish that one, never pay twice.
  if (earlier && earlier.status !== 'RELEASED') return resumeStake(deps, earlier, complete);

  const sid = body.betSlipSid;
  const betslip = await betslipFor(deps, current, sid);
  if (!betslip.ok) return betslip.refusal;

  const checked = validatePredictions(body.positionAndPredictionDtos, betslip.matchCount, betslip.params);
  if (!checked.ok) return refusal(400, checked.messageKey);
  const cost = priceCents(betslip.params, checked.outcomes);
  if (!Number.isFinite(body.betSlipCost) || Math.round(body.betSlipCost * 100) !== cost) {
    return refusal(409, 'PRICE.MISMATCH');
  }

  const predictions = [...body.positionAndPredictionDtos]
    .sort((a, b) => a.betSlipPosition - b.betSlipPosition)
    .map(({ betSlipPosition, prediction }) => ({ betSlipPosition, prediction }));
  const stake: Omit<AirtimeStake, 'status' | 'createdAt'> = {
    reference: stakeReference(SUBMIT_ROUTE, msisdn, key),
    msisdn,
    key,
    sid,
    submissionId: randomUUID(),
    predictions,
    amountCents: cost,
    lang: body.lang,
  };

  // One transaction holds the betslip open, locks the wallet, runs the limits and either pays from
  // the wallet and writes the slip, or reserves an airtime charge (counted by the limits at once).
  // A key that already has an intent is paid by airtime again, so it can never be paid twice.
  const paid = await inTransaction(db, async (trx) => {
    const open = await lockOpenBetslip(trx, sid, deps.now);
    if (open !== 'OPEN') return notOpen(open);
    await lockWallet(trx, msisdn);
    const now = deps.now();
    for (const guard of deps.guards ?? []) {
      const refused = await guard(trx, msisdn, cost, now);
      if (refused) return refused;
    }
    if (!earlier) {
      // Refused (nothing written) when the wallet does not cover the price: then airtime pays.
      const debit = await postMove(trx, {
        msisdn,
        amountCents: -cost,
        kind: 'STAKE',
        reason: 'BETSLIP_STAKE',
        serviceId: SERVICE_ID,
        idempotencyKey: `stake:${key}`,
      });
      if (debit.ok) return writeSlip(trx, stake, 'WALLET', null, complete);
    }
    await reserveStake(trx, stake, now);
    return null;
  });
  return paid ?? chargeAirtime(deps, { ...stake, status: 'RESERVED', createdAt: deps.now() }, complete);
}

/** Continues an intent from where an earlier attempt (or a crash) left it. */
export async function resumeStake(
  deps: SubmitDeps,
  stake: AirtimeStake,
  complete?: Complete,
): Promise<StoredResponse> {
  switch (stake.status) {
    case 'CONFIRMED':
      return accepted(stake, 'AIRTIME');
    case 'REFUNDING':
      await refundStake(deps, stake.reference);
      return refusal(409, 'BETSLIP.CLOSED');
    case 'REFUNDED':
      return refusal(409, 'BETSLIP.CLOSED');
    default:
      // RESERVED (charged or not, we do not know): the same reference again is never charged twice.
      return chargeAirtime(deps, stake, complete);
  }
}

async function chargeAirtime(
  deps: SubmitDeps,
  stake: AirtimeStake,
  complete?: Complete,
): Promise<StoredResponse> {
  const charge = await withTimeout(
    deps.billing.charge({
      msisdn: stake.msisdn,
      amountCents: stake.amountCents,
      reference: stake.reference,
      serviceId: SERVICE_ID,
      description: `Jackpot 14 betslip ${stake.sid}`,
    }),
    deps.billingTimeoutMs,
  );
  // No answer: the intent stays reserved; the next attempt or reconciliation learns what happened.
  if (charge === 'TIMEOUT') throw new BillingUnavailableError('operator billing did not answer');
  if (charge.status !== 'CHARGED') {
    await moveStake(deps.db, stake.reference, ['RESERVED'], 'RELEASED');
    if (charge.status === 'INSUFFICIENT_AIRTIME') return refusal(402, 'WALLET.INSUFFICIENT_FUNDS');
    throw new BillingUnavailableError(charge.reason);
  }
  return confirmCharged(deps, stake, charge.providerRef, complete);
}

/**
 * The operator took the money: write the ledger pair and the slip if the betslip is still open,
 * otherwise give the charge back. Also called by reconciliation for a charge whose request died.
 */
export async function confirmCharged(
  deps: SubmitDeps,
  stake: AirtimeStake,
  providerRef: string,
  complete?: Complete,
): Promise<StoredResponse> {
  const { db } = deps;
  const outcome = await inTransaction(db, async (trx) => {
    const open = await lockOpenBetslip(trx, stake.sid, deps.now);
    // RELEASED too: reconciliation may have released it before this late charge answer came.
    const from: AirtimeStake['status'][] = ['RESERVED', 'RELEASED'];
    if (open !== 'OPEN') {
      return (await moveStake(trx, stake.reference, from, 'REFUNDING', providerRef)) ? 'REFUND' : 'MOVED';
    }
    if (!(await moveStake(trx, stake.reference, from, 'CONFIRMED', providerRef))) return 'MOVED';
    // Airtime payments are recorded as a zero-net pair: the operator's money comes in (OPERATOR_BILLING)
    // and goes straight out as the stake, so the ledger shows every stake and the balance is untouched.
    for (const [kind, amountCents, reason, prefix] of [
      ['OPERATOR_BILLING', stake.amountCents, 'AIRTIME_CHARGE', 'billing'],
      ['STAKE', -stake.amountCents, 'BETSLIP_STAKE', 'stake'],
    ] as const) {
      const posted = await postMove(trx, {
        msisdn: stake.msisdn,
        amountCents,
        kind,
        reason,
        serviceId: SERVICE_ID,
        idempotencyKey: `${prefix}:${stake.key}`,
      });
      if (!posted.ok) throw new Error('airtime stake pair refused');
    }
    return writeSlip(trx, stake, 'AIRTIME', providerRef, complete);
  });
  if (outcome === 'REFUND') {
    await refundStake(deps, stake.reference);
    const closed = refusal(409, 'BETSLIP.CLOSED');
    if (complete) await complete(db, closed);
    return closed;
  }
  if (outcome === 'MOVED') {
    // Another attempt or reconciliation moved the intent first: answer with where it stands.
    const now = await findStake(db, stake.msisdn, stake.key);
    if (!now || now.status === 'RESERVED' || now.status === 'RELEASED') {
      throw new BillingUnavailableError('airtime stake moved concurrently');
    }
    return resumeStake(deps, now, complete);
  }
  return outcome;
}

/** Gives a charge back at the operator; on failure the intent stays REFUNDING for reconciliation. */
export async function refundStake(deps: SubmitDeps, reference: string): Promise<boolean> {
  const refund = await withTimeout(deps.billing.refund(reference), deps.billingTimeoutMs);
  if (refund === 'TIMEOUT' || refund.status !== 'REFUNDED') return false;
  return moveStake(deps.db, reference, ['REFUNDING'], 'REFUNDED');
}

function accepted(stake: Pick<AirtimeStake, 'submissionId' | 'amountCents' | 'lang'>, paidFrom: PaidFrom) {
  return {
    statusCode: 200,
    body: {
      message: ACCEPTED[stake.lang ?? ''] ?? ACCEPTED.st,
      messageKey: 'SUBMISSION.ACCEPTED',
      submissionId: stake.submissionId,
      paidFrom,
      amount: stake.amountCents / 100,
    },
  };
}

async function writeSlip(
  trx: Db,
  stake: Omit<AirtimeStake, 'status' | 'createdAt'>,
  paidFrom: PaidFrom,
  paymentRef: string | null,
  complete?: Complete,
): Promise<StoredResponse> {
  await trx
    .insertInto('submissions')
    .values({
      id: stake.submissionId,
      betslip_sid: stake.sid,
      msisdn: stake.msisdn,
      predictions: JSON.stringify(stake.predictions),
      cost_cents: stake.amountCents,
      paid_from: paidFrom,
      payment_ref: paymentRef,
      idempotency_key: stake.key,
    })
    .execute();
  const response = accepted(stake, paidFrom);
  if (complete) await complete(trx, response);
  return response;
}
