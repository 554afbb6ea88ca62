// submit-online-betslip: the server is the judge. It checks the betslip, the picks and the price with
// the rules shared with the client (judge.ts), and the subscription, then pays: from the wallet when it
// covers the price, otherwise by charging the subscriber's airtime. A slip is written only inside a
// transaction that holds its betslip open (lockOpenBetslip), so nothing is accepted after the close and
// everything accepted is settled. Airtime stakes go through intents (airtimeStakes.ts). A wallet-paid
// slip costs seven statements: the key's claim, then one transaction (CONTRACTS.md "Money at the close").
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import type { PaidFrom, SlipChannel, StoredPrediction } from '../db/playWalletTables.ts';
import { refusal } from '../errors.ts';
import {
  type Complete,
  runIdempotent,
  type StoreAnswer,
  type StoredResponse,
} from '../idempotency/idempotency.ts';
import { withTimeout } from '../lib/withTimeout.ts';
import type { OperatorBilling } from '../providers/operatorBilling.ts';
import {
  inTransaction,
  lockWallet,
  type MoveInput,
  moveInsert,
  moveNotWritten,
  postMove,
} from '../wallet/ledger.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';
import {
  type AirtimeStake,
  findStake,
  moveStake,
  nextReference,
  reserveStake,
  stakeReference,
  toStake,
} from './airtimeStakes.ts';
import { lockOpenBetslip, openCheck } from './betslips.ts';
import type { CurrentBetslipCache } from './currentBetslip.ts';
import { judgeSubmission, notOpen } from './judge.ts';
import type { ReceiptKey } from './receiptKey.ts';
import { prepareSlip, type Receipt, receiptOf, recordSlip, slipCtes } from './receipts.ts';

type Db = Kysely<Database>;

export const SUBMIT_ROUTE = 'submit-online-betslip';

export interface SubmitBody {
  msisdn?: unknown;
  lang?: string;
  betSlipSid: string;
  positionAndPredictionDtos: StoredPrediction[];
  betSlipCost: number;
  /** A reduced system's id (the app only; phone channels play every combination). */
  systemId?: string | null;
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
  /** Signs each accepted slip's receipt. */
  receiptKey: ReceiptKey;
  /** Where the slip comes from (default the app). */
  channel?: SlipChannel;
  /** Pay from the wallet only (phone channels): a wallet that does not cover the price is a 402. */
  walletOnly?: boolean;
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
    // Short of money (nothing was paid, any airtime intent RELEASED): not kept, so after a top-up the
    // same slip with the same key can be paid (top up and play, CONTRACTS.md).
    (response) => !isShortOfMoney(response),
  );
}

const isShortOfMoney = (r: StoredResponse) =>
  r.statusCode === 402 &&
  (r.body as { messageKey?: unknown } | null)?.messageKey === 'WALLET.INSUFFICIENT_FUNDS';

/**
 * Whether the subscriber may play, and the airtime intent an earlier attempt with this key left (if
 * any): one read for both, on the path of a refused submission (the betslip, picks or price).
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
 * lockOpenBetslip's lock, with what else decides the slip read in the same statement: whether the
 * subscriber may play, and the status of an intent an earlier attempt with this key left (null: none).
 * The clock is read once the lock is held.
 */
async function lockForSlip(trx: Db, sid: string, msisdn: string, key: string, now: () => Date) {
  const row = await trx
    .selectFrom('betslips')
    .select((eb) => [
      'betslips.status',
      'betslips.end_at',
      eb
        .selectFrom('subscriptions')
        .select('subscriptions.enabled')
        .where('subscriptions.msisdn', '=', msisdn)
        .where('subscriptions.service', '=', SERVICE_ID)
        .as('subscribed'),
      eb
        .selectFrom('airtime_stakes')
        .select('airtime_stakes.status')
        .where('airtime_stakes.msisdn', '=', msisdn)
        .where('airtime_stakes.idempotency_key', '=', key)
        .as('earlier'),
    ])
    .where('betslips.sid', '=', sid)
    .forShare()
    .executeTakeFirst();
  return { open: openCheck(row, now()), subscribed: row?.subscribed === true, earlier: row?.earlier ?? null };
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
  const offer = await judgeSubmission(deps, current, body);
  if (!offer.ok) {
    // Refused on its own terms; what comes first still does: no subscription, an intent to finish.
    const { subscribed, earlier } = await playerState(db, msisdn, key);
    if (!subscribed) return refusal(403, 'SUBSCRIPTION.REQUIRED');
    if (earlier && earlier.status !== 'RELEASED') return resumeStake(deps, earlier, complete);
    return offer.refusal;
  }

  const sid = body.betSlipSid;
  const stake: StakeToPay = {
    reference: stakeReference(SUBMIT_ROUTE, msisdn, key),
    msisdn,
    key,
    sid,
    submissionId: randomUUID(),
    predictions: offer.predictions,
    systemId: offer.systemId,
    amountCents: offer.cost,
    lang: body.lang,
  };

  // One transaction holds the betslip open, locks the wallet, runs the limits and either pays from
  // the wallet and writes the slip, or reserves an airtime charge (counted by the limits at once).
  // A key that already has an intent is paid by airtime again, so it can never be paid twice.
  let reference = stake.reference;
  const outcome = await inTransaction(db, async (trx): Promise<StoredResponse | 'RESUME' | 'CHARGE'> => {
    const held = await lockForSlip(trx, sid, msisdn, key, deps.now);
    if (!held.subscribed) return refusal(403, 'SUBSCRIPTION.REQUIRED');
    // An earlier attempt with this key reserved an airtime charge: finish that one, never pay twice.
    if (held.earlier !== null && held.earlier !== 'RELEASED') return 'RESUME';
    if (held.open !== 'OPEN') return notOpen(held.open);
    await lockWallet(trx, msisdn);
    const now = deps.now();
    for (const guard of deps.guards ?? []) {
      const refused = await guard(trx, msisdn, offer.cost, now);
      if (refused) return refused;
    }
    // A RELEASED intent was never charged (the operator said so): the wallet may pay for its key.
    if (held.earlier === null || held.earlier === 'RELEASED') {
      // Null when the wallet does not cover the price (nothing written): then airtime pays.
      const paid = await payFromWallet(deps, trx, stake, complete);
      if (paid) return paid;
    }
    if (deps.walletOnly) return refusal(402, 'WALLET.INSUFFICIENT_FUNDS');
    reference =
      held.earlier === 'RELEASED' ? nextReference(stake.reference, stake.submissionId) : stake.reference;
    await reserveStake(trx, { ...stake, reference }, now);
    return 'CHARGE';
  });
  if (outcome === 'CHARGE') {
    return chargeAirtime(deps, { ...stake, reference, status: 'RESERVED', createdAt: deps.now() }, complete);
  }
  if (outcome === 'RESUME') {
    const earlier = await findStake(db, msisdn, key);
    if (!earlier) throw new Error(`airtime stake ${stake.reference} vanished`);
    return resumeStake(deps, earlier, complete);
  }
  return outcome;
}

/** Continues an intent from where an earlier attempt (or a crash) left it. */
export async function resumeStake(
  deps: SubmitDeps,
  stake: AirtimeStake,
  complete?: StoreAnswer,
): Promise<StoredResponse> {
  switch (stake.status) {
    case 'CONFIRMED': {
      const receipt = await receiptOf(deps.db, stake.submissionId);
      if (!receipt) throw new Error(`confirmed airtime stake ${stake.reference} has no slip`);
      return accepted(stake, 'AIRTIME', receipt);
    }
    case 'REFUNDING':
      await refundStake(deps, stake.reference);
      return refusal(409, 'BETSLIP.CLOSED');
    case 'REFUNDED':
      return refusal(409, 'BETSLIP.CLOSED');
    case 'RELEASING':
      // Being let go (its reference voided at the operator): once RELEASED, a retry may pay again.
      await releaseStake(deps, stake.reference);
      throw new BillingUnavailableError('airtime stake being released');
    default:
      // RESERVED (charged or not, we do not know): the same reference again is never charged twice.
      return chargeAirtime(deps, stake, complete);
  }
}

async function chargeAirtime(
  deps: SubmitDeps,
  stake: AirtimeStake,
  complete?: StoreAnswer,
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
    // Refused for this reference; it is voided all the same, so that no other attempt's charge lands.
    if (await moveStake(deps.db, stake.reference, ['RESERVED'], 'RELEASING'))
      await releaseStake(deps, stake.reference);
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
  complete?: StoreAnswer,
): Promise<StoredResponse> {
  const { db } = deps;
  const outcome = await inTransaction(db, async (trx) => {
    const open = await lockOpenBetslip(trx, stake.sid, deps.now);
    // Only a reserved intent: one being released has its charge voided or given back at the operator.
    const from: AirtimeStake['status'][] = ['RESERVED'];
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
    return writeSlip(deps, trx, stake, 'AIRTIME', providerRef, complete);
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
    if (!now || now.status === 'RESERVED' || now.status === 'RELEASING' || now.status === 'RELEASED') {
      throw new BillingUnavailableError('airtime stake moved concurrently');
    }
    return resumeStake(deps, now, complete);
  }
  return outcome;
}

/**
 * Voids a RELEASING intent's reference at the operator (refunding a charge that landed meanwhile), then
 * RELEASED; on failure it stays RELEASING for reconciliation.
 */
export async function releaseStake(deps: SubmitDeps, reference: string): Promise<boolean> {
  const voided = await withTimeout(deps.billing.refund(reference), deps.billingTimeoutMs);
  if (voided === 'TIMEOUT' || voided.status !== 'REFUNDED') return false;
  return moveStake(deps.db, reference, ['RELEASING'], 'RELEASED');
}

/** Gives a charge back at the operator; on failure the intent stays REFUNDING for reconciliation. */
export async function refundStake(deps: SubmitDeps, reference: string): Promise<boolean> {
  const refund = await withTimeout(deps.billing.refund(reference), deps.billingTimeoutMs);
  if (refund === 'TIMEOUT' || refund.status !== 'REFUNDED') return false;
  return moveStake(deps.db, reference, ['REFUNDING'], 'REFUNDED');
}

function accepted(
  stake: Pick<AirtimeStake, 'submissionId' | 'amountCents' | 'lang'>,
  paidFrom: PaidFrom,
  receipt: Receipt,
) {
  return {
    statusCode: 200,
    body: {
      message: ACCEPTED[stake.lang ?? ''] ?? ACCEPTED.st,
      messageKey: 'SUBMISSION.ACCEPTED',
      submissionId: stake.submissionId,
      paidFrom,
      amount: stake.amountCents / 100,
      receipt,
    },
  };
}

type StakeToPay = Omit<AirtimeStake, 'status' | 'createdAt'>;

/** The stake's move out of the wallet, under the key's own ledger key. */
const walletStake = (stake: StakeToPay): MoveInput => ({
  msisdn: stake.msisdn,
  amountCents: -stake.amountCents,
  kind: 'STAKE',
  reason: 'BETSLIP_STAKE',
  serviceId: SERVICE_ID,
  idempotencyKey: `stake:${stake.key}`,
});

const slipOf = (deps: SubmitDeps, stake: StakeToPay, paidFrom: PaidFrom, paymentRef: string | null) => ({
  id: stake.submissionId,
  sid: stake.sid,
  msisdn: stake.msisdn,
  predictions: stake.predictions,
  systemId: stake.systemId,
  costCents: stake.amountCents,
  paidFrom,
  paymentRef,
  idempotencyKey: stake.key,
  channel: deps.channel ?? 'APP',
});

/**
 * Pays a slip from the wallet (its lock held) and writes it with its answer. In the usual case that is
 * one statement: the stake's move, the slip with its pick-share counts, and the key's answer, each
 * written only if the one before it was. Anything else takes the steps one at a time: a stake key used
 * before (its move replayed), a receipt reference taken (another drawn). Null: the wallet does not cover
 * the price, and nothing was written.
 */
async function payFromWallet(
  deps: SubmitDeps,
  trx: Db,
  stake: StakeToPay,
  complete: Complete,
): Promise<StoredResponse | null> {
  const move = walletStake(stake);
  const prepared = prepareSlip(deps.receiptKey, slipOf(deps, stake, 'WALLET', null), deps.now());
  const response = accepted(stake, 'WALLET', prepared.receipt);
  const answer = complete.fold(response);
  const { rows } = await sql<{ debited: boolean; written: boolean; answered: boolean }>`
    WITH debit AS (${moveInsert(move)} RETURNING id),
      ${slipCtes(prepared, 'debit')},
      answered AS (${answer.update(sql`EXISTS (SELECT 1 FROM written)`)})
    SELECT EXISTS (SELECT 1 FROM debit) AS debited, EXISTS (SELECT 1 FROM written) AS written,
      EXISTS (SELECT 1 FROM answered) AS answered`.execute(trx);
  const { debited, written, answered } = rows[0]!;
  if (written) {
    await answer.stored(trx, answered);
    return response;
  }
  if (!debited && !(await moveNotWritten(trx, move)).ok) return null;
  return writeSlip(deps, trx, stake, 'WALLET', null, complete);
}

async function writeSlip(
  deps: SubmitDeps,
  trx: Db,
  stake: StakeToPay,
  paidFrom: PaidFrom,
  paymentRef: string | null,
  complete?: StoreAnswer,
): Promise<StoredResponse> {
  const receipt = await recordSlip(
    trx,
    deps.receiptKey,
    slipOf(deps, stake, paidFrom, paymentRef),
    deps.now(),
  );
  const response = accepted(stake, paidFrom, receipt);
  if (complete) await complete(trx, response);
  return response;
}
