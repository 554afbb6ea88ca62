// Bearer-token protection for /api/protected/*: the subscriber is known from a verified access token
// (signature by our key, RS256 only, unexpired, typ Bearer, our issuer, issued to the app's client), never
// from the request body.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { WhoAmI } from '../../machines/wire/identity.ts';
import { errorBody } from '../errors.ts';
import { realmIssuer } from './issuer.ts';
import type { AuthUser, TokenService } from './tokens.ts';

export type { AuthUser } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user. Set on every route registered with registerProtected (null elsewhere). */
    user: AuthUser;
  }
  interface FastifyInstance {
    /** onRequest hook that answers 401 unless the request carries a valid access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const PROTECTED_PREFIX = '/api/protected';

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;

function unauthorized(reply: FastifyReply, tokenGiven: boolean) {
  return reply
    .code(401)
    .header('www-authenticate', `Bearer realm="commxp"${tokenGiven ? ', error="invalid_token"' : ''}`)
    .send(errorBody(401, 'ERRORS.UNAUTHORIZED'));
}

/** The hook behind `app.authenticate`; `publicUrl` fixes the issuer tokens must name (see issuer.ts). */
export function bearerAuth(tokens: TokenService, publicUrl: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? await tokens.verifyAccess(token, realmIssuer(request, publicUrl)) : null;
    if (!user) {
      await unauthorized(reply, token !== undefined);
      return;
    }
    request.user = user;
  };
}

/**
 * Registers `plugin` under /api/protected: each of its routes requires a valid access token and reads
 * the user from `request.user`. Use it for every route a signed-in subscriber calls.
 */
export async function registerProtected<O extends FastifyPluginOptions>(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<O> | FastifyPluginAsyncTypebox<O>,
  options: O,
): Promise<void> {
  await app.register(
    async (scope) => {
      // onRequest: refused before the body is even parsed.
      scope.addHook('onRequest', app.authenticate);
      await scope.register(plugin as FastifyPluginAsync<O>, options);
    },
    { prefix: PROTECTED_PREFIX },
  );
}

/** Whether the signed-in user holds one of `roles` (e.g. ROLES.admin). */
export const holdsRole = (request: FastifyRequest, roles: readonly string[]): boolean =>
  request.user?.roles.some((r) => roles.includes(r)) ?? false;

/** The refusal of a signed-in user without the role a route needs. */
export const forbidden = (reply: FastifyReply) => reply.code(403).send(errorBody(403, 'AUTH.FORBIDDEN'));

/** The one role guard: an onRequest hook refusing (403 AUTH.FORBIDDEN) a user with none of `roles`. */
export function requireRole(...roles: string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!holdsRole(request, roles)) await forbidden(reply);
  };
}

/** GET /api/protected/whoami: who the token speaks for (used by tests and for diagnostics). */
export const whoamiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/whoami', { schema: { response: { 200: WhoAmI } } }, async (request) => ({
    msisdn: request.user.msisdn,
    roles: request.user.roles,
  }));
};
