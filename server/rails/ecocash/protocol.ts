// The EcoCash Instant Payment API as both sides speak it (DESIGN "Payment and messaging rails"): the
// transaction body the merchant sends and EcoCash answers and notifies with, its OneAPI-style faults,
// and the one reading of a transaction into a RailStatus that the adapter and the notify route share.
import { alnum, type FailureReason, type RailStatus } from '../types.ts';

export const CURRENCY = 'LSL';
export const COUNTRY = 'LS';
export const MSISDN = /^266\d{8}$/;

/** EcoCash's answer while the subscriber has not yet approved on the phone. */
export const PENDING_STATUS = 'PENDING SUBSCRIBER VALIDATION';

export interface ChargingInformation {
  amount: number | string;
  currency: string;
  description: string;
}

export interface PaymentAmount {
  charginginformation: ChargingInformation;
  chargeMetaData: { channel: string; purchaseCategoryCode: string; onBeHalfOf: string };
  totalAmountCharged?: number | string;
}

/** A transaction as sent (charge, refund) and as EcoCash answers and notifies it. */
export interface EcoCashTransaction {
  clientCorrelator: string;
  referenceCode: string;
  endUserId: string;
  transactionOperationStatus: string;
  tranType?: string;
  notifyUrl?: string;
  remarks?: string;
  paymentAmount?: PaymentAmount;
  ecocashReference?: string;
  serverReferenceCode?: string;
  originalEcocashReference?: string;
  refundCorrelator?: string;
  responseCode?: string;
  responseMessage?: string;
  merchantCode?: string;
  merchantPin?: string;
  merchantNumber?: string;
  currencyCode?: string;
  countryCode?: string;
  terminalID?: string;
  location?: string;
  superMerchantName?: string;
  merchantName?: string;
}

/** EcoCash's fault body (GSMA OneAPI): a policy (403/401) or service (400/404) exception. */
export interface EcoCashFault {
  requestError: { serviceException?: FaultDetail; policyException?: FaultDetail };
}
interface FaultDetail {
  messageId: string;
  text: string;
  variables?: string[];
}

export const serviceFault = (messageId: string, text: string): EcoCashFault => ({
  requestError: { serviceException: { messageId, text } },
});
export const policyFault = (messageId: string, text: string): EcoCashFault => ({
  requestError: { policyException: { messageId, text } },
});

/** OneAPI's "duplicate correlator" service error. */
export const DUPLICATE_CORRELATOR = 'SVC0005';

/** Our reference as the charge's clientCorrelator: the same on every retry, so EcoCash never charges twice. */
export const clientCorrelator = (reference: string) => alnum(reference, 40);

/** The refund's own correlator, also derived from the payment's reference (one refund per payment). */
export const refundCorrelator = (reference: string) => `${alnum(reference, 37)}REF`;

export const basicAuth = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/** A body that is an EcoCash transaction (what the notify route accepts and the adapter reads). */
export function isTransaction(body: unknown): body is EcoCashTransaction {
  return (
    isRecord(body) &&
    text(body.clientCorrelator, 128) &&
    text(body.referenceCode, 128) &&
    text(body.endUserId, 32) &&
    text(body.transactionOperationStatus, 64)
  );
}

/** The fault's messageId and text, when the body is one. */
export function readFault(body: unknown): { messageId: string; text: string } | undefined {
  if (!isRecord(body) || !isRecord(body.requestError)) return undefined;
  const detail = body.requestError.serviceException ?? body.requestError.policyException;
  if (!isRecord(detail)) return undefined;
  return {
    messageId: typeof detail.messageId === 'string' ? detail.messageId : '',
    text: typeof detail.text === 'string' ? detail.text : '',
  };
}

export const saysInsufficient = (...texts: Array<string | undefined>) =>
  texts.some((t) => t !== undefined && /insufficient/i.test(t));

/** What EcoCash's word on a transaction means for us; anything we do not know stays UNKNOWN. */
export function readTransaction(body: EcoCashTransaction): RailStatus {
  const status = body.transactionOperationStatus.trim().toUpperCase();
  const code = body.responseCode ?? status;
  if (status === 'COMPLETED') {
    const providerRef = body.ecocashReference ?? body.serverReferenceCode ?? body.clientCorrelator;
    return { status: 'CONFIRMED', providerRef, providerCode: code };
  }
  if (status === 'FAILED') {
    const failureReason: FailureReason = saysInsufficient(body.responseCode, body.responseMessage)
      ? 'INSUFFICIENT_FUNDS'
      : 'DECLINED';
    return { status: 'FAILED', failureReason, providerCode: code };
  }
  if (status.startsWith('PENDING')) return { status: 'PENDING', providerCode: code };
  return { status: 'UNKNOWN', providerCode: code };
}
