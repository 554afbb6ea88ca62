// The session machine's token actors: sign-in, and a refresh that runs once at a time across tabs (and
// the service worker). Refresh tokens rotate and a reused one revokes its whole family (DESIGN.md), so
// two tabs refreshing with the same token would sign the subscriber out everywhere.
import { isLoggedIn, type Session } from '../../machines/session/rules';
import { passwordGrant, refreshGrant } from '../api/auth';
import { readSession, sessionFromTokens, writeSession } from './storage';

/** Web Locks name shared with the service worker: whoever holds it is the one refreshing. */
export const TOKEN_REFRESH_LOCK = 'jackpot14-token-refresh';

/** Password grant; the session is stored by the machine's `persist` action. */
export async function login(username: string, password: string): Promise<Session> {
  const tokens = await passwordGrant(username, password);
  return sessionFromTokens(tokens, username);
}

async function refreshInsideLock(current: Session): Promise<Session> {
  // Re-read inside the lock: if another tab rotated the token while we waited, use its result.
  const latest = readSession();
  if (latest.token !== current.token && isLoggedIn(latest, Date.now())) return latest;
  if (!latest.refreshToken) throw new Error('no refresh token stored');
  const next = sessionFromTokens(await refreshGrant(latest.refreshToken), latest.user);
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
