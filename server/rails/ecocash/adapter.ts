// EcoCash Instant Payment API (EcoCash Lesotho): a charge asks the subscriber to approve on the phone, so
// its first answer is usually PENDING and the result arrives by notification (notify.ts) or status query.
// We decide by EcoCash's transactionOperationStatus and fault codes, never by the HTTP status alone; a
// timeout, a dropped connection or a 5xx is UNKNOWN (the payment may have gone through: reconcile).
import { decimalAmount, type Fetch, type RailOutcome, type RailPayment, type RailStatus } from '../types.ts';
import {
  basicAuth,
  COUNTRY,
  CURRENCY,
  clientCorrelator,
  DUPLICATE_CORRELATOR,
  type EcoCashTransaction,
  isTransaction,
  type PaymentAmount,
  readFault,
  readTransaction,
  refundCorrelator,
  saysInsufficient,
} from './protocol.ts';

export interface EcoCashApiOptions {
  /** …/payment/v1 */
  baseUrl: string;
  username: string;
  password: string;
  merchantCode: string;
  merchantPin: string;
  merchantNumber: string;
  /** Our notify route, full URL including `?secret=…`. */
  notifyUrl: string;
  timeoutMs?: number;
  terminalId?: string;
  location?: string;
  merchantName?: string;
  superMerchantName?: string;
  fetch?: Fetch;
}

/** One HTTP exchange: the status and parsed JSON, or `undefined` when no answer came. */
type Answer = { status: number; body: unknown } | undefined;

export class EcoCashApi {
  private readonly baseUrl: string;
  private readonly fetch: Fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: EcoCashApiOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async charge(p: RailPayment): Promise<RailStatus> {
    const body: EcoCashTransaction = {
      clientCorrelator: clientCorrelator(p.reference),
      notifyUrl: this.options.notifyUrl,
      referenceCode: p.reference,
      tranType: 'MER',
      endUserId: p.msisdn,
      remarks: p.description.slice(0, 100),
      transactionOperationStatus: 'Charged',
      paymentAmount: this.amount(p.amountCents, p.description),
      ...this.merchant(),
    };
    const answer = await this.send('POST', '/transactions/amount', body);
    if (answer && isDuplicate(answer)) return this.status(p.reference, p.msisdn);
    return readAnswer(answer);
  }

  async status(reference: string, msisdn: string): Promise<RailStatus> {
    const answer = await this.query(msisdn, clientCorrelator(reference));
    // A refused or failed query says nothing about the payment itself.
    if (answer && (answer.status < 200 || answer.status >= 300)) {
      return { status: 'UNKNOWN', providerCode: codeOf(answer) };
    }
    return readAnswer(answer);
  }

  async refund(
    reference: string,
    msisdn: string,
    ecocashReference: string,
    amountCents: number,
  ): Promise<RailOutcome> {
    const correlator = refundCorrelator(reference);
    const body: EcoCashTransaction = {
      clientCorrelator: correlator,
      refundCorrelator: correlator,
      referenceCode: reference,
      tranType: 'REF',
      endUserId: msisdn,
      originalEcocashReference: ecocashReference,
      remarks: `Refund ${reference}`,
      transactionOperationStatus: 'Refunded',
      paymentAmount: this.amount(amountCents, `Refund ${reference}`),
      ...this.merchant(),
    };
    let answer = await this.send('POST', '/transactions/refund', body);
    // A retried refund whose first answer was lost: EcoCash knows it by its correlator.
    if (answer && isDuplicate(answer)) answer = await this.query(msisdn, correlator);
    const status = readAnswer(answer);
    // A refund needs no approval; one still "pending" is one we cannot vouch for yet.
    return status.status === 'PENDING' ? { status: 'UNKNOWN', providerCode: status.providerCode } : status;
  }

  /** Preflight: an unknown correlator answers 404 once our credentials are accepted. */
  async checkAccount(): Promise<{ ok: boolean; message: string }> {
    const answer = await this.query(this.options.merchantNumber, `PREFLIGHT${Date.now()}`);
    if (!answer) return { ok: false, message: `EcoCash not reached at ${this.baseUrl}` };
    if (answer.status === 404 || answer.status === 200) {
      return { ok: true, message: 'EcoCash reached, credentials accepted' };
    }
    if (answer.status === 401 || answer.status === 403) {
      return { ok: false, message: `EcoCash refused the credentials (${answer.status})` };
    }
    return { ok: false, message: `EcoCash answered ${answer.status}${faultSuffix(answer.body)}` };
  }

  private query(msisdn: string, correlator: string): Promise<Answer> {
    return this.send(
      'GET',
      `/${encodeURIComponent(msisdn)}/transactions/amount/${encodeURIComponent(correlator)}`,
    );
  }

  private amount(cents: number, description: string): PaymentAmount {
    return {
      charginginformation: { amount: Number(decimalAmount(cents)), currency: CURRENCY, description },
      chargeMetaData: { channel: 'WEB', purchaseCategoryCode: 'Online Payment', onBeHalfOf: 'Jackpot 14' },
    };
  }

  private merchant() {
    const o = this.options;
    return {
      merchantCode: o.merchantCode,
      merchantPin: o.merchantPin,
      merchantNumber: o.merchantNumber,
      currencyCode: CURRENCY,
      countryCode: COUNTRY,
      terminalID: o.terminalId ?? 'J14-WEB',
      location: o.location ?? 'Maseru',
      superMerchantName: o.superMerchantName ?? 'Jackpot 14',
      merchantName: o.merchantName ?? 'Jackpot 14',
    };
  }

  private async send(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
    try {
      const res = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: basicAuth(this.options.username, this.options.password),
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const raw = await res.text();
      let parsed: unknown;
      try {
        parsed = raw ? JSON.parse(raw) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, body: parsed };
    } catch {
      // Timeout, refused or dropped connection: no answer, so we cannot tell what happened.
      return undefined;
    }
  }
}

function isDuplicate(answer: NonNullable<Answer>): boolean {
  if (answer.status < 400 || answer.status >= 500) return false;
  const fault = readFault(answer.body);
  return fault !== undefined && (fault.messageId === DUPLICATE_CORRELATOR || /duplicate/i.test(fault.text));
}

const codeOf = (answer: NonNullable<Answer>) => readFault(answer.body)?.messageId || `HTTP_${answer.status}`;

const faultSuffix = (body: unknown) => {
  const fault = readFault(body);
  return fault ? `: ${fault.messageId} ${fault.text}`.trimEnd() : '';
};

/** An HTTP answer as a RailStatus: a transaction body decides; a refusal fails; the rest is unknown. */
export function readAnswer(answer: Answer): RailStatus {
  if (!answer) return { status: 'UNKNOWN', providerCode: null };
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    // A success we cannot read may still have charged the subscriber.
    return isTransaction(body)
      ? readTransaction(body)
      : { status: 'UNKNOWN', providerCode: `HTTP_${status}` };
  }
  const fault = readFault(body);
  const code = codeOf(answer);
  // 404 on a query: EcoCash does not know the correlator (the caller decides); 5xx: it may have acted.
  if (status === 404 || status >= 500 || status === 408 || status === 429) {
    return { status: 'UNKNOWN', providerCode: code };
  }
  const failureReason = saysInsufficient(fault?.messageId, fault?.text)
    ? 'INSUFFICIENT_FUNDS'
    : 'PROVIDER_ERROR';
  return { status: 'FAILED', failureReason, providerCode: code };
}
