// Where the session lives between visits: localStorage keys user, role (JSON array of realm
// roles), token and refresh_token. Signed out means role and token hold the text 'null'.
import type { Session } from '../../machines/session/rules';
import type { TokenResponse } from '../api/auth';

export const KEYS = { user: 'user', role: 'role', token: 'token', refreshToken: 'refresh_token' } as const;

interface AccessClaims {
  exp?: number;
  iat?: number;
  preferred_username?: string;
  realm_access?: { roles?: string[] };
}

/** The claims the client reads; empty when the token is absent or not a JWT. Decoded here (base64url
 * JSON, UTF-8) rather than with a library: these few lines are on every page's first load. */
export function claimsOf(token: string | null): AccessClaims {
  if (!token || token === 'null') return {};
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(part.padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    return claims && typeof claims === 'object' ? (claims as AccessClaims) : {};
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

/**
 * A session from its two tokens: the access token's expiry and issued-at, and the refresh token's expiry
 * (a JWT with Keycloak and with our server; null when it cannot be read, and then only a refusal ends it).
 */
export function sessionOf(
  user: string | null,
  role: string | null,
  token: string | null,
  refreshToken: string | null,
): Session {
  const { exp, iat } = claimsOf(token);
  return {
    user,
    role,
    token,
    refreshToken,
    exp: exp ?? null,
    iat: iat ?? null,
    refreshExp: claimsOf(refreshToken).exp ?? null,
  };
}

/** The stored session with the tokens' claims. */
export const readSession = (): Session =>
  sessionOf(get(KEYS.user), get(KEYS.role), get(KEYS.token), get(KEYS.refreshToken));

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
  return sessionOf(
    claims.preferred_username ?? fallbackUser,
    JSON.stringify(claims.realm_access?.roles ?? []),
    t.access_token,
    t.refresh_token,
  );
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
