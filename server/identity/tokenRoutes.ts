// The realm's OpenID Connect endpoints under /auth/realms/commxp, answering as Keycloak does so the app
// (and standard OAuth client libraries) work against this server or a real Keycloak unchanged.
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { realmIssuer } from './issuer.ts';
import type { SigningKeys } from './keys.ts';
import {
  admitOrRefuse,
  forgiveSignIn,
  type LoginLimits,
  pruneSignInLimits,
  refuseOverAddress,
} from './loginLimits.ts';
import { authenticateClient, OAuthError } from './oauth.ts';
import { recordOperatorSignIn } from './operators.ts';
import type { OtpService } from './otp.ts';
import type { PasswordHasher } from './passwords.ts';
import { proveSignIn, TOO_MANY_ATTEMPTS } from './signInStepUp.ts';
import { API_CLIENT, SCOPE, type TokenService } from './tokens.ts';
import { canonicalUsername, findUserByUsername } from './users.ts';

const TOKEN_PATH = '/protocol/openid-connect/token';
const CERTS_PATH = '/protocol/openid-connect/certs';
const LOGOUT_PATH = '/protocol/openid-connect/logout';

/** Form bodies are small: a few short fields and a refresh token. */
const FORM_BODY_LIMIT = 16 * 1024;
/** Longest username or password considered: argon2 on a megabyte would be a cheap denial of service. */
const MAX_CREDENTIAL_LENGTH = 256;

export interface TokenRoutesOptions {
  db: Kysely<Database>;
  tokens: TokenService;
  keys: SigningKeys;
  hasher: PasswordHasher;
  /** Client id → secret. */
  clients: Record<string, string>;
  now: () => Date;
  /** Failed sign-in limits (per account and per address). */
  loginLimits: LoginLimits;
  /** Sign-in codes for an address over its limit (signInStepUp.ts). */
  otp: OtpService;
  /** Public origin for the issuer; the request's own origin when unset (see issuer.ts). */
  publicUrl: string | undefined;
}

type Form = Record<string, string>;

const tooMany = () => new OAuthError(429, 'invalid_grant', TOO_MANY_ATTEMPTS);

function sendOAuthError(reply: FastifyReply, e: OAuthError) {
  if (e.error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="commxp"');
  return reply.code(e.statusCode).send({ error: e.error, error_description: e.description });
}

/** The SMS language: the first of OpenID Connect's `ui_locales` (space-separated, preferred first). */
const uiLocale = (form: Form): string | undefined => form.ui_locales?.trim().split(/\s+/)[0] || undefined;

const required = (form: Form, name: string): string => {
  const value = form[name];
  if (!value) throw new OAuthError(400, 'invalid_request', `Missing parameter: ${name}`);
  return value;
};

export const tokenRoutes: FastifyPluginAsync<TokenRoutesOptions> = async (app, o) => {
  // Only this scope reads form bodies, with node's own URLSearchParams (no extra dependency). A
  // charset parameter (…; charset=UTF-8) matches too. Duplicate fields: the last one wins.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const form = Object.fromEntries(new URLSearchParams(body as string));
      // PostgreSQL cannot store NUL in text: refused here, as the schemas refuse it on the other routes.
      if (Object.values(form).some((value) => value.includes('\0'))) {
        return done(
          new OAuthError(400, 'invalid_request', 'Form parameters must not contain NUL'),
          undefined,
        );
      }
      done(null, form);
    },
  );

  // Errors in this scope answer in OAuth's shape, never the app's { messageKey } one.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'token endpoint failed');
      return reply.code(500).send({ error: 'server_error', error_description: 'Internal server error' });
    }
    return reply.code(status).send({ error: 'invalid_request', error_description: error.message });
  });

  async function passwordGrant(request: FastifyRequest, reply: FastifyReply, form: Form, clientId: string) {
    const username = required(form, 'username');
    const password = required(form, 'password');
    if (username.length > MAX_CREDENTIAL_LENGTH || password.length > MAX_CREDENTIAL_LENGTH) {
      throw new OAuthError(401, 'invalid_grant', 'Invalid user credentials');
    }
    const name = canonicalUsername(username);
    const now = o.now();
    const attempt = await admitOrRefuse(o, reply, { username: name, address: request.ip, now }, tooMany);
    const refuseAddress = () => refuseOverAddress(reply, now, tooMany);
    const user = await findUserByUsername(o.db, name);
    // An unknown user costs a hash too, so timing does not tell which accounts exist.
    if (!user) await o.hasher.burn(password);
    if (!user || !(await o.hasher.verify(user.passwordHash, password))) {
      // The failure was counted on admission.
      await pruneSignInLimits(o.db, o.loginLimits.policy, now);
      // Over the address's limit a wrong password is refused as the limit says, whatever the account.
      if (attempt.overAddressLimit) throw refuseAddress();
      throw new OAuthError(401, 'invalid_grant', 'Invalid user credentials');
    }
    // Over the address's limit a subscriber's own phone proves the right password (signInStepUp.ts);
    // this returns only once the code is right. A disabled account is told so first: no SMS for it.
    if (attempt.overAddressLimit && user.msisdn !== null && !user.disabledAt) {
      await proveSignIn({ db: o.db, otp: o.otp, loginLimits: o.loginLimits }, reply, {
        msisdn: user.msisdn,
        code: form.otp,
        lang: uiLocale(form),
        address: request.ip,
        attempt,
        now,
      });
    }
    // The password was right, so the account's failures are forgiven whatever follows; the state of the
    // account is told only to someone who knows its password (Keycloak's answers for each).
    await forgiveSignIn(o.db, attempt);
    if (user.disabledAt) throw new OAuthError(400, 'invalid_grant', 'Account disabled');
    // A password another operator chose (UPDATE_PASSWORD required action): POST
    // /api/web-registration/operator-password sets the operator's own first.
    if (user.mustChangePassword) throw new OAuthError(400, 'invalid_grant', 'Account is not fully set up');
    if (user.msisdn === null) {
      // An operator has no phone of its own to prove the password with: over the limit, refused as before.
      if (attempt.overAddressLimit) throw refuseAddress();
      await recordOperatorSignIn(o.db, user.id, now);
    }
    return o.tokens.signIn(user, clientId, realmIssuer(request, o.publicUrl));
  }

  /** A form POST from the API's client: its form, once the client is authenticated. */
  function apiClientForm(request: FastifyRequest, reply: FastifyReply): Form {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      throw new OAuthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const form = (request.body ?? {}) as Form;
    const clientId = authenticateClient(request.headers.authorization, form, o.clients);
    // The website client's secret authenticates registration calls only: like a Keycloak client with
    // direct access grants off, it gets no user tokens (the API would refuse them anyway).
    if (clientId !== API_CLIENT) {
      throw new OAuthError(400, 'unauthorized_client', 'Client not allowed for direct access grants');
    }
    return form;
  }

  app.post(TOKEN_PATH, async (request, reply) => {
    const form = apiClientForm(request, reply);
    const clientId = API_CLIENT;
    switch (form.grant_type) {
      case 'password':
        return passwordGrant(request, reply, form, clientId);
      case 'refresh_token':
        return o.tokens.refresh(required(form, 'refresh_token'), clientId, realmIssuer(request, o.publicUrl));
      case undefined:
      case '':
        throw new OAuthError(400, 'invalid_request', 'Missing form parameter: grant_type');
      default:
        throw new OAuthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
    }
  });

  // Sign-out ends the refresh token's session on the server too; 204 as Keycloak answers.
  app.post(LOGOUT_PATH, async (request, reply) => {
    const form = apiClientForm(request, reply);
    await o.tokens.logout(required(form, 'refresh_token'), API_CLIENT, realmIssuer(request, o.publicUrl));
    return reply.code(204).send();
  });

  app.get(CERTS_PATH, async () => o.keys.jwks);

  app.get('/.well-known/openid-configuration', async (request) => {
    const issuer = realmIssuer(request, o.publicUrl);
    const oidc = `${issuer}/protocol/openid-connect`;
    return {
      issuer,
      // Required by the discovery spec; this realm offers no browser sign-in, so it is not served.
      authorization_endpoint: `${oidc}/auth`,
      token_endpoint: `${oidc}/token`,
      end_session_endpoint: `${oidc}/logout`,
      jwks_uri: `${oidc}/certs`,
      grant_types_supported: ['password', 'refresh_token'],
      response_types_supported: ['token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: SCOPE.split(' '),
      claims_supported: ['sub', 'iss', 'preferred_username', 'realm_access'],
    };
  });
};
