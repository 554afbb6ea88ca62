// What /verify makes of the text it is given: a receipt (or its link) is checked on the phone against
// the published key; a reference alone cannot be checked that way, so it is looked up on the server,
// which only says that the slip exists (DESIGN.md "Receipt look-up"). Offline, a reference cannot be
// looked up at all: the phone says to paste the whole link instead.
import { messageKeyOf } from '../../machines/rules/messageKey';
import { typedReference } from '../../machines/rules/receiptReference';
import { ApiError } from '../api/http';
import { lookUpReceipt, type ReceiptLookup } from '../api/receipts';
import { loadJwks } from './jwksCache';
import { type Check, checkReceipt, extractJws } from './receipt';

export type Verdict =
  | Check
  /** The server knows the reference: round, time and channel, nothing more. */
  | { status: 'found'; lookup: ReceiptLookup }
  /** The server knows no slip with this reference. */
  | { status: 'not-found' }
  /** A reference typed without a network: only the signed receipt can be checked offline. */
  | { status: 'reference-offline' }
  /** The look-up was refused (too many) or failed: the server's message key says why. */
  | { status: 'lookup-failed'; messageKey: string };

export async function verifyText(text: string): Promise<Verdict> {
  const jws = extractJws(text);
  if (jws) return checkReceipt(jws, await loadJwks());
  const reference = typedReference(text);
  if (!reference) return { status: 'invalid' };
  if (navigator.onLine === false) return { status: 'reference-offline' };
  try {
    return { status: 'found', lookup: await lookUpReceipt(reference) };
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) return { status: 'reference-offline' };
    const messageKey = messageKeyOf(error);
    // Only the route's own 404 means "no such slip"; any other (an older server) is a failed look-up.
    if (messageKey === 'RECEIPT.UNKNOWN') return { status: 'not-found' };
    return { status: 'lookup-failed', messageKey };
  }
}
