// Airtime purchases through Africa's Talking (DESIGN "Payment and messaging rails").
//
// AT has no client reference for airtime, so a retry could top up twice. Every purchase therefore
// sends our reference as `Idempotency-Key` (AT answers a repeat of a key with the first answer and
// sends nothing), and a purchase whose answer was lost (UNKNOWN) is resolved with `status(reference)`:
// the transaction find asked with our reference, which our AT gateway (and the emulator) resolve by
// that Idempotency-Key; `find(requestId)` asks by AT's own requestId. Ask only after the purchase's
// own request has timed out: "not found" then means it never reached AT.
import {
  decimalAmount,
  type FailureReason,
  type Fetch,
  type RailOutcome,
  type RailPayment,
  type RailStatus,
} from '../types.ts';
import { international } from './sms.ts';

export interface AfricasTalkingAirtimeOptions {
  baseUrl: string;
  username: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: Fetch;
}

export interface AirtimeEntry {
  phoneNumber: string;
  amount: string;
  discount: string;
  /** 'Sent' | 'Failed' (anything else: not known yet). */
  status: string;
  requestId: string;
  errorMessage: string;
}

export interface AirtimeAnswer {
  errorMessage: string;
  numSent: number;
  totalAmount: string;
  totalDiscount: string;
  responses: AirtimeEntry[];
}

/** The transaction find's answer: `status: 'Success'` with the transaction, or `Failed` (not found). */
export interface FindAnswer {
  status: string;
  errorMessage?: string;
  data?: {
    transactionId: string;
    status: string;
    errorMessage?: string;
    value?: string;
    destination?: string;
  };
}

/** The purchase of `p` for `receivingMsisdn` (the payer's own number when buying for self). */
export type AirtimePayment = RailPayment & { receivingMsisdn: string };

/** Our side of AT's account or system failed (PROVIDER_ERROR); anything else names the recipient (DECLINED). */
const reasonOf = (errorMessage: string): FailureReason =>
  /insufficient|balance|system|internal|unavailable/i.test(errorMessage) ? 'PROVIDER_ERROR' : 'DECLINED';

/**
 * A failure as AT words it. "A duplicate request was received within the last 5 minutes" says only that
 * an earlier attempt reached AT, which may have sent it: unknown, to be resolved by `status`.
 */
const failed = (errorMessage: string): RailOutcome =>
  /duplicate/i.test(errorMessage)
    ? { status: 'UNKNOWN', providerCode: errorMessage }
    : { status: 'FAILED', failureReason: reasonOf(errorMessage), providerCode: errorMessage };

/** A send's answer for `phoneNumber`, decided by the entry's status, never the HTTP status. */
export function airtimeOutcomeOf(answer: Partial<AirtimeAnswer> | null, phoneNumber: string): RailOutcome {
  const entry = answer?.responses?.find((r) => r.phoneNumber === phoneNumber);
  if (entry?.status === 'Sent')
    return { status: 'CONFIRMED', providerRef: entry.requestId, providerCode: 'Sent' };
  if (entry?.status === 'Failed') return failed(entry.errorMessage || 'Failed');
  // The whole request refused (no entry, but an error other than 'None'): nothing was sent.
  if (!entry && answer?.errorMessage && answer.errorMessage !== 'None' && answer.numSent === 0) {
    return failed(answer.errorMessage);
  }
  return { status: 'UNKNOWN', providerCode: entry?.status ?? null };
}

/** A find's answer: Success → CONFIRMED, Failed → FAILED, not found → FAILED NOT_REACHED. */
export function airtimeStatusOf(answer: FindAnswer | null): RailStatus {
  const data = answer?.data;
  if (answer?.status === 'Success' && data) {
    if (data.status === 'Success' || data.status === 'Sent') {
      return { status: 'CONFIRMED', providerRef: data.transactionId, providerCode: data.status };
    }
    if (data.status === 'Failed') return failed(data.errorMessage || 'Failed');
    return { status: 'PENDING', providerCode: data.status };
  }
  if (answer?.status === 'Failed' && /not\s+find|not\s+found/i.test(answer.errorMessage ?? '')) {
    return { status: 'FAILED', failureReason: 'NOT_REACHED', providerCode: 'NOT_FOUND' };
  }
  return { status: 'UNKNOWN', providerCode: answer?.errorMessage ?? null };
}

export class AfricasTalkingAirtime {
  readonly #options: AfricasTalkingAirtimeOptions;
  readonly #fetch: Fetch;

  constructor(options: AfricasTalkingAirtimeOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  /** Tops up `receivingMsisdn`; UNKNOWN when no answer could be had (reconcile with `status`). */
  async send(p: AirtimePayment): Promise<RailOutcome> {
    const phoneNumber = international(p.receivingMsisdn);
    const answer = await this.#post(
      '/airtime/send',
      {
        username: this.#options.username,
        recipients: [{ phoneNumber, currencyCode: 'LSL', amount: Number(decimalAmount(p.amountCents)) }],
      },
      p.reference,
    );
    if (answer === 'UNKNOWN') return { status: 'UNKNOWN', providerCode: null };
    // Wrong apiKey or username: refused before anything was sent.
    if (answer.status === 401)
      return { status: 'FAILED', failureReason: 'PROVIDER_ERROR', providerCode: 'HTTP-401' };
    return airtimeOutcomeOf(answer.body as Partial<AirtimeAnswer> | null, phoneNumber);
  }

  /** The fate of the purchase made with our `reference` (its Idempotency-Key). */
  status(reference: string): Promise<RailStatus> {
    return this.find(reference);
  }

  /** `POST /query/transaction/find` by AT's requestId (or our reference, see above). */
  async find(transactionId: string): Promise<RailStatus> {
    const answer = await this.#post('/query/transaction/find', {
      username: this.#options.username,
      transactionId,
    });
    if (answer === 'UNKNOWN' || answer.status >= 300) return { status: 'UNKNOWN', providerCode: null };
    return airtimeStatusOf(answer.body as FindAnswer | null);
  }

  /** A JSON exchange; 'UNKNOWN' on a transport failure, a timeout, a 5xx or a body that is not JSON. */
  async #post(
    path: string,
    json: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: unknown } | 'UNKNOWN'> {
    const { baseUrl, apiKey, timeoutMs = 30_000 } = this.#options;
    try {
      const response = await this.#fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          apiKey,
          accept: 'application/json',
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: JSON.stringify(json),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status >= 500) return 'UNKNOWN';
      const text = await response.text();
      if (response.status === 401) return { status: 401, body: text };
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      return 'UNKNOWN';
    }
  }
}
