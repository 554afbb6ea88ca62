// The session between visits. localStorage keys (the original client's names and format, never
// renamed): user, role (JSON array of realm roles), token and refresh_token. User-scoped: sign-out
// (clearSession) sets role and token to the text 'null' and removes refresh_token; user stays after an
// expiry, as in the original client, but Sign out removes it too (forgetUser, src/storage/userData.ts:
// the next person on a shared phone must not find the number). The native app mirrors the two tokens into device preferences (src/platform).
import type { Session } from '../../machines/session/rules';
import { sessionOf } from '../session/claims';

export const KEYS = { user: 'user', role: 'role', token: 'token', refreshToken: 'refresh_token' } as const;

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

/** Sign out on a shared phone: the last signed-in number goes, unless someone has signed in since. */
export function forgetUser(): void {
  const token = get(KEYS.token);
  if (token === null || token === 'null') set(KEYS.user, null);
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
