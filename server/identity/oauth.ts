// OAuth 2.0 error answers and client authentication, as Keycloak does them: the client's secret comes as
// HTTP Basic or as client_id/client_secret in the form body, and errors are { error, error_description }.
import { createHash, timingSafeEqual } from 'node:crypto';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  /** The SMS for a sign-in code could not be sent (signInStepUp.ts). */
  | 'temporarily_unavailable';

/** Thrown by the token endpoint's logic; the route turns it into the JSON answer. */
export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

export const invalidClient = () =>
  new OAuthError(401, 'invalid_client', 'Invalid client or Invalid client credentials');

/** The id and secret of an `Authorization: Basic …` header, null when absent, throws when malformed. */
export function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) throw invalidClient();
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient();
  // RFC 6749 §2.3.1: id and secret are form-urlencoded before being joined.
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw invalidClient();
  }
}

/** Compares secrets in constant time (digests first, so the lengths match). */
export function secretsMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The client id a request authenticates as, checked against `clients` (id → secret).
 * Throws invalid_client (401) for a missing, unknown or wrongly authenticated client.
 */
export function authenticateClient(
  authorization: string | undefined,
  form: Record<string, string>,
  clients: Record<string, string>,
): string {
  const basic = parseBasic(authorization);
  const id = basic?.id ?? form.client_id;
  const secret = basic ? basic.secret : form.client_secret;
  if (!id) throw invalidClient();
  // Both methods at once must name the same client.
  if (basic && form.client_id && form.client_id !== basic.id) throw invalidClient();
  const expected = Object.hasOwn(clients, id) ? clients[id] : undefined;
  if (expected === undefined || secret === undefined || !secretsMatch(secret, expected))
    throw invalidClient();
  return id;
}
