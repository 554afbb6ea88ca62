// The receipt keys, kept on the phone so /verify works offline: fetched when online, the last copy
// otherwise.
import { apiUrl } from '../api/paths';
import type { Jwks } from './receipt';

export const JWKS_PATH = '/receipts/jwks.json';
const STORE_KEY = 'jackpot14:receipt-jwks';

function stored(): Jwks | null {
  try {
    const v = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Jwks | null;
    return v && Array.isArray(v.keys) ? v : null;
  } catch {
    return null;
  }
}

/** The newest keys we can get: the server's when reachable, else the stored copy (null: never fetched). */
export async function loadJwks(fetchFn: typeof fetch = fetch): Promise<Jwks | null> {
  if (navigator.onLine !== false) {
    try {
      const res = await fetchFn(apiUrl(JWKS_PATH), { signal: AbortSignal.timeout(10_000) });
      if (res.ok) {
        const jwks = (await res.json()) as Jwks;
        if (Array.isArray(jwks?.keys)) {
          try {
            localStorage.setItem(STORE_KEY, JSON.stringify(jwks));
          } catch {
            // storage full or blocked: this visit still checks with the fresh copy
          }
          return jwks;
        }
      }
    } catch {
      // offline or slow: the stored copy
    }
  }
  return stored();
}
