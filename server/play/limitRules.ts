// Responsible-play rules (pure): a weekly spending limit and a pause. Lowering a limit or pausing takes
// effect at once; raising or removing a limit only after a cooling-off day, so a limit cannot be lifted
// in the heat of the moment. A pause can be extended but never shortened. Weeks start Monday 00:00 in
// Lesotho.
import type { PauseDuration } from '../../machines/wire/account.ts';
import { maseruDayAt } from '../lib/maseruTime.ts';

export type { PauseDuration } from '../../machines/wire/account.ts';

export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;

/** Days per pause: every duration the wire offers (machines/wire/account.ts), no other. */
export const PAUSES = { '24h': 1, '7d': 7, '30d': 30 } as const satisfies Record<PauseDuration, number>;

export interface LimitState {
  weeklyLimitCents: number | null;
  /** A raise or removal is waiting: pendingLimitCents (null = no limit) applies from pendingFrom. */
  hasPending: boolean;
  pendingLimitCents: number | null;
  pendingFrom: Date | null;
  pausedUntil: Date | null;
}

export const NO_LIMITS: LimitState = {
  weeklyLimitCents: null,
  hasPending: false,
  pendingLimitCents: null,
  pendingFrom: null,
  pausedUntil: null,
};

const NOTHING_PENDING = { hasPending: false, pendingLimitCents: null, pendingFrom: null } as const;

/** The state as of `now`: a pending change whose time has come is applied, a finished pause dropped. */
export function effectiveLimits(state: LimitState, now: Date): LimitState {
  let s = state;
  if (s.hasPending && s.pendingFrom && s.pendingFrom.getTime() <= now.getTime()) {
    s = { ...s, weeklyLimitCents: s.pendingLimitCents, ...NOTHING_PENDING };
  }
  if (s.pausedUntil && s.pausedUntil.getTime() <= now.getTime()) s = { ...s, pausedUntil: null };
  return s;
}

/** Asks for a new weekly limit (null = none): lower at once, higher (or none) after the cooling-off day. */
export function changeLimit(state: LimitState, limitCents: number | null, now: Date): LimitState {
  const s = effectiveLimits(state, now);
  const current = s.weeklyLimitCents;
  const stricter = limitCents !== null && (current === null || limitCents < current);
  if (stricter || limitCents === current) {
    // Also cancels a raise still waiting: the subscriber asked for no more than the current limit.
    return { ...s, weeklyLimitCents: limitCents, ...NOTHING_PENDING };
  }
  return {
    ...s,
    hasPending: true,
    pendingLimitCents: limitCents,
    pendingFrom: new Date(now.getTime() + COOLING_OFF_MS),
  };
}

/** Starts (or extends) a pause; an earlier end than the current one is ignored. */
export function startPause(state: LimitState, duration: PauseDuration, now: Date): LimitState {
  const s = effectiveLimits(state, now);
  const until = new Date(now.getTime() + PAUSES[duration] * COOLING_OFF_MS);
  if (s.pausedUntil && s.pausedUntil.getTime() >= until.getTime()) return s;
  return { ...s, pausedUntil: until };
}

/** Monday 00:00 (Africa/Maseru) of the week `now` falls in. */
export function weekStart(now: Date): Date {
  const maseru = new Date(now.getTime() + 2 * 60 * 60 * 1000);
  const sinceMonday = (maseru.getUTCDay() + 6) % 7;
  return maseruDayAt(now, -sinceMonday, 0);
}

/** Why a stake of `costCents` is refused now, or null when it may be paid. */
export function stakeRefusal(
  state: LimitState,
  spentThisWeekCents: number,
  costCents: number,
  now: Date,
): 'PLAY.PAUSED' | 'PLAY.LIMIT_REACHED' | null {
  const s = effectiveLimits(state, now);
  if (s.pausedUntil) return 'PLAY.PAUSED';
  if (s.weeklyLimitCents !== null && spentThisWeekCents + costCents > s.weeklyLimitCents) {
    return 'PLAY.LIMIT_REACHED';
  }
  return null;
}
