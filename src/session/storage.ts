// Where the session lives between visits: localStorage keys user, role (JSON array of realm
// roles), token and refresh_token. Signed out means role and token hold the text 'null'.
import { jwtDecode } from 'jwt-decode';
import { EMPTY_SESSION, type Session } from '../../machines/session/rules';
import type { TokenResponse } from '../api/auth';

export const KEYS = { user: 'user', role: 'role', token: 'token', refreshToken: 'refresh_token' } as const;

interface AccessClaims {
  exp?: number;
  iat?: number;
  preferred_username?: string;
  realm_access?: { roles?: string[] };
}

/** The claims the client reads; empty when the token is absent or not a JWT. */
export function claimsOf(token: string | null): AccessClaims {
  if (!token || token === 'null') return {};
  try {
    return jwtDecode<AccessClaims>(token);
  } catch {
    return {};
  }
}

// Storage can be unavailable (private browsing, disabled cookies): the app then behaves as signed out.
function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // nothing to do: the session then lasts only as long as the page
  }
}

/** Receives every token write; the native app copies them to device preferences. */
export type TokenMirror = (token: string | null, refreshToken: string | null) => void;
let tokenMirror: TokenMirror | null = null;

/** Installs (or, with null, removes) the token mirror. Only the native app installs one. */
export function setTokenMirror(mirror: TokenMirror | null): void {
  tokenMirror = mirror;
}

/** The stored session with the token's expiry and issued-at. */
export function readSession(): Session {
  const token = get(KEYS.token);
  const { exp, iat } = claimsOf(token);
  return {
    user: get(KEYS.user),
    role: get(KEYS.role),
    token,
    refreshToken: get(KEYS.refreshToken),
    exp: exp ?? null,
    iat: iat ?? null,
  };
}

/** Stores a session. The token goes last, so a tab watching storage never sees a new token with old roles. */
export function writeSession(s: Session): void {
  set(KEYS.user, s.user);
  set(KEYS.role, s.role);
  set(KEYS.refreshToken, s.refreshToken);
  set(KEYS.token, s.token);
  tokenMirror?.(s.token, s.refreshToken);
}

/** Sign-out: role and token become the text 'null'; the refresh token goes. */
export function clearSession(): void {
  set(KEYS.role, 'null');
  set(KEYS.token, 'null');
  set(KEYS.refreshToken, null);
  tokenMirror?.('null', null);
}

/** The session a token answer gives: roles and user from the access token's claims. */
export function sessionFromTokens(t: TokenResponse, fallbackUser: string | null): Session {
  const claims = claimsOf(t.access_token);
  return {
    ...EMPTY_SESSION,
    user: claims.preferred_username ?? fallbackUser,
    role: JSON.stringify(claims.realm_access?.roles ?? []),
    token: t.access_token,
    refreshToken: t.refresh_token,
    exp: claims.exp ?? null,
    iat: claims.iat ?? null,
  };
}

/** Calls `onChange` when another tab changes the session (the storage event never fires in the writer). */
export function watchSession(onChange: (s: Session) => void): () => void {
  const keys: string[] = Object.values(KEYS);
  const listener = (e: StorageEvent) => {
    if (e.key === null || keys.includes(e.key)) onChange(readSession());
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
