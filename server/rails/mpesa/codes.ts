// The M-Pesa OpenAPI response codes (the portal's "Response codes" table) and what each means to us.
// Adapters decide by `output_ResponseCode`; the HTTP status is only what the emulator answers with.
import type { FailureReason } from '../types.ts';

/** What one code tells the adapter about a C2B/B2C/reversal call. */
export type MpesaMeaning =
  | 'CONFIRMED'
  | 'CANCELLED'
  /** We cannot tell whether the payment happened: it stays pending and is reconciled by a query. */
  | 'UNKNOWN'
  /** A duplicate ThirdPartyConversationID: the first call's outcome is looked up. */
  | 'LOOKUP'
  | FailureReason;

export interface MpesaCode {
  httpStatus: number;
  description: string;
  meaning: MpesaMeaning;
}

export const MPESA_CODES = {
  'INS-0': { httpStatus: 201, description: 'Request processed successfully', meaning: 'CONFIRMED' },
  'INS-1': { httpStatus: 500, description: 'Internal Error', meaning: 'UNKNOWN' },
  // Also what a refused session ID gets (401): the gateway treats it like a bad key.
  'INS-2': { httpStatus: 401, description: 'Invalid API Key', meaning: 'PROVIDER_ERROR' },
  'INS-4': { httpStatus: 401, description: 'User is not active', meaning: 'DECLINED' },
  'INS-5': { httpStatus: 401, description: 'Transaction cancelled by customer', meaning: 'CANCELLED' },
  'INS-6': { httpStatus: 401, description: 'Transaction Failed', meaning: 'DECLINED' },
  'INS-9': { httpStatus: 408, description: 'Request timeout', meaning: 'UNKNOWN' },
  'INS-10': { httpStatus: 409, description: 'Duplicate Transaction', meaning: 'LOOKUP' },
  'INS-13': { httpStatus: 400, description: 'Invalid Shortcode Used', meaning: 'PROVIDER_ERROR' },
  'INS-14': { httpStatus: 400, description: 'Invalid Reference Used', meaning: 'PROVIDER_ERROR' },
  'INS-15': { httpStatus: 400, description: 'Invalid Amount Used', meaning: 'PROVIDER_ERROR' },
  // "Unable to handle the request": refused before it was handled, so nothing was paid.
  'INS-16': {
    httpStatus: 503,
    description: 'Unable to handle the request due to a temporary overloading',
    meaning: 'PROVIDER_ERROR',
  },
  'INS-17': {
    httpStatus: 400,
    description: 'Invalid Transaction Reference. Length Should Be Between 1 and 20.',
    meaning: 'PROVIDER_ERROR',
  },
  'INS-18': { httpStatus: 400, description: 'Invalid TransactionID Used', meaning: 'PROVIDER_ERROR' },
  'INS-19': { httpStatus: 400, description: 'Invalid ThirdPartyReference Used', meaning: 'PROVIDER_ERROR' },
  'INS-20': {
    httpStatus: 400,
    description: 'Not All Parameters Provided. Please try again.',
    meaning: 'PROVIDER_ERROR',
  },
  'INS-21': {
    httpStatus: 400,
    description: 'Parameter validations failed. Please try again.',
    meaning: 'PROVIDER_ERROR',
  },
  'INS-22': { httpStatus: 400, description: 'Invalid Operation Type', meaning: 'PROVIDER_ERROR' },
  // On a payment call the provider itself does not know: reconcile. (On a query it is "not found".)
  'INS-23': { httpStatus: 400, description: 'Unknown Status. Contact M-Pesa Support', meaning: 'UNKNOWN' },
  'INS-24': { httpStatus: 400, description: 'Invalid InitiatorIdentifier Used', meaning: 'PROVIDER_ERROR' },
  'INS-25': { httpStatus: 400, description: 'Invalid SecurityCredential Used', meaning: 'PROVIDER_ERROR' },
  'INS-26': { httpStatus: 400, description: 'Not authorized', meaning: 'PROVIDER_ERROR' },
  'INS-993': { httpStatus: 400, description: 'Direct Debit Missing', meaning: 'DECLINED' },
  'INS-994': { httpStatus: 400, description: 'Direct Debit Already Exists', meaning: 'PROVIDER_ERROR' },
  'INS-995': { httpStatus: 400, description: "Customer's Profile Has Problems", meaning: 'DECLINED' },
  'INS-996': { httpStatus: 400, description: 'Customer Account Status Not Active', meaning: 'DECLINED' },
  'INS-997': { httpStatus: 400, description: 'Linking Transaction Not Found', meaning: 'PROVIDER_ERROR' },
  'INS-998': { httpStatus: 400, description: 'Invalid Market', meaning: 'PROVIDER_ERROR' },
  // Reported for a customer who fails PIN authentication.
  'INS-2001': { httpStatus: 400, description: 'Initiator authentication error', meaning: 'DECLINED' },
  // Not an M-Pesa customer: the money had nowhere to go.
  'INS-2002': { httpStatus: 400, description: 'Receiver invalid', meaning: 'NOT_REACHED' },
  'INS-2006': { httpStatus: 422, description: 'Insufficient balance', meaning: 'INSUFFICIENT_FUNDS' },
  'INS-2051': { httpStatus: 400, description: 'MSISDN invalid', meaning: 'DECLINED' },
  'INS-2057': { httpStatus: 400, description: 'Language code invalid', meaning: 'PROVIDER_ERROR' },
} as const satisfies Record<string, MpesaCode>;

export type MpesaCodeName = keyof typeof MPESA_CODES;

export const isKnownCode = (code: string): code is MpesaCodeName => Object.hasOwn(MPESA_CODES, code);

/** Customer answers that come back as 401: never a refused session. */
export const CUSTOMER_401_CODES: ReadonlySet<string> = new Set(['INS-4', 'INS-5', 'INS-6']);
