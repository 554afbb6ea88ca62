// What the EcoCash emulator checks in a request before acting on it, as EcoCash would refuse it: a
// fault naming the first bad field (400 SVC0002), or the request's values we act on.
import { CURRENCY, type EcoCashFault, MSISDN, serviceFault } from './protocol.ts';

export interface CheckedRequest {
  clientCorrelator: string;
  referenceCode: string;
  endUserId: string;
  amountCents: number;
  merchantCode: string;
  merchantPin: string;
  /** Charge only. */
  notifyUrl?: string;
  /** Refund only. */
  originalEcocashReference?: string;
}

type Checked = { ok: true; request: CheckedRequest } | { ok: false; fault: EcoCashFault };

const CORRELATOR = /^[A-Za-z0-9._-]{1,64}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown, max = 128): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;

/** "25", "25.5", "25.50" or the number: positive, at most two decimals. */
export function amountCents(value: unknown): number | undefined {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) return undefined;
  const cents = Math.round(Number(raw) * 100);
  return cents > 0 ? cents : undefined;
}

const invalid = (part: string): Checked => ({
  ok: false,
  fault: {
    requestError: {
      serviceException: {
        messageId: 'SVC0002',
        text: `Invalid input value for message part ${part}`,
        variables: [part],
      },
    },
  },
});

function httpUrl(value: unknown): string | undefined {
  const raw = str(value, 2048);
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? raw : undefined;
  } catch {
    return undefined;
  }
}

/** A charge (`tranType` MER, "Charged") or a refund (`tranType` REF, "Refunded"). */
export function checkRequest(body: unknown, kind: 'charge' | 'refund'): Checked {
  if (!isRecord(body))
    return { ok: false, fault: serviceFault('SVC0001', 'Request body is not a transaction') };
  const merchantCode = str(body.merchantCode, 32);
  const merchantPin = str(body.merchantPin, 32);
  if (!merchantCode) return invalid('merchantCode');
  if (!merchantPin) return invalid('merchantPin');
  const clientCorrelator = typeof body.clientCorrelator === 'string' ? body.clientCorrelator : '';
  if (!CORRELATOR.test(clientCorrelator)) return invalid('clientCorrelator');
  const referenceCode = str(body.referenceCode);
  if (!referenceCode) return invalid('referenceCode');
  const endUserId = typeof body.endUserId === 'string' ? body.endUserId : '';
  if (!MSISDN.test(endUserId)) return invalid('endUserId');
  if (body.tranType !== (kind === 'charge' ? 'MER' : 'REF')) return invalid('tranType');
  if (body.transactionOperationStatus !== (kind === 'charge' ? 'Charged' : 'Refunded')) {
    return invalid('transactionOperationStatus');
  }
  const info = isRecord(body.paymentAmount) ? body.paymentAmount.charginginformation : undefined;
  if (!isRecord(info)) return invalid('paymentAmount.charginginformation');
  const cents = amountCents(info.amount);
  if (cents === undefined) return invalid('paymentAmount.charginginformation.amount');
  if (info.currency !== CURRENCY) return invalid('paymentAmount.charginginformation.currency');
  if (body.currencyCode !== undefined && body.currencyCode !== CURRENCY) return invalid('currencyCode');
  const request: CheckedRequest = {
    clientCorrelator,
    referenceCode,
    endUserId,
    amountCents: cents,
    merchantCode,
    merchantPin,
  };
  if (kind === 'charge') {
    request.notifyUrl = httpUrl(body.notifyUrl);
    if (!request.notifyUrl) return invalid('notifyUrl');
  } else {
    request.originalEcocashReference = str(body.originalEcocashReference, 64);
    if (!request.originalEcocashReference) return invalid('originalEcocashReference');
  }
  return { ok: true, request };
}
