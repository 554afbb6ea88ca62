// Account API (docs/CONTRACTS.md "Wallet, subscription and account API"): subscriber info, subscription
// toggle, password change and responsible play. The wallet calls live in wallet.ts.
import { apiGet, apiPost } from './http';

export interface SubscriberInfo {
  msisdn: string;
  /** 'yyyy-mm-dd hh:mm:ss' in Africa/Maseru, null when unknown. */
  createDate: string | null;
  isSubscriptionEnabled: boolean;
  otherSubscriptions: string[];
}

export interface PlayLimits {
  /** M; null = no limit. */
  weeklyLimit: number | null;
  /** A raise (or removal) waiting for its 24 hours; null when none. */
  pendingWeeklyLimit: number | null;
  /** ISO time the pending limit applies from. */
  pendingFrom: string | null;
  /** ISO end of the current pause; null when not paused. */
  pausedUntil: string | null;
  /** M staked since Monday 00:00 Africa/Maseru. */
  spentThisWeek: number;
  /** The weekly deposit limit, as the stake limit (M; null = none). */
  weeklyDepositLimit: number | null;
  pendingWeeklyDepositLimit: number | null;
  depositPendingFrom: string | null;
  /** M deposited (PENDING + CONFIRMED) since Monday 00:00 Africa/Maseru. */
  depositedThisWeek: number;
}

export type PauseDuration = '24h' | '7d' | '30d';

const P = '/protected';

export const fetchSubscriberInfo = (signal?: AbortSignal) =>
  apiGet<SubscriberInfo>(`${P}/fetch-subscriber-info`, { signal });

export const fetchOtherSubscriptions = (signal?: AbortSignal) =>
  apiGet<string[]>(`${P}/fetch-other-subscriptions`, { signal });

export const toggleSubscription = (body: {
  msisdn: string | null;
  lang: string;
  enableSubscription: boolean;
}) => apiPost<{ isSubscribed: boolean }>(`${P}/toggle-subscription`, body);

/** `true` when changed; a refusal (wrong old password, not compliant) throws an ApiError. */
export const changePassword = (body: { oldPassword: string; newPassword: string }) =>
  apiPost<unknown>(`${P}/change-password`, body);

export const fetchPlayLimits = (signal?: AbortSignal) => apiGet<PlayLimits>(`${P}/play-limits`, { signal });

/** null removes the limit (after 24 hours, as any raise). */
export const setWeeklyLimit = (weeklyLimit: number | null) =>
  apiPost<PlayLimits>(`${P}/play-limits`, { weeklyLimit });

/** The weekly deposit limit: lower at once, higher or none after 24 hours. */
export const setWeeklyDepositLimit = (weeklyDepositLimit: number | null) =>
  apiPost<PlayLimits>(`${P}/deposit-limit`, { weeklyDepositLimit });

export const startPause = (duration: PauseDuration) => apiPost<PlayLimits>(`${P}/play-pause`, { duration });
