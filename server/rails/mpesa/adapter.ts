// Vodacom M-Pesa OpenAPI (Lesotho, market vodacomLES): C2B, B2C, status query and reversal, with the
// session every call needs (DESIGN "Payment and messaging rails"). The only effects are the HTTP calls.
import { randomUUID } from 'node:crypto';
import { decimalAmount, type Fetch, type RailOutcome, type RailPayment, type RailStatus } from '../types.ts';
import { CUSTOMER_401_CODES } from './codes.ts';
import { encryptBearer } from './crypto.ts';
import { conversationId, reversalConversationId, transactionReference } from './ids.ts';
import { type Answer, type MpesaBody, paymentOutcome, queryStatus, responseCode } from './outcome.ts';
import { SessionCache, SessionError } from './session.ts';

export { conversationId, reversalConversationId, transactionReference } from './ids.ts';

export const MPESA_COUNTRY = 'LES';
export const MPESA_CURRENCY = 'LSL';

export interface MpesaOptions {
  /** e.g. https://openapi.m-pesa.com/openapi/ipg/v2/vodacomLES */
  baseUrl: string;
  apiKey: string;
  /** The portal's public key: base64 DER SubjectPublicKeyInfo. */
  publicKey: string;
  serviceProviderCode: string;
  origin?: string;
  sessionLiveMs?: number;
  sessionTtlMs?: number;
  /** Read timeout of every call; a C2B waits this long for the customer's PIN. */
  timeoutMs?: number;
  fetch?: Fetch;
  now?: () => number;
}

export type SessionCheck = { ok: true } | { ok: false; providerCode: string | null; message: string };

type Method = 'GET' | 'POST' | 'PUT';

const sessionError = (e: SessionError): RailOutcome => ({
  status: 'FAILED',
  failureReason: 'PROVIDER_ERROR',
  providerCode: e.providerCode,
});

export class MpesaOpenApi {
  private readonly sessions: SessionCache;
  private readonly fetch: Fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly baseUrl: string;

  constructor(private readonly options: MpesaOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.sessions = new SessionCache(() => this.openSession(), {
      liveMs: options.sessionLiveMs ?? 30_000,
      ttlMs: options.sessionTtlMs ?? 3_600_000,
      now: this.now,
    });
  }

  /** Customer pays us; resolves once the customer has answered the PIN prompt (or the read timeout). */
  c2b(p: RailPayment): Promise<RailOutcome> {
    return this.pay('/c2bPayment/singleStage/', p, { input_PurchasedItemsDesc: p.description });
  }

  /** We pay the customer. */
  b2c(p: RailPayment): Promise<RailOutcome> {
    return this.pay('/b2cPayment/', p, { input_PaymentItemsDesc: p.description });
  }

  /** Where the payment with our `reference` stands; `createdAtMs` lets "not found" become final. */
  query(reference: string, createdAtMs?: number): Promise<RailStatus> {
    return this.queryConversation(conversationId(reference), createdAtMs);
  }

  /** Gives back `amountCents` of the payment M-Pesa knows as `transactionId`. */
  async reversal(reference: string, transactionId: string, amountCents: number): Promise<RailOutcome> {
    const thirdParty = reversalConversationId(reference);
    const answer = await this.authorized('PUT', '/reversal/', {
      input_TransactionID: transactionId,
      input_ReversalAmount: decimalAmount(amountCents),
      input_ServiceProviderCode: this.options.serviceProviderCode,
      input_ThirdPartyConversationID: thirdParty,
      input_Country: MPESA_COUNTRY,
    });
    return answer instanceof SessionError ? sessionError(answer) : this.settle(answer, thirdParty);
  }

  /** Preflight: can we open a session with this key pair? Does not wait for the session to be live. */
  async checkSession(): Promise<SessionCheck> {
    try {
      await this.sessions.fresh();
      return { ok: true };
    } catch (e) {
      if (e instanceof SessionError) return { ok: false, providerCode: e.providerCode, message: e.message };
      throw e;
    }
  }

  private async pay(path: string, p: RailPayment, description: MpesaBody): Promise<RailOutcome> {
    const thirdParty = conversationId(p.reference);
    const answer = await this.authorized('POST', path, {
      input_Amount: decimalAmount(p.amountCents),
      input_Country: MPESA_COUNTRY,
      input_Currency: MPESA_CURRENCY,
      input_CustomerMSISDN: p.msisdn,
      input_ServiceProviderCode: this.options.serviceProviderCode,
      input_TransactionReference: transactionReference(p.reference),
      input_ThirdPartyConversationID: thirdParty,
      ...description,
    });
    return answer instanceof SessionError ? sessionError(answer) : this.settle(answer, thirdParty);
  }

  /** A payment call's outcome; a duplicate is the first call's, looked up. */
  private async settle(answer: Answer, thirdParty: string): Promise<RailOutcome> {
    const outcome = paymentOutcome(answer);
    if (outcome !== 'LOOKUP') return outcome;
    const found = await this.queryConversation(thirdParty);
    return found.status === 'PENDING' ? { status: 'UNKNOWN', providerCode: 'INS-10' } : found;
  }

  private async queryConversation(thirdParty: string, createdAtMs?: number): Promise<RailStatus> {
    const answer = await this.authorized('GET', '/queryTransactionStatus/', {
      input_QueryReference: thirdParty,
      input_ServiceProviderCode: this.options.serviceProviderCode,
      // The query's own conversation; it pays nothing, so it need not be stable.
      input_ThirdPartyConversationID: randomUUID().replaceAll('-', ''),
      input_Country: MPESA_COUNTRY,
    });
    if (answer instanceof SessionError) return { status: 'UNKNOWN', providerCode: answer.providerCode };
    return queryStatus(answer, { createdAtMs, nowMs: this.now(), timeoutMs: this.timeoutMs });
  }

  /**
   * One call with the live session. A 401 that is not a customer's answer refuses the session: it is
   * renewed once and the call repeated once, safely, since the ThirdPartyConversationID is the same.
   */
  private async authorized(
    method: Method,
    path: string,
    input: Record<string, string>,
  ): Promise<Answer | SessionError> {
    try {
      const session = await this.sessions.live();
      const answer = await this.send(method, path, session.id, input);
      if ('lost' in answer || answer.httpStatus !== 401) return answer;
      if (CUSTOMER_401_CODES.has(responseCode(answer) ?? '')) return answer;
      await this.sessions.renew(session);
      const renewed = await this.sessions.live();
      return await this.send(method, path, renewed.id, input);
    } catch (e) {
      if (e instanceof SessionError) return e;
      throw e;
    }
  }

  private async openSession(): Promise<string> {
    const answer = await this.send('GET', '/getSession/', this.options.apiKey);
    if ('lost' in answer) throw new SessionError(`getSession: ${answer.lost}`, null);
    const code = responseCode(answer);
    const id = answer.body.output_SessionID;
    if (code === 'INS-0' && typeof id === 'string' && id !== '') return id;
    const description = answer.body.output_ResponseDesc;
    throw new SessionError(
      typeof description === 'string' ? description : `getSession answered HTTP ${answer.httpStatus}`,
      code,
    );
  }

  /** One HTTP exchange; `secret` is the API key (getSession) or the session ID, encrypted per call. */
  private async send(
    method: Method,
    path: string,
    secret: string,
    input?: Record<string, string>,
  ): Promise<Answer> {
    let bearer: string;
    try {
      bearer = encryptBearer(this.options.publicKey, secret);
    } catch {
      throw new SessionError('MPESA_PUBLIC_KEY is not a base64 DER RSA public key', null);
    }
    const url = new URL(`${this.baseUrl}${path}`);
    if (method === 'GET' && input)
      for (const [name, value] of Object.entries(input)) url.searchParams.set(name, value);
    try {
      const response = await this.fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
          Origin: this.options.origin ?? '*',
        },
        body: method === 'GET' ? undefined : JSON.stringify(input ?? {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const body: unknown = JSON.parse(await response.text());
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return { lost: 'not a JSON object' };
      return { httpStatus: response.status, body: body as MpesaBody };
    } catch (e) {
      // A dropped connection, our own timeout, a body we could not read: the call may have been handled.
      return { lost: e instanceof Error ? e.message : String(e) };
    }
  }
}
