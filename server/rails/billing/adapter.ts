// Carrier billing over GSMA OneAPI Payment (DESIGN "Payment and messaging rails"): a stake charged to
// the subscriber's prepaid airtime. The operator is idempotent per clientCorrelator (a repeat answers
// the original transaction), so every retry of a reference sends the same correlator.
//
// What a caller sees when it cannot tell: `charge`, `status` and `refund` THROW (BillingUnknownError)
// on a network error, a timeout, a 5xx without a OneAPI fault or an answer they cannot read. The
// callers (play/submit.ts, wallet/reconcile.ts) race these calls in withTimeout, which turns a throw
// into 'TIMEOUT': the stake stays RESERVED (or REFUNDING, RELEASING) and is settled later by `status`. A
// FAILED result is only returned when the operator said so, because submit.ts releases the stake on it.
import { createHash } from 'node:crypto';
import type {
  ChargeRequest,
  ChargeResult,
  ChargeStatus,
  OperatorBilling,
  RefundResult,
} from '../../providers/operatorBilling.ts';
import { decimalAmount, type Fetch } from '../types.ts';

export interface OneApiBillingOptions {
  /** …/payment */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`. */
  token: string;
  timeoutMs?: number;
  fetch?: Fetch;
}

/** The operator's answer could not be had or read: the charge may or may not have happened. */
export class BillingUnknownError extends Error {
  override name = 'BillingUnknownError';
}

export interface ChargingInformation {
  amount: string;
  currency: string;
  description: string;
}

/** A OneAPI amountTransaction as sent and as answered (the operator adds serverReferenceCode). */
export interface AmountTransaction {
  endUserId: string;
  clientCorrelator: string;
  referenceCode: string;
  transactionOperationStatus: string;
  paymentAmount: {
    chargingInformation: ChargingInformation;
    chargingMetaData?: { serviceID?: string };
  };
  originalServerReferenceCode?: string;
  serverReferenceCode?: string;
  resourceURL?: string;
}

export interface OneApiFault {
  messageId: string;
  text: string;
  variables?: string[];
}

export interface RequestError {
  requestError: { policyException?: OneApiFault; serviceException?: OneApiFault };
}

/**
 * The clientCorrelator of a reference: deterministic, so a retry (or a restart) sends the same one,
 * and short and plain whatever our reference looks like.
 */
export const clientCorrelatorOf = (reference: string) =>
  `j14-${createHash('sha256').update(reference).digest('hex').slice(0, 32)}`;

/** The correlator of the refund of a reference's charge (a retried refund is answered, not repeated). */
export const refundCorrelatorOf = (reference: string) => `${clientCorrelatorOf(reference)}-r`;

/** `tel:+266XXXXXXXX` from our `266XXXXXXXX`. */
export const endUserOf = (msisdn: string) => `tel:+${msisdn.replace(/^\+/, '')}`;

/** The fault of an answer, policy or service, when it carries one. */
export function faultOf(body: unknown): OneApiFault | undefined {
  const error = (body as Partial<RequestError> | null)?.requestError;
  const fault = error?.policyException ?? error?.serviceException;
  return typeof fault?.messageId === 'string' ? fault : undefined;
}

/** POL1000, or any fault whose text names a balance or credit too low: the subscriber's airtime. */
export const isInsufficient = (fault: OneApiFault) =>
  fault.messageId === 'POL1000' || /insufficient\s+(balance|credit|funds)/i.test(fault.text ?? '');

const transactionOf = (body: unknown): AmountTransaction | undefined => {
  const tx = (body as { amountTransaction?: AmountTransaction } | null)?.amountTransaction;
  return typeof tx?.transactionOperationStatus === 'string' ? tx : undefined;
};

/** A charge's answer: a transaction (new or the original one) or a fault; anything else is unknown. */
export function chargeResultOf(httpStatus: number, body: unknown): ChargeResult {
  const fault = faultOf(body);
  if (fault) {
    return isInsufficient(fault)
      ? { status: 'INSUFFICIENT_AIRTIME' }
      : { status: 'FAILED', reason: fault.messageId };
  }
  const tx = httpStatus < 300 ? transactionOf(body) : undefined;
  if (tx?.transactionOperationStatus === 'Charged' && tx.serverReferenceCode) {
    return { status: 'CHARGED', providerRef: tx.serverReferenceCode };
  }
  // The correlator's original transaction was refunded (or voided, never charged): refused for good.
  if (tx?.transactionOperationStatus === 'Refunded') return { status: 'FAILED', reason: 'REFUNDED' };
  throw new BillingUnknownError(`charge answered ${httpStatus} without a readable outcome`);
}

/** A status query's answer. A void (refunded before any charge) has no serverReferenceCode. */
export function chargeStatusOf(httpStatus: number, body: unknown): ChargeStatus {
  // Only the gateway's own "no such transaction" fault means never charged; a bare 404 may be a wrong URL.
  if (httpStatus === 404 && faultOf(body)) return { status: 'NOT_CHARGED' };
  const tx = httpStatus === 200 ? transactionOf(body) : undefined;
  if (tx && !tx.serverReferenceCode) return { status: 'NOT_CHARGED' };
  if (tx?.transactionOperationStatus === 'Charged')
    return { status: 'CHARGED', providerRef: tx.serverReferenceCode! };
  if (tx?.transactionOperationStatus === 'Refunded') return { status: 'REFUNDED' };
  throw new BillingUnknownError(`status answered ${httpStatus} without a readable outcome`);
}

export class OneApiBilling implements OperatorBilling {
  readonly #baseUrl: string;
  readonly #token: string;
  readonly #timeoutMs: number;
  readonly #fetch: Fetch;

  constructor(options: OneApiBillingOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
    this.#timeoutMs = options.timeoutMs ?? 20_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const endUserId = endUserOf(request.msisdn);
    const transaction: AmountTransaction = {
      endUserId,
      clientCorrelator: clientCorrelatorOf(request.reference),
      referenceCode: request.reference,
      transactionOperationStatus: 'Charged',
      paymentAmount: {
        chargingInformation: {
          amount: decimalAmount(request.amountCents),
          currency: 'LSL',
          description: request.description,
        },
        chargingMetaData: { serviceID: request.serviceId },
      },
    };
    const answer = await this.#call('POST', this.#transactionsPath(endUserId), {
      amountTransaction: transaction,
    });
    return chargeResultOf(answer.status, answer.body);
  }

  /** Our gateway's status query: the transaction by correlator, with no end user (we know only the reference). */
  async status(reference: string): Promise<ChargeStatus> {
    const answer = await this.#lookup(clientCorrelatorOf(reference));
    return chargeStatusOf(answer.status, answer.body);
  }

  /**
   * A charged reference is refunded the OneAPI way (`Refunded` with originalServerReferenceCode on the
   * end user's path). One never charged is voided (our gateway's DELETE by correlator), which the
   * operator records, so a late charge with that correlator is refused.
   */
  async refund(reference: string): Promise<RefundResult> {
    const correlator = clientCorrelatorOf(reference);
    // Twice at most: a charge may land between the look-up and the void (the void then answers 409).
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await this.#lookup(correlator);
      const state = chargeStatusOf(found.status, found.body);
      if (state.status === 'REFUNDED') return { status: 'REFUNDED' };
      if (state.status === 'CHARGED') return this.#refundCharge(reference, transactionOf(found.body)!);
      if (transactionOf(found.body)) return { status: 'REFUNDED' }; // already voided
      const voided = await this.#call('DELETE', `/transactions/amount/${encodeURIComponent(correlator)}`);
      if (voided.status === 204 || voided.status === 200) return { status: 'REFUNDED' };
      if (voided.status !== 409) return this.#refusal(voided);
    }
    throw new BillingUnknownError('charge and void crossed twice');
  }

  async #refundCharge(reference: string, charged: AmountTransaction): Promise<RefundResult> {
    const transaction: AmountTransaction = {
      endUserId: charged.endUserId,
      clientCorrelator: refundCorrelatorOf(reference),
      referenceCode: reference,
      transactionOperationStatus: 'Refunded',
      originalServerReferenceCode: charged.serverReferenceCode,
      paymentAmount: { chargingInformation: charged.paymentAmount.chargingInformation },
    };
    const answer = await this.#call('POST', this.#transactionsPath(charged.endUserId), {
      amountTransaction: transaction,
    });
    if (answer.status < 300 && transactionOf(answer.body)?.transactionOperationStatus === 'Refunded') {
      return { status: 'REFUNDED' };
    }
    return this.#refusal(answer);
  }

  #refusal(answer: { status: number; body: unknown }): RefundResult {
    const fault = faultOf(answer.body);
    if (fault) return { status: 'FAILED', reason: fault.messageId };
    throw new BillingUnknownError(`refund answered ${answer.status} without a readable outcome`);
  }

  #transactionsPath = (endUserId: string) => `/${encodeURIComponent(endUserId)}/transactions/amount`;

  #lookup = (correlator: string) =>
    this.#call('GET', `/transactions/amount/${encodeURIComponent(correlator)}`);

  /** One HTTP exchange; a transport failure or a body that is not JSON is unknown, never a refusal. */
  async #call(method: string, path: string, json?: unknown): Promise<{ status: number; body: unknown }> {
    try {
      const response = await this.#fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch (error) {
      throw new BillingUnknownError(`operator billing ${method} ${path} failed`, { cause: error });
    }
  }
}
