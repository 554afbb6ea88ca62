// Receipts API (CONTRACTS.md "Receipts"): the subscriber's own slips on a betslip with their receipts, and
// the public look-up of a reference.
import type { MySlip } from '../../machines/wire/play';
import type { ReceiptLookup } from '../../machines/wire/public';
import { apiGet } from './http';

export type { MySlip } from '../../machines/wire/play';
export type { ReceiptLookup } from '../../machines/wire/public';

export const MY_SLIPS_PATH = '/protected/my-slips';

/** My slips on betslip `sid` (the current one when omitted), oldest first. */
export const fetchMySlips = (sid: string | undefined, signal?: AbortSignal): Promise<MySlip[]> =>
  apiGet<MySlip[]>(sid ? `${MY_SLIPS_PATH}?sid=${encodeURIComponent(sid)}` : MY_SLIPS_PATH, { signal });

/** GET /api/public/receipts/:reference (no sign-in): that the slip exists, its round, time and channel. */
export const lookUpReceipt = (reference: string, signal?: AbortSignal): Promise<ReceiptLookup> =>
  apiGet<ReceiptLookup>(`/public/receipts/${encodeURIComponent(reference)}`, { auth: 'none', signal });
