// Our payment reference as the M-Pesa fields that carry it. Both are pure and deterministic, so every
// retry of one payment sends the same ThirdPartyConversationID and M-Pesa answers INS-10, never pays twice.
import { createHash } from 'node:crypto';
import { alnum } from '../types.ts';

const digest = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

/**
 * input_ThirdPartyConversationID (letters and digits, ≤ 40): the readable reference (≤ 24) and 16 hex of
 * its hash, because dropping separators alone could make two references one (`A-B1` and `AB-1`).
 */
export const conversationId = (reference: string) => `${alnum(reference, 24)}${digest(reference, 16)}`;

/** The reversal of a payment has its own conversation, just as stable. */
export const reversalConversationId = (reference: string) => conversationId(`${reference}/reversal`);

/** input_TransactionReference (letters and digits, 1–20): what the customer sees on the statement. */
export const transactionReference = (reference: string) => alnum(reference, 20) || digest(reference, 20);
