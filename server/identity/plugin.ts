// The identity provider as one Fastify plugin: loads the realm key, serves the token endpoint, JWKS and
// discovery document, registration with SMS codes and operator accounts, and decorates `app.authenticate`
// for protected routes.
// Wrapped with fastify-plugin so the decorator is visible to the rest of the app.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { accountRoutes } from './accountRoutes.ts';
import { BRUTE_FORCE } from './bruteForce.ts';
import { REALM_PATH } from './issuer.ts';
import { loadSigningKeys } from './keys.ts';
import { registerOperatorRoutes } from './operatorRoutes.ts';
import { OtpService } from './otp.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { bearerAuth, registerProtected } from './protect.ts';
import { REGISTRATION_PREFIX, registrationRoutes } from './registrationRoutes.ts';
import { tokenRoutes } from './tokenRoutes.ts';
import { TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one-time-password service (one per app, so every way to ask for a code shares its limits). */
    otp: OtpService;
  }
}

export interface IdentityOptions {
  config: Config;
  db: Db;
  now: () => Date;
  sms: SmsProvider;
  /** Defaults to argon2id with config.argon2's cost. */
  hasher?: PasswordHasher;
}

const identityPlugin: FastifyPluginAsync<IdentityOptions> = async (app, o) => {
  const db = o.db.kysely;
  const { config, now } = o;
  const keys = await loadSigningKeys(db);
  const tokens = new TokenService({
    db,
    keys,
    accessTokenTtl: config.accessTokenTtl,
    refreshTokenTtl: config.refreshTokenTtl,
    now,
  });
  const hasher = o.hasher ?? createPasswordHasher(config.argon2);

  const otp = new OtpService({
    db,
    sms: o.sms,
    pepper: config.otpPepper,
    now,
    sendsPerAddressPerMinute: config.limits.otpSendsPerAddressPerMinute,
    sendsPerMinute: config.limits.otpSendsPerMinute,
  });

  app.decorate('authenticate', bearerAuth(tokens, config.publicUrl));
  app.decorate('otp', otp);
  app.decorateRequest('user', null as never);

  const loginLimits = {
    policy: BRUTE_FORCE,
    failedAccountsPerAddress: config.limits.loginFailedAccountsPerAddress,
  };
  await app.register(tokenRoutes, {
    prefix: REALM_PATH,
    db,
    tokens,
    keys,
    hasher,
    clients: { ...config.clients },
    now,
    loginLimits,
    otp,
    publicUrl: config.publicUrl,
  });
  await app.register(registrationRoutes, {
    prefix: REGISTRATION_PREFIX,
    db,
    otp,
    tokens,
    hasher,
    websiteSecret: config.clients.website,
    now,
  });
  await registerProtected(app, accountRoutes, { db, hasher, tokens, now });
  // Operator accounts: the admins' API and an operator's own first password (they need the hasher).
  await registerOperatorRoutes(app, { db, hasher, now, loginLimits, websiteSecret: config.clients.website });
};

/** Registration reads the terms version from the app's `siteContent`. */
export const identity = fp(identityPlugin, {
  name: 'identity',
  fastify: '5.x',
  decorators: { fastify: ['siteContent'] },
});
