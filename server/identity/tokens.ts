// Access and refresh tokens shaped like Keycloak's: RS256 JWTs with realm_access.roles and
// preferred_username; refresh tokens are JWTs too, tracked by jti so they rotate and a reused one
// revokes its whole family (sign-in session).
import { randomUUID } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { AuthUser } from './authUser.ts';
import { ALG, type SigningKeys } from './keys.ts';
import { OAuthError } from './oauth.ts';
import { findUserById, type User } from './users.ts';
import { VerifiedTokens } from './verifiedTokens.ts';

/**
 * The client the app signs in with, and the only one whose tokens the API accepts (their `azp`). The
 * website client authenticates registration, version and client-type calls with its secret, never a token.
 */
export const API_CLIENT = 'mobile';

/** Scope granted to every token (the realm's default client scopes). */
export const SCOPE = 'profile email';

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token: string;
  token_type: 'Bearer';
  'not-before-policy': 0;
  session_state: string;
  scope: string;
}

export interface TokenServiceOptions {
  db: Kysely<Database>;
  keys: SigningKeys;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  now: () => Date;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

/**
 * Ends every sign-in session of a user: their refresh tokens stop working (access tokens live out their
 * few minutes). `exceptFamilyId` keeps one session (a password change keeps the one it was made from).
 * A function, not only a TokenService method, so the operators' CLI can use it without the realm's keys.
 */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  at: Date,
  exceptFamilyId?: string,
): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) query = query.where('family_id', '<>', exceptFamilyId);
  await query.execute();
}

export class TokenService {
  readonly #o: TokenServiceOptions;
  /** Access tokens that passed verifyAccess, so a repeat skips the signature check (verifiedTokens.ts). */
  readonly #verified = new VerifiedTokens();

  constructor(options: TokenServiceOptions) {
    this.#o = options;
  }

  #sign(claims: JWTPayload, iat: number, exp: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.#o.keys.kid })
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.#o.keys.privateKey);
  }

  /** Records a refresh token of `familyId` and signs both tokens. */
  async #issue(db: Kysely<Database>, user: User, clientId: string, issuer: string, familyId: string) {
    const now = this.#o.now();
    const iat = seconds(now);
    const refreshJti = randomUUID();
    const refreshExp = iat + this.#o.refreshTokenTtl;
    await db
      .insertInto('refresh_tokens')
      .values({
        jti: refreshJti,
        family_id: familyId,
        user_id: user.id,
        client_id: clientId,
        expires_at: new Date(refreshExp * 1000),
        created_at: now,
      })
      .execute();
    // As Keycloak 25+ signs them: the session is `sid`; `session_state` (the same value) is only in the
    // token response. Every API call carries the access token, so each claim is paid on every request.
    const common = {
      iss: issuer,
      sub: user.id,
      azp: clientId,
      sid: familyId,
      scope: SCOPE,
    };
    return async (): Promise<TokenResponse> => ({
      access_token: await this.#sign(
        {
          ...common,
          jti: randomUUID(),
          typ: 'Bearer',
          realm_access: { roles: user.roles },
          preferred_username: user.username,
        },
        iat,
        iat + this.#o.accessTokenTtl,
      ),
      expires_in: this.#o.accessTokenTtl,
      refresh_expires_in: this.#o.refreshTokenTtl,
      refresh_token: await this.#sign(
        { ...common, jti: refreshJti, typ: 'Refresh', aud: issuer },
        iat,
        refreshExp,
      ),
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: familyId,
      scope: SCOPE,
    });
  }

  /** Tokens for a fresh sign-in (password grant): a new refresh-token family. */
  async signIn(user: User, clientId: string, issuer: string): Promise<TokenResponse> {
    const sign = await this.#issue(this.#o.db, user, clientId, issuer, randomUUID());
    return sign();
  }

  /**
   * The refresh_token grant: verifies the token, marks it used and issues the next one of its family.
   * A token presented a second time revokes the family (it leaked, or a client did not refresh
   * single-flight). Throws OAuthError invalid_grant (400) as Keycloak does.
   */
  async refresh(refreshToken: string, clientId: string, issuer: string): Promise<TokenResponse> {
    const payload = await this.#verify(refreshToken, issuer).catch((error: unknown) => {
      throw invalidGrant(
        error instanceof errors.JWTExpired
          ? 'Token is not active'
          : error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss'
            ? 'Invalid token issuer'
            : 'Invalid refresh token',
      );
    });
    if (payload.typ !== 'Refresh' || typeof payload.jti !== 'string')
      throw invalidGrant('Invalid refresh token');
    if (payload.azp !== clientId) {
      throw invalidGrant("Invalid refresh token. Token client and authorized client don't match");
    }
    const jti = payload.jti;
    const now = this.#o.now();
    const outcome = await this.#o.db.transaction().execute(async (trx) => {
      // Claiming the token is one conditional UPDATE, so two concurrent uses cannot both succeed.
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('jti', '=', jti)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'family_id'])
        .executeTakeFirst();
      if (!claimed) {
        const row = await trx
          .selectFrom('refresh_tokens')
          .select(['family_id', 'used_at', 'revoked_at'])
          .where('jti', '=', jti)
          .executeTakeFirst();
        if (row?.used_at && !row.revoked_at) {
          await this.#revokeFamily(trx, row.family_id, now);
          return { error: 'Maximum allowed refresh token reuse exceeded' };
        }
        return { error: row?.revoked_at ? 'Session not active' : 'Invalid refresh token' };
      }
      const user = await findUserById(trx, claimed.user_id);
      if (!user) return { error: 'User not found' };
      // Disabling revokes every session already; this holds even for one that slipped past (Keycloak's words).
      if (user.disabledAt) return { error: 'User disabled' };
      return { sign: await this.#issue(trx, user, clientId, issuer, claimed.family_id) };
    });
    // Thrown after the commit: the family's revocation must stick.
    if ('error' in outcome) throw invalidGrant(outcome.error ?? 'Invalid refresh token');
    return outcome.sign();
  }

  /**
   * Sign-out (Keycloak's logout endpoint): the sign-in session the refresh token belongs to ends, so
   * neither it nor any later token of its family refreshes again (a phone shared or lost stays signed
   * out). Saying it twice is fine. A token that is not ours, another client's or expired is invalid_grant.
   */
  async logout(refreshToken: string, clientId: string, issuer: string): Promise<void> {
    const payload = await this.#verify(refreshToken, issuer).catch(() => {
      throw invalidGrant('Invalid refresh token');
    });
    if (payload.typ !== 'Refresh' || typeof payload.jti !== 'string')
      throw invalidGrant('Invalid refresh token');
    if (payload.azp !== clientId) throw invalidGrant('Invalid refresh token');
    const row = await this.#o.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('jti', '=', payload.jti)
      .executeTakeFirst();
    if (!row) throw invalidGrant('Invalid refresh token');
    await this.#revokeFamily(this.#o.db, row.family_id, this.#o.now());
  }

  async #revokeFamily(db: Kysely<Database>, familyId: string, at: Date): Promise<void> {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Ends every sign-in session of a user (password reset): their refresh tokens stop working. A password
   * change keeps the session it was made from (`exceptFamilyId`).
   */
  revokeUser(db: Kysely<Database>, userId: string, at: Date, exceptFamilyId?: string): Promise<void> {
    return revokeUserSessions(db, userId, at, exceptFamilyId);
  }

  #verify(token: string, issuer: string): Promise<JWTPayload> {
    // Only RS256 and only our keys: 'none', HS256-with-the-public-key and foreign keys all fail here; and
    // only our issuer, so a token minted under another name (a forged Host header) is not ours.
    return jwtVerify(token, this.#o.keys.keyFor, {
      algorithms: [ALG],
      issuer,
      currentDate: this.#o.now(),
      requiredClaims: ['exp', 'iat'],
    }).then((r) => r.payload);
  }

  /**
   * The user an access token speaks for, or null when it is not a valid, unexpired access token of
   * `issuer` (the realm's issuer for the request it came with) issued to the API's client.
   */
  async verifyAccess(token: string, issuer: string): Promise<AuthUser | null> {
    const nowSeconds = seconds(this.#o.now());
    const known = this.#verified.get(token, issuer, nowSeconds);
    if (known) return known;
    let payload: JWTPayload;
    try {
      payload = await this.#verify(token, issuer);
    } catch {
      return null;
    }
    const roles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
    if (
      payload.typ !== 'Bearer' ||
      payload.azp !== API_CLIENT ||
      typeof payload.sub !== 'string' ||
      typeof payload.preferred_username !== 'string' ||
      !Array.isArray(roles) ||
      !roles.every((r) => typeof r === 'string')
    ) {
      return null;
    }
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    const user: AuthUser = { msisdn: payload.preferred_username, roles, sub: payload.sub, sid };
    // Not a token with a not-before: its validity would start later, which the cache does not judge.
    if (payload.nbf !== undefined || typeof payload.exp !== 'number') return user;
    return this.#verified.set(token, issuer, payload.exp, user, nowSeconds);
  }
}
