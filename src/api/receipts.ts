// Receipts API (CONTRACTS.md "Receipts"): the subscriber's own slips on a betslip with their receipts.
import type { MySlip } from '../../machines/wire/play';
import { apiGet } from './http';

export type { MySlip } from '../../machines/wire/play';

export const MY_SLIPS_PATH = '/protected/my-slips';

/** My slips on betslip `sid` (the current one when omitted), oldest first. */
export const fetchMySlips = (sid: string | undefined, signal?: AbortSignal): Promise<MySlip[]> =>
  apiGet<MySlip[]>(sid ? `${MY_SLIPS_PATH}?sid=${encodeURIComponent(sid)}` : MY_SLIPS_PATH, { signal });
