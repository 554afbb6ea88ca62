// The access token's claims as the client reads them, and the session they make. Decoded here (base64url
// JSON, UTF-8) rather than with a library: these few lines are on every page's first load.
import type { Session } from '../../machines/session/rules';
import type { TokenResponse } from '../api/auth';

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
