// Session rules: when a stored session counts as logged in, how long it has left,
// when a user action should refresh the token, and the role checks. Pure: no storage, no clock.
import { ROLES, type Role } from '../rules/roles';

/** What the client stores (user, role, token, refresh_token) plus the two token claims it reads, in s. */
export interface Session {
  /** Login name (the normalised msisdn for subscribers). */
  user: string | null;
  /** The stored `role` text: a JSON array of realm roles, or the literal 'null' once logged out. */
  role: string | null;
  /** Access token, or the literal 'null' once logged out. */
  token: string | null;
  refreshToken: string | null;
  /** Access-token expiry and issued-at, in seconds since the epoch (JWT claims). */
  exp: number | null;
  iat: number | null;
}

export type Platform = 'web' | 'native';

/** Web refreshes once fewer than this many ms remain (5 minutes). */
export const WEB_REFRESH_THRESHOLD_MS = 5 * 60 * 1000;

/**
 * A signed-in session refreshes this long before its access token expires, clicks or not (DESIGN.md
 * "Staying signed in"): with 5-minute tokens, waiting for a click would log out anyone who reads or picks
 * for five minutes, and the native app refreshes on clicks only once a day.
 */
export const EXPIRY_REFRESH_MS = 60 * 1000;
/** While that refresh fails (offline, server down) it is tried again this often, until the countdown ends. */
export const EXPIRY_REFRESH_RETRY_MS = 15 * 1000;

/** A session with nothing stored. */
export const EMPTY_SESSION: Session = {
  user: null,
  role: null,
  token: null,
  refreshToken: null,
  exp: null,
  iat: null,
};

/** Logged in: a token that is not the text 'null', now before its expiry, and a role that is not 'null'. */
export function isLoggedIn(s: Pick<Session, 'token' | 'role' | 'exp'> | null, now: number): boolean {
  if (!s?.token || s.token === 'null') return false;
  if (s.role === null || s.role === 'null') return false;
  return s.exp !== null && now < s.exp * 1000;
}

/** Time to expiry in ms (token expiry in seconds minus now), never negative. */
export function remainingMs(exp: number | null, now: number): number {
  return exp === null ? 0 : Math.max(0, exp * 1000 - now);
}

/** True once the countdown shows 00:00, the moment the user is logged out. */
export const isCountdownOver = (remaining: number): boolean => remaining < 1000;

/** mm:ss of a duration; minutes keep counting past 59 so a long-lived token still reads right. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface RefreshCheck {
  platform: Platform;
  now: number;
  /** Token claims in seconds. */
  exp: number | null;
  iat: number | null;
  allowAutoRefresh: boolean;
}

/**
 * Whether a user action should refresh the token: never when auto-refresh is off; on the web
 * when fewer than 5 minutes remain; in the native app when the token was not issued today (UTC dates).
 */
export function shouldRefresh({ platform, now, exp, iat, allowAutoRefresh }: RefreshCheck): boolean {
  if (!allowAutoRefresh) return false;
  if (platform === 'native') return iat !== null && utcDate(iat * 1000) !== utcDate(now);
  return exp !== null && exp * 1000 - now < WEB_REFRESH_THRESHOLD_MS;
}

export interface ExpiryRefreshCheck {
  now: number;
  /** Token expiry in seconds. */
  exp: number | null;
  hasRefreshToken: boolean;
  allowAutoRefresh: boolean;
  /** When the last refresh before expiry was tried (ms), or null. */
  lastAttempt: number | null;
}

/**
 * Whether a tick should refresh a token about to expire: within EXPIRY_REFRESH_MS of its expiry but before
 * 00:00, with a refresh token, auto-refresh on, and at most once every EXPIRY_REFRESH_RETRY_MS.
 */
export function shouldRefreshBeforeExpiry(c: ExpiryRefreshCheck): boolean {
  if (!c.allowAutoRefresh || !c.hasRefreshToken || c.exp === null) return false;
  const remaining = remainingMs(c.exp, c.now);
  if (isCountdownOver(remaining) || remaining >= EXPIRY_REFRESH_MS) return false;
  return c.lastAttempt === null || c.now - c.lastAttempt >= EXPIRY_REFRESH_RETRY_MS;
}

/** The realm roles in the stored `role` text; [] when absent, 'null' or unreadable. */
export function parseRoles(role: string | null): string[] {
  if (!role || role === 'null') return [];
  try {
    const parsed: unknown = JSON.parse(role);
    return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** True when the stored role list contains `role`. */
export const hasRole = (s: Pick<Session, 'role'> | null, role: Role): boolean =>
  parseRoles(s?.role ?? null).includes(role);

export const isAdmin = (s: Pick<Session, 'role'> | null) => hasRole(s, ROLES.admin);
export const isCallCenter = (s: Pick<Session, 'role'> | null) => hasRole(s, ROLES.callCenter);
export const isMarketing = (s: Pick<Session, 'role'> | null) => hasRole(s, ROLES.marketing);
export const isSubscriber = (s: Pick<Session, 'role'> | null) => hasRole(s, ROLES.user);
