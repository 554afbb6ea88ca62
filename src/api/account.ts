// Account API (docs/CONTRACTS.md "Wallet, subscription and account API"): subscriber info, subscription
// toggle, password change and responsible play. The wallet calls live in wallet.ts.
import type {
  ChangePasswordBody,
  PauseDuration,
  PlayLimits,
  Subscribed,
  SubscriberInfo,
  ToggleBody,
} from '../../machines/wire/account';
import { apiGet, apiPost } from './http';

export type { PauseDuration, PlayLimits, SubscriberInfo } from '../../machines/wire/account';

const P = '/protected';

export const fetchSubscriberInfo = (signal?: AbortSignal) =>
  apiGet<SubscriberInfo>(`${P}/fetch-subscriber-info`, { signal });

export const fetchOtherSubscriptions = (signal?: AbortSignal) =>
  apiGet<string[]>(`${P}/fetch-other-subscriptions`, { signal });

export const toggleSubscription = (body: ToggleBody) => apiPost<Subscribed>(`${P}/toggle-subscription`, body);

/** `true` when changed; a refusal (wrong old password, not compliant) throws an ApiError. */
export const changePassword = (body: ChangePasswordBody) => apiPost<unknown>(`${P}/change-password`, body);

export const fetchPlayLimits = (signal?: AbortSignal) => apiGet<PlayLimits>(`${P}/play-limits`, { signal });

/** null removes the limit (after 24 hours, as any raise). */
export const setWeeklyLimit = (weeklyLimit: number | null) =>
  apiPost<PlayLimits>(`${P}/play-limits`, { weeklyLimit });

/** The weekly deposit limit: lower at once, higher or none after 24 hours. */
export const setWeeklyDepositLimit = (weeklyDepositLimit: number | null) =>
  apiPost<PlayLimits>(`${P}/deposit-limit`, { weeklyDepositLimit });

export const startPause = (duration: PauseDuration) => apiPost<PlayLimits>(`${P}/play-pause`, { duration });
