// What an M-Pesa answer means for a payment (pure): decided by output_ResponseCode, never by the HTTP
// status alone. An answer we did not get or could not read is "lost": we cannot tell.
import type { RailOutcome, RailStatus } from '../types.ts';
import { isKnownCode, MPESA_CODES } from './codes.ts';

export type MpesaBody = Record<string, unknown>;

export type Answer = { httpStatus: number; body: MpesaBody } | { lost: string };

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export const responseCode = (answer: Answer) =>
  'lost' in answer ? null : text(answer.body.output_ResponseCode);

const unknown = (providerCode: string | null): RailOutcome => ({ status: 'UNKNOWN', providerCode });

/** A C2B, B2C or reversal answer. `LOOKUP` (INS-10): the first call's outcome must be queried. */
export function paymentOutcome(answer: Answer): RailOutcome | 'LOOKUP' {
  if ('lost' in answer) return unknown(null);
  const code = responseCode(answer);
  // No code at all (a proxy's page, an empty object): nothing says the payment did not happen.
  if (!code) return unknown(null);
  if (!isKnownCode(code)) {
    const refused = answer.httpStatus >= 400 && answer.httpStatus < 500 && answer.httpStatus !== 408;
    return refused
      ? { status: 'FAILED', failureReason: 'PROVIDER_ERROR', providerCode: code }
      : unknown(code);
  }
  const meaning = MPESA_CODES[code].meaning;
  switch (meaning) {
    case 'CONFIRMED': {
      const receipt = text(answer.body.output_TransactionID);
      return receipt ? { status: 'CONFIRMED', providerRef: receipt, providerCode: code } : unknown(code);
    }
    case 'CANCELLED':
      return { status: 'CANCELLED', failureReason: 'DECLINED', providerCode: code };
    case 'UNKNOWN':
      return unknown(code);
    case 'LOOKUP':
      return 'LOOKUP';
    default:
      return { status: 'FAILED', failureReason: meaning, providerCode: code };
  }
}

export interface QueryAge {
  /** When we sent the payment; absent when unknown. */
  createdAtMs?: number;
  nowMs: number;
  timeoutMs: number;
}

/** A queryTransactionStatus answer about one payment. */
export function queryStatus(answer: Answer, age: QueryAge): RailStatus {
  if ('lost' in answer) return unknown(null);
  const code = responseCode(answer);
  if (code === 'INS-23') {
    // Not found: once its read timeout has passed, the payment can no longer arrive; it never reached them.
    const old = age.createdAtMs !== undefined && age.nowMs - age.createdAtMs > age.timeoutMs;
    return old ? { status: 'FAILED', failureReason: 'NOT_REACHED', providerCode: code } : unknown(code);
  }
  // A refused query tells nothing about the payment.
  if (code !== 'INS-0') return unknown(code);
  const status = text(answer.body.output_ResponseTransactionStatus);
  switch (status) {
    case 'Completed': {
      const receipt = text(answer.body.output_TransactionID) ?? text(answer.body.output_ConversationID);
      return receipt ? { status: 'CONFIRMED', providerRef: receipt, providerCode: code } : unknown(code);
    }
    case 'Cancelled':
      return { status: 'CANCELLED', failureReason: 'DECLINED', providerCode: status };
    case 'Failed':
      return { status: 'FAILED', failureReason: 'DECLINED', providerCode: status };
    case 'Expired':
      // The customer never answered the PIN prompt.
      return { status: 'FAILED', failureReason: 'NOT_REACHED', providerCode: status };
    case 'Reversed':
      return { status: 'FAILED', failureReason: 'PROVIDER_ERROR', providerCode: status };
    default:
      return { status: 'PENDING', providerCode: status };
  }
}
