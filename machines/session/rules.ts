// Session rules (DESIGN.md's "Staying signed in"): when a stored session counts
// as signed in, how long its access token has left, when to refresh it, which refresh failures sign out,
// and the role checks. Pure: no storage, no clock.
import { ROLES, type Role } from '../rules/roles';

/** What the client stores (user, role, token, refresh_token) plus the token claims it reads, in seconds. */
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
  /** Refresh-token expiry in seconds (its JWT `exp`, as Keycloak's and ours carry); null when unknown. */
  refreshExp: number | null;
}

export type Platform = 'web' | 'native';

/** The web threshold: a user action never refreshes a token with more than 5 minutes left. */
export const WEB_REFRESH_THRESHOLD_MS = 5 * 60 * 1000;

/**
 * "Nearly expired" (DESIGN.md "Staying signed in"): in its last minute, or its second half when the
 * token lives less than two minutes. A signed-in session refreshes such a token by itself (tick, start,
 * resume, network back), so requests rarely go out with an expired one and a clock a little behind the
 * server's still refreshes in time.
 */
export const EXPIRY_REFRESH_MS = 60 * 1000;
/** While that refresh fails (offline, server down) it is tried again this often, at 00:00 and after. */
export const EXPIRY_REFRESH_RETRY_MS = 15 * 1000;

/** A session with nothing stored. */
export const EMPTY_SESSION: Session = {
  user: null,
  role: null,
  token: null,
  refreshToken: null,
  exp: null,
  iat: null,
  refreshExp: null,
};

const present = (v: string | null | undefined): v is string => !!v && v !== 'null';

/**
 * "Logged in": a token that is not the text 'null', now before its expiry, and a role that is
 * not 'null'. Since DESIGN.md's correction the access token's expiry alone no longer signs anyone out
 * (see `isSignedIn`); this says whether the access token itself is usable.
 */
export function isLoggedIn(s: Pick<Session, 'token' | 'role' | 'exp'> | null, now: number): boolean {
  if (!present(s?.token) || !present(s?.role)) return false;
  return s.exp !== null && now < s.exp * 1000;
}

/** The refresh token can still be spent: present and, when its expiry is known, not past it. */
export function canRefresh(s: Pick<Session, 'refreshToken' | 'refreshExp'> | null, now: number): boolean {
  if (!present(s?.refreshToken)) return false;
  return s.refreshExp === null || now < s.refreshExp * 1000;
}

/**
 * Signed in (DESIGN.md "Staying signed in"): a live access token, or, with auto-refresh on, a session
 * (token and role not 'null') whose refresh token is still live, so an app opened offline after its
 * access token expired stays signed in on its cached data. Only Sign out, a refused refresh or an
 * expired refresh token end it.
 */
export function isSignedIn(s: Session | null, now: number, allowAutoRefresh: boolean): boolean {
  if (isLoggedIn(s, now)) return true;
  return allowAutoRefresh && present(s?.token) && present(s?.role) && canRefresh(s, now);
}

/** Time to expiry in ms (token expiry in seconds minus now), never negative. */
export function remainingMs(exp: number | null, now: number): number {
  return exp === null ? 0 : Math.max(0, exp * 1000 - now);
}

/** Lifetime of a token in ms from its claims; null when either is missing. */
const lifetimeMs = (exp: number | null, iat: number | null): number | null =>
  exp === null || iat === null ? null : (exp - iat) * 1000;

/** Expired, or nearly: fewer than EXPIRY_REFRESH_MS, and fewer than half its lifetime, remain. */
export function isNearlyExpired(exp: number | null, iat: number | null, now: number): boolean {
  if (exp === null) return false;
  const lifetime = lifetimeMs(exp, iat);
  const window = lifetime === null ? EXPIRY_REFRESH_MS : Math.min(EXPIRY_REFRESH_MS, lifetime / 2);
  return exp * 1000 - now < window;
}

/** True once the countdown shows 00:00, the moment the access token expires. */
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
 * Whether a user action should refresh the token : never when auto-refresh is off;
 * in the native app when the token was not issued today (UTC dates); on the web once the token is past
 * half its lifetime and fewer than 5 minutes remain. "Fewer than 5 minutes" alone refreshed on
 * every click with Keycloak's 5-minute tokens.
 */
export function shouldRefresh({ platform, now, exp, iat, allowAutoRefresh }: RefreshCheck): boolean {
  if (!allowAutoRefresh) return false;
  if (platform === 'native') return iat !== null && utcDate(iat * 1000) !== utcDate(now);
  if (exp === null) return false;
  const lifetime = lifetimeMs(exp, iat);
  const window = Math.min(WEB_REFRESH_THRESHOLD_MS, lifetime === null ? Infinity : lifetime / 2);
  return exp * 1000 - now < window;
}

export interface TickRefreshCheck {
  /** This tick's time and the previous one's (ms). */
  now: number;
  previous: number;
  /** Access-token claims in seconds. */
  exp: number | null;
  iat: number | null;
  /** When a refresh was last tried (ms), or null. */
  lastAttempt: number | null;
}

/**
 * Whether a tick should refresh (the caller checks that a refresh is possible): the token is nearly
 * expired and either the countdown has just reached 00:00 or the last try is EXPIRY_REFRESH_RETRY_MS old.
 */
export function shouldRefreshOnTick(c: TickRefreshCheck): boolean {
  if (!isNearlyExpired(c.exp, c.iat, c.now)) return false;
  const over = (t: number) => isCountdownOver(remainingMs(c.exp, t));
  if (over(c.now) && !over(c.previous)) return true;
  return c.lastAttempt === null || c.now - c.lastAttempt >= EXPIRY_REFRESH_RETRY_MS;
}

/**
 * A refresh the identity provider refused (400 `invalid_grant` and the like, 401): the refresh token is
 * revoked, reused or unknown, and only signing in again helps. Anything else (no answer, a timeout, 5xx,
 * 429) is a failure to try again, which keeps the subscriber signed in.
 */
export function isRefreshRefused(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 400 || status === 401;
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

/**
 * Where signing in lands when there is no page to go back to: a subscriber plays; an operator who is not
 * also a subscriber opens their own screen (an admin /admin, the call centre /support, marketing /marketing).
 */
export function homeFor(s: Pick<Session, 'role'> | null): string {
  if (!s || isSubscriber(s)) return '/play';
  if (isAdmin(s)) return '/admin';
  if (isCallCenter(s)) return '/support';
  if (isMarketing(s)) return '/marketing';
  return '/play';
}

/**
 * The sign-in answers that ask for the SMS code of a step-up (DESIGN.md "Sign-in behind a shared
 * address"): the password was right, a code went to the account's number (again after a wrong code).
 */
export const CODE_REQUIRED = 'AUTH.CODE_REQUIRED';
export const CODE_INVALID = 'AUTH.CODE_INVALID';
export const asksForCode = (messageKey: string): boolean =>
  messageKey === CODE_REQUIRED || messageKey === CODE_INVALID;
