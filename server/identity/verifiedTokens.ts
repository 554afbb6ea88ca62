// Access tokens already verified, so a subscriber's next request skips the RSA signature check. An
// access token is a bearer credential the server never revokes before its `exp` (CONTRACTS.md: a revoked
// session's access tokens work until they expire), so remembering "these exact bytes verified, for this
// issuer, until exp" changes no answer: expiry is still judged by the server clock on every request.
// Only tokens that passed every check are kept (a flood of forged tokens cannot fill it), and the map is
// bounded: when full, expired entries go first, then the oldest.
import type { AuthUser } from './authUser.ts';

interface Entry {
  user: AuthUser;
  issuer: string;
  /** The token's `exp`, in seconds. */
  exp: number;
}

/** Entries kept at most: about 10k signed-in phones' current tokens (a few MB). */
export const VERIFIED_TOKENS_MAX = 10_000;

export class VerifiedTokens {
  readonly #entries = new Map<string, Entry>();
  readonly #max: number;

  constructor(max = VERIFIED_TOKENS_MAX) {
    this.#max = max;
  }

  /** The user of `token` if it was verified for `issuer` and has not expired at `nowSeconds`. */
  get(token: string, issuer: string, nowSeconds: number): AuthUser | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    // As jose judges it: a token is expired once exp <= now (whole seconds).
    if (entry.exp <= nowSeconds) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.issuer === issuer ? entry.user : undefined;
  }

  /** Remembers a token that passed every check; returns the user as it is shared from now on. */
  set(token: string, issuer: string, exp: number, user: AuthUser, nowSeconds: number): AuthUser {
    if (this.#entries.size >= this.#max) this.#evict(nowSeconds);
    // Frozen: every request with this token shares the object as `request.user`.
    const shared = Object.freeze({ ...user, roles: Object.freeze([...user.roles]) as string[] });
    this.#entries.set(token, { user: shared, issuer, exp });
    return shared;
  }

  get size(): number {
    return this.#entries.size;
  }

  #evict(nowSeconds: number): void {
    // Insertion order is roughly issue order (every access token lives as long): expired ones gather
    // at the front.
    for (const [token, entry] of this.#entries) {
      if (entry.exp > nowSeconds) break;
      this.#entries.delete(token);
    }
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}
