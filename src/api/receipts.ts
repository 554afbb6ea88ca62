// Receipts API (CONTRACTS.md "Receipts"): the subscriber's own slips on a betslip with their receipts.
import { apiGet } from './http';

export interface MySlip {
  reference: string;
  /** ISO */
  createdAt: string;
  /** M */
  cost: number;
  paidFrom: 'WALLET' | 'AIRTIME';
  channel: 'APP' | 'USSD' | 'SMS';
  predictions: number[];
  jws: string;
}

export const MY_SLIPS_PATH = '/protected/my-slips';

/** My slips on betslip `sid` (the current one when omitted), oldest first. */
export const fetchMySlips = (sid: string | undefined, signal?: AbortSignal): Promise<MySlip[]> =>
  apiGet<MySlip[]>(sid ? `${MY_SLIPS_PATH}?sid=${encodeURIComponent(sid)}` : MY_SLIPS_PATH, { signal });
