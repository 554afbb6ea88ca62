// Results API (docs/CONTRACTS.md "Results and operations API"): the subscriber's past betslips.
import type { PastBetslip } from '../../machines/rules/results';
import { apiPost } from './http';

export type { BetslipStatistics, PastBetslip, PlacedBet } from '../../machines/rules/results';

/** Newest first. POST with an empty body and the msisdn in the query, as the original API has it. */
export const fetchPastBetslips = (msisdn: string | null, signal?: AbortSignal): Promise<PastBetslip[]> =>
  apiPost<PastBetslip[]>(
    `/protected/fetch-past-submitted-betslips${msisdn ? `?msisdn=${encodeURIComponent(msisdn)}` : ''}`,
    {},
    { signal },
  );
