// The wallet's mobile money on Lesotho's rails: M-Pesa (Vodacom OpenAPI) and EcoCash for money in and
// out, Africa's Talking for airtime. Each rail's answer (RailOutcome) becomes what the wallet's flows
// expect; an outcome the rail could not tell (timeout, dropped connection, INS-9) rejects, so the flow
// leaves the payment PENDING and reconciliation asks the rail's status query later. A rail that is not
// configured refuses at once, and the payment is failed and given back.
import type { DepositResult } from '../providers/depositCallback.ts';
import type {
  AirtimeRequest,
  DepositInitiation,
  DepositRequest,
  DepositResultSink,
  DepositStatus,
  MobileMoneyProvider,
  PaymentOutcome,
  PaymentRef,
  PaymentRequest,
  PaymentStatus,
  WalletOffer,
} from '../providers/mobileMoney.ts';
import type { AfricasTalkingAirtime } from './africastalking/airtime.ts';
import type { EcoCashApi } from './ecocash/adapter.ts';
import { clientCorrelator } from './ecocash/protocol.ts';
import { conversationId, type MpesaOpenApi } from './mpesa/adapter.ts';
import type { RailOutcome, RailStatus } from './types.ts';

export interface Rails {
  mpesa?: MpesaOpenApi;
  ecocash?: EcoCashApi;
  airtime?: AfricasTalkingAirtime;
  /** Counts refusals and unknown outcomes by rail and code (/metrics). */
  errors?: { inc(labels: { rail: string; code: string }): void };
  /** The server's clock: a payment's age is measured on it, as reconciliation measures it. */
  now?: () => Date;
}

/** An outcome the rail could not tell: the flow's timeout path (PENDING, reconciled later). */
export class OutcomeUnknown extends Error {
  override name = 'OutcomeUnknown';
}

/** Result codes a deposit keeps (M-Pesa Express style, as the callback contract has them). */
const CODE = { PAID: 0, CANCELLED: 1032, FAILED: 1 } as const;

const description = (what: string) => `Jackpot 14 ${what}`;

/** A rail's final outcome as a deposit result (the amount is the deposit's own: rails confirm it). */
export function depositResult(
  outcome: Exclude<RailOutcome, { status: 'UNKNOWN' }>,
  providerRequestId: string,
  amountCents: number,
): DepositResult {
  if (outcome.status === 'CONFIRMED')
    return {
      providerRequestId,
      resultCode: CODE.PAID,
      resultDesc: 'Completed',
      amountCents,
      receipt: outcome.providerRef,
      providerCode: outcome.providerCode,
    };
  return {
    providerRequestId,
    resultCode: outcome.status === 'CANCELLED' ? CODE.CANCELLED : CODE.FAILED,
    resultDesc: outcome.providerCode ?? outcome.failureReason,
    failureReason: outcome.failureReason,
    providerCode: outcome.providerCode,
  };
}

export class RailsMobileMoney implements MobileMoneyProvider {
  onDepositResult: DepositResultSink | null = null;
  /** C2B calls still waiting for the customer's PIN (their results are awaited by tests and on close). */
  readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly rails: Rails) {}

  offers(walletSid: string): WalletOffer {
    if (walletSid === 'MPESA')
      return { deposits: Boolean(this.rails.mpesa), payouts: Boolean(this.rails.mpesa) };
    // EcoCash's Instant Payment API takes payments; it offers no payouts to a subscriber.
    if (walletSid === 'ECOCASH') return { deposits: Boolean(this.rails.ecocash), payouts: false };
    return { deposits: false, payouts: false };
  }

  /** When `createdAt` was, on the adapters' (wall) clock: its age as the server's clock tells it. */
  #createdAtMs(createdAt: Date): number {
    const age = (this.rails.now?.() ?? new Date()).getTime() - createdAt.getTime();
    return Date.now() - age;
  }

  #count(rail: string, outcome: RailStatus): void {
    if (outcome.status === 'CONFIRMED' || outcome.status === 'PENDING') return;
    this.rails.errors?.inc({ rail, code: outcome.providerCode ?? outcome.status });
  }

  /** A final outcome as the wallet's; an unknown one rejects (the caller's timeout path). */
  #payment(rail: string, outcome: RailOutcome): PaymentOutcome {
    this.#count(rail, outcome);
    if (outcome.status === 'UNKNOWN') throw new OutcomeUnknown(outcome.providerCode ?? 'no answer');
    if (outcome.status === 'CONFIRMED') return { status: 'CONFIRMED', providerRef: outcome.providerRef };
    return {
      status: 'FAILED',
      reason: outcome.providerCode ?? outcome.failureReason,
      failureReason: outcome.failureReason,
      providerCode: outcome.providerCode,
    };
  }

  /** A status query's answer for reconciliation: unknown or pending waits, never fails on its own. */
  #status(rail: string, status: RailStatus): PaymentStatus {
    if (status.status === 'PENDING' || status.status === 'UNKNOWN') return { status: 'PENDING' };
    return this.#payment(rail, status);
  }

  async disburse(request: PaymentRequest): Promise<PaymentOutcome> {
    const payment = { ...request, description: description('cash-out') };
    if (request.walletSid === 'MPESA' && this.rails.mpesa)
      return this.#payment('MPESA', await this.rails.mpesa.b2c(payment));
    // EcoCash's Instant Payment API takes payments; it offers no payouts to a subscriber.
    return notOffered(request.walletSid);
  }

  async status(payment: PaymentRef): Promise<PaymentStatus> {
    if (payment.walletSid === 'MPESA' && this.rails.mpesa)
      return this.#status(
        'MPESA',
        await this.rails.mpesa.query(payment.reference, this.#createdAtMs(payment.createdAt)),
      );
    // Never sent anywhere: nothing was paid.
    return { status: 'UNKNOWN' };
  }

  async buyAirtime(request: AirtimeRequest): Promise<PaymentOutcome> {
    if (!this.rails.airtime) return notOffered('AIRTIME');
    const outcome = await this.rails.airtime.send({ ...request, description: description('airtime') });
    return this.#payment('AIRTIME', outcome);
  }

  async airtimeStatus(payment: PaymentRef): Promise<PaymentStatus> {
    if (!this.rails.airtime) return { status: 'UNKNOWN' };
    return this.#status('AIRTIME', await this.rails.airtime.status(payment.reference));
  }

  async requestDeposit(request: DepositRequest): Promise<DepositInitiation> {
    const payment = { ...request, description: description('deposit') };
    const { mpesa, ecocash } = this.rails;
    if (request.walletSid === 'MPESA' && mpesa) {
      const providerRequestId = conversationId(request.reference);
      // C2B blocks until the customer answers the PIN prompt: the app is answered now, the call goes on.
      const call = mpesa
        .c2b(payment)
        .then((outcome) => this.#deposited('MPESA', request, providerRequestId, outcome))
        .catch(() => {})
        .finally(() => this.inFlight.delete(call));
      this.inFlight.add(call);
      return { status: 'ACCEPTED', providerRequestId };
    }
    if (request.walletSid === 'ECOCASH' && ecocash) {
      const providerRequestId = clientCorrelator(request.reference);
      const answer = await ecocash.charge(payment);
      if (answer.status === 'FAILED' || answer.status === 'CANCELLED') {
        this.#count('ECOCASH', answer);
        return {
          status: 'FAILED',
          reason: answer.providerCode ?? answer.failureReason,
          failureReason: answer.failureReason,
          providerCode: answer.providerCode,
        };
      }
      // Completed at once (a repeated correlator): settled like a notification; PENDING or unknown waits.
      if (answer.status === 'CONFIRMED') await this.#deposited('ECOCASH', request, providerRequestId, answer);
      return { status: 'ACCEPTED', providerRequestId };
    }
    return { status: 'FAILED', reason: 'NOT_OFFERED', failureReason: 'PROVIDER_ERROR', providerCode: null };
  }

  async #deposited(
    rail: string,
    request: DepositRequest,
    providerRequestId: string,
    outcome: RailOutcome,
  ): Promise<void> {
    this.#count(rail, outcome);
    // No answer, INS-9, a dropped connection: the deposit stays PENDING for the status query.
    if (outcome.status === 'UNKNOWN') return;
    await this.onDepositResult?.(
      request.reference,
      depositResult(outcome, providerRequestId, request.amountCents),
    );
  }

  async depositStatus(deposit: PaymentRef): Promise<DepositStatus> {
    const { mpesa, ecocash } = this.rails;
    let status: RailStatus;
    let providerRequestId: string;
    if (deposit.walletSid === 'MPESA' && mpesa) {
      providerRequestId = conversationId(deposit.reference);
      status = await mpesa.query(deposit.reference, this.#createdAtMs(deposit.createdAt));
    } else if (deposit.walletSid === 'ECOCASH' && ecocash) {
      providerRequestId = clientCorrelator(deposit.reference);
      status = await ecocash.status(deposit.reference, deposit.msisdn);
    } else return { status: 'UNKNOWN' };
    this.#count(deposit.walletSid, status);
    if (status.status === 'PENDING' || status.status === 'UNKNOWN')
      return { status: 'PENDING', providerRequestId };
    return { status: 'DONE', result: depositResult(status, providerRequestId, deposit.amountCents) };
  }

  /** Waits for the C2B calls in flight (tests; a graceful stop). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}

const notOffered = (rail: string): PaymentOutcome => ({
  status: 'FAILED',
  reason: `${rail}_NOT_OFFERED`,
  failureReason: 'PROVIDER_ERROR',
  providerCode: null,
});
