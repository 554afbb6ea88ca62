// The receipt-signing public keys, so /verify works offline: localStorage 'jackpot14:receipt-jwks', the
// JWKS as JSON. Device-wide (public keys, not user-scoped): it survives sign-out.
import type { Jwks } from '../receipts/receipt';

const STORE_KEY = 'jackpot14:receipt-jwks';

/** The stored copy; null when none or unreadable. */
export function storedJwks(): Jwks | null {
  try {
    const v = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Jwks | null;
    return v && Array.isArray(v.keys) ? v : null;
  } catch {
    return null;
  }
}

export function storeJwks(jwks: Jwks): void {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(jwks));
  } catch {
    // storage full or blocked: this visit still checks with the fresh copy
  }
}
