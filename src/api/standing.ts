// Standing picks API (docs/CONTRACTS.md "Standing picks"): the subscriber's "Play the same picks next
// round" choice. Used by the offer after a slip is accepted and by the Account screen (both lazy).
import type { PredictionDto } from '../../machines/rules/betslip';
import type { StandingView } from '../../machines/wire/account';
import { request } from './http';

export type { StandingView } from '../../machines/wire/account';

const PATH = '/protected/standing-picks';

export const fetchStanding = (signal?: AbortSignal) =>
  request<StandingView>('GET', PATH, undefined, { signal });
export const setStanding = (positionAndPredictionDtos: PredictionDto[]) =>
  request<StandingView>('PUT', PATH, { positionAndPredictionDtos });
export const cancelStanding = () => request<void>('DELETE', PATH);
