// The receipt keys, kept on the phone so /verify works offline: fetched when online, the last copy
// (src/storage/receiptKeys.ts) otherwise.
import { apiUrl } from '../api/paths';
import { storedJwks, storeJwks } from '../storage/receiptKeys';
import type { Jwks } from './receipt';

export const JWKS_PATH = '/receipts/jwks.json';

/** The newest keys we can get: the server's when reachable, else the stored copy (null: never fetched). */
export async function loadJwks(fetchFn: typeof fetch = fetch): Promise<Jwks | null> {
  if (navigator.onLine !== false) {
    try {
      const res = await fetchFn(apiUrl(JWKS_PATH), { signal: AbortSignal.timeout(10_000) });
      if (res.ok) {
        const jwks = (await res.json()) as Jwks;
        if (Array.isArray(jwks?.keys)) {
          storeJwks(jwks);
          return jwks;
        }
      }
    } catch {
      // offline or slow: the stored copy
    }
  }
  return storedJwks();
}
