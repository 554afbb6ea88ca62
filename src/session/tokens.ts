// The session machine's token actors: sign-in, and a refresh that runs once at a time across tabs (and
// the service worker). Refresh tokens rotate and a reused one revokes its whole family (DESIGN.md), so
// two tabs refreshing with the same token would sign the subscriber out everywhere.
import { isLoggedIn, isNearlyExpired, isSignedIn, type Session } from '../../machines/session/rules';
import type { Credentials } from '../../machines/session/types';
import { passwordGrant, refreshGrant } from '../api/auth';
import { ApiError } from '../api/http';
import { readSession, writeSession } from '../storage/session';
import { sessionFromTokens } from './claims';

/** Web Locks name shared with the service worker: whoever holds it is the one refreshing. */
export const TOKEN_REFRESH_LOCK = 'jackpot14-token-refresh';

/**
 * A refresh with no answer after this long counts as a network failure (the subscriber stays signed in);
 * on a network that swallows requests it would otherwise hold every call waiting for it.
 */
export const REFRESH_TIMEOUT_MS = 10_000;

/** Password grant (with a step-up's code, if any); the session is stored by the machine's `persist` action. */
export async function login({ username, password, otp, lang }: Credentials): Promise<Session> {
  const tokens = await passwordGrant(username, password, { otp, lang });
  return sessionFromTokens(tokens, username);
}

/** Signed out (here or in another tab) while the refresh was under way: as good as refused. */
const signedOutMeanwhile = () => new ApiError(401, 'ERRORS.UNAUTHORIZED', 'signed out during the refresh');

async function refreshInsideLock(current: Session): Promise<Session> {
  // Re-read inside the lock: if another tab rotated the token while we waited, use its result.
  const latest = readSession();
  const now = Date.now();
  if (
    latest.token !== current.token &&
    isLoggedIn(latest, now) &&
    !isNearlyExpired(latest.exp, latest.iat, now)
  )
    return latest;
  if (!latest.refreshToken) throw signedOutMeanwhile();
  const spent = latest.refreshToken;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), REFRESH_TIMEOUT_MS);
  let next: Session;
  try {
    next = sessionFromTokens(await refreshGrant(spent, ctrl.signal), latest.user);
  } finally {
    clearTimeout(timer);
  }
  // Sign-out wins: stored only while the refresh token we spent is still the stored one. A sign-out in
  // any tab removed it, a new sign-in replaced it; neither may be overwritten by this late answer.
  const stored = readSession();
  if (stored.refreshToken !== spent) {
    if (isSignedIn(stored, Date.now(), true)) return stored;
    throw signedOutMeanwhile();
  }
  // Written before the lock is released, so the next holder sees the rotated refresh token.
  writeSession(next);
  return next;
}

let inFlight: Promise<Session> | null = null;

/** Refresh grant, single-flight: one per tab (shared promise) and one across tabs (navigator.locks). */
export function refreshSingleFlight(current: Session): Promise<Session> {
  if (!inFlight) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = () => refreshInsideLock(current);
    // The lock is held until run()'s promise settles; `.then` flattens the nested promise type.
    const p = locks?.request ? locks.request(TOKEN_REFRESH_LOCK, run).then((s) => s) : run();
    inFlight = p.finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}
