// The realm's issuer (`iss` of every token, `issuer` of the discovery document). With PUBLIC_URL it is
// fixed, whatever Host header a request carries; without it (demo and development: http://localhost:8080,
// a phone on the LAN, the tests' injected requests) it is the origin the request came to, and a token is
// accepted only on a request whose issuer is the one the token names.
import type { FastifyRequest } from 'fastify';

export const REALM_PATH = '/auth/realms/commxp';

/** The issuer for `request`: PUBLIC_URL's when configured, else the request's own origin. */
export const realmIssuer = (request: FastifyRequest, publicUrl: string | undefined): string =>
  `${publicUrl ?? `${request.protocol}://${request.host}`}${REALM_PATH}`;
