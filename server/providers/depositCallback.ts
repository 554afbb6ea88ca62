// The mobile-money deposit callback in M-Pesa Express (STK push) form, and its signature: hex
// HMAC-SHA256 of the raw body under the shared callback secret, in X-Callback-Signature. The provider
// (or the demo simulator) signs; our callback route verifies before reading anything.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FailureReason } from '../rails/types.ts';

export const CALLBACK_PATH = '/api/providers/mobile-money/deposit-callback';
export const SIGNATURE_HEADER = 'x-callback-signature';

/** M-Pesa's result codes we act on: 0 paid, 1032 cancelled by the subscriber, 1037 unreachable (timeout). */
export const RESULT = { PAID: 0, CANCELLED: 1032, UNREACHABLE: 1037 } as const;

/** What the provider says became of one deposit prompt. */
export interface DepositResult {
  /** The provider's id of the prompt (CheckoutRequestID), our providerRequestId. */
  providerRequestId: string;
  merchantRequestId?: string;
  resultCode: number;
  resultDesc: string;
  /** Paid only: what was paid (cents), the provider's receipt and the payer's number. */
  amountCents?: number;
  receipt?: string;
  phoneNumber?: string;
  /** Not paid: why, as the subscriber is told, and the provider's own code (kept for the operator). */
  failureReason?: FailureReason;
  providerCode?: string | null;
}

export interface StkCallbackBody {
  Body: {
    stkCallback: {
      MerchantRequestID: string;
      CheckoutRequestID: string;
      ResultCode: number;
      ResultDesc: string;
      CallbackMetadata?: { Item: Array<{ Name: string; Value?: string | number }> };
    };
  };
}

export function signCallback(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time check of the hex signature; false for a missing or malformed one. */
export function verifyCallback(secret: string, rawBody: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signCallback(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The callback body the provider sends for `result` (M as a number, like M-Pesa's Amount). */
export function callbackBody(result: DepositResult): StkCallbackBody {
  const items: Array<{ Name: string; Value: string | number }> = [];
  if (result.amountCents !== undefined) items.push({ Name: 'Amount', Value: result.amountCents / 100 });
  if (result.receipt) items.push({ Name: 'MpesaReceiptNumber', Value: result.receipt });
  if (result.phoneNumber) items.push({ Name: 'PhoneNumber', Value: Number(result.phoneNumber) });
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: result.merchantRequestId ?? result.providerRequestId,
        CheckoutRequestID: result.providerRequestId,
        ResultCode: result.resultCode,
        ResultDesc: result.resultDesc,
        ...(items.length ? { CallbackMetadata: { Item: items } } : {}),
      },
    },
  };
}

/** Reads a (verified) callback body into a DepositResult; an Amount that is not money is left out. */
export function readCallback(body: StkCallbackBody): DepositResult {
  const cb = body.Body.stkCallback;
  const item = (name: string) => cb.CallbackMetadata?.Item.find((i) => i.Name === name)?.Value;
  const amount = Number(item('Amount'));
  const cents = Math.round(amount * 100);
  const receipt = item('MpesaReceiptNumber');
  const phone = item('PhoneNumber');
  return {
    providerRequestId: cb.CheckoutRequestID,
    merchantRequestId: cb.MerchantRequestID,
    resultCode: cb.ResultCode,
    resultDesc: cb.ResultDesc,
    amountCents:
      Number.isFinite(amount) && Math.abs(amount * 100 - cents) < 1e-6 && item('Amount') !== undefined
        ? cents
        : undefined,
    receipt: receipt === undefined ? undefined : String(receipt),
    phoneNumber: phone === undefined ? undefined : String(phone),
  };
}
