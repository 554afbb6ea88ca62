// Registration and password reset with an SMS one-time password (CONTRACTS.md "Registration", DESIGN.md
// "Password reset"), under /api/web-registration, for the website client only (HTTP Basic). Each code is
// for one purpose. Registering a number that has an account is refused (409 REGISTER.EXISTS, said only once
// the code proved the phone, so it reveals nothing to a stranger); its password is reset only through
// reset-password, which ends every sign-in session of the account. Asking for a reset code answers the same
// whether or not the number has an account; only an account gets the SMS.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isPasswordCompliant } from '../../machines/rules/password.ts';
import { ROLES } from '../../machines/rules/roles.ts';
import {
  CodeSent,
  Done,
  OtpChecked,
  RegisterBody,
  RequestOtpBody,
  ResetPasswordBody,
  SubmitOtpBody,
} from '../../machines/wire/identity.ts';
import { recordAcceptance } from '../content/terms.ts';
import type { OtpPurpose } from '../db/identityTables.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse, errorBody } from '../errors.ts';
import { clearAccountFailures } from './loginLimits.ts';
import { normaliseMsisdn } from './msisdn.ts';
import { parseBasic, secretsMatch } from './oauth.ts';
import type { OtpService } from './otp.ts';
import { OTP_TTL_SECONDS } from './otp.ts';
import type { PasswordHasher } from './passwords.ts';
import type { TokenService } from './tokens.ts';
import { createUser, findUserByUsername, setPassword } from './users.ts';

export const REGISTRATION_PREFIX = '/api/web-registration';
export const WEBSITE_CLIENT = 'website';

export interface RegistrationOptions {
  db: Kysely<Database>;
  otp: OtpService;
  tokens: TokenService;
  hasher: PasswordHasher;
  websiteSecret: string;
  now: () => Date;
}

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

function msisdnOf(input: string): string {
  const msisdn = normaliseMsisdn(input);
  if (!msisdn) throw new ApiError(400, 'MSISDN.INVALID');
  return msisdn;
}

/** True when the Authorization header is the website client's Basic credential. */
export function isWebsiteClient(header: string | undefined, secret: string): boolean {
  try {
    const basic = parseBasic(header);
    return basic?.id === WEBSITE_CLIENT && secretsMatch(basic.secret, secret);
  } catch {
    return false;
  }
}

/**
 * An onRequest hook for the website client's routes (registration, version and client-type checks): a
 * caller without the website credential learns nothing, not even about its body.
 */
export const requireWebsiteClient =
  (secret: string) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isWebsiteClient(request.headers.authorization, secret)) {
      await reply
        .code(401)
        .header('www-authenticate', 'Basic realm="commxp"')
        .send(errorBody(401, 'ERRORS.UNAUTHORIZED'));
    }
  };

export interface CodeRequest {
  msisdn: string;
  lang: string | undefined;
  /** The asking client's address (the per-address send cap). */
  address: string;
  purpose: OtpPurpose;
}

/**
 * Asks for a code as request-otp does (the call centre's "send a password-reset SMS" too): same limits,
 * same text. A reset code for a number without an account is stored and counted like any other (same
 * answer, same limits), but never sent.
 */
export async function requestCode(db: Kysely<Database>, otp: OtpService, request: CodeRequest) {
  const deliver =
    request.purpose === 'REGISTER' || (await findUserByUsername(db, request.msisdn)) !== undefined;
  await otp.request({ ...request, deliver });
}

export const registrationRoutes: FastifyPluginAsyncTypebox<RegistrationOptions> = async (app, o) => {
  app.addHook('onRequest', requireWebsiteClient(o.websiteSecret));

  app.post(
    '/request-otp',
    {
      schema: {
        body: RequestOtpBody,
        response: { 200: CodeSent, ...errors },
      },
    },
    async (request) => {
      const msisdn = msisdnOf(request.body.msisdn);
      const purpose: OtpPurpose = request.body.purpose ?? 'REGISTER';
      await requestCode(o.db, o.otp, { msisdn, lang: request.body.lang, address: request.ip, purpose });
      return { message: 'OTP.SENT', expiresIn: OTP_TTL_SECONDS };
    },
  );

  app.post(
    '/submit-otp',
    {
      schema: {
        body: SubmitOtpBody,
        response: { 200: OtpChecked, ...errors },
      },
    },
    async (request) => {
      const msisdn = msisdnOf(request.body.msisdn);
      const purpose: OtpPurpose = request.body.purpose ?? 'REGISTER';
      await o.otp.check(msisdn, request.body.submittedOtp, purpose);
      // The phone is proven: its holder may learn at once that it already has an account.
      if (purpose === 'REGISTER' && (await findUserByUsername(o.db, msisdn))) {
        throw new ApiError(409, 'REGISTER.EXISTS');
      }
      return { valid: true };
    },
  );

  app.post(
    '/register',
    {
      schema: {
        body: RegisterBody,
        response: { 201: Done, ...errors },
      },
    },
    async (request, reply) => {
      const msisdn = msisdnOf(request.body.msisdn);
      const password = request.body.userInput;
      // Checked first so a mistyped password or a missing confirmation does not use up one of the code's tries.
      if (request.body.ageConfirmed !== true) throw new ApiError(400, 'REGISTER.AGE_REQUIRED');
      if (!request.body.termsVersion) throw new ApiError(400, 'REGISTER.TERMS_REQUIRED');
      // The terms changed while the form was open: the subscriber must see the new text first.
      const termsVersion = app.siteContent.site.termsVersion;
      if (request.body.termsVersion !== termsVersion) throw new ApiError(409, 'TERMS.OUTDATED');
      if (!isPasswordCompliant(password)) throw new ApiError(400, 'PASSWORD.NOT_COMPLIANT');
      const otpId = await o.otp.check(msisdn, request.body.submittedOtp, 'REGISTER');
      // Asked only once the code is proven (see the header); the code stays unused.
      if (await findUserByUsername(o.db, msisdn)) throw new ApiError(409, 'REGISTER.EXISTS');
      const passwordHash = await o.hasher.hash(password);
      const now = o.now();
      await o.db.transaction().execute(async (trx) => {
        if (!(await o.otp.consume(trx, otpId))) throw new ApiError(400, 'OTP.INVALID');
        const created = await createUser(trx, {
          username: msisdn,
          msisdn,
          passwordHash,
          roles: [ROLES.user],
          createdAt: now,
          adultConfirmedAt: now,
        });
        // Registered meanwhile by a parallel request: rolled back, the code stays unused.
        if (!created) throw new ApiError(409, 'REGISTER.EXISTS');
        await recordAcceptance(trx, msisdn, termsVersion, now);
      });
      request.log.info({ msisdn }, 'registered');
      return reply.code(201).send({ message: 'REGISTER.SUCCESS' });
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        body: ResetPasswordBody,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      const msisdn = msisdnOf(request.body.msisdn);
      const password = request.body.newPassword;
      // Checked first so a mistyped password does not use up one of the code's tries.
      if (!isPasswordCompliant(password)) throw new ApiError(400, 'PASSWORD.NOT_COMPLIANT');
      const otpId = await o.otp.check(msisdn, request.body.submittedOtp, 'RESET');
      // A number without an account was never sent its code: a right guess is still just a wrong code.
      const user = await findUserByUsername(o.db, msisdn);
      if (!user) throw new ApiError(400, 'OTP.INVALID');
      const passwordHash = await o.hasher.hash(password);
      const now = o.now();
      await o.db.transaction().execute(async (trx) => {
        if (!(await o.otp.consume(trx, otpId))) throw new ApiError(400, 'OTP.INVALID');
        await setPassword(trx, user.id, passwordHash, now);
        // Whoever knew the old password is signed out everywhere; the app signs in afresh.
        await o.tokens.revokeUser(trx, user.id, now);
        // The phone is proven: a lock-out from guessing the old password no longer applies.
        await clearAccountFailures(trx, msisdn);
      });
      request.log.info({ msisdn }, 'password reset');
      return { message: 'PASSWORD.RESET' };
    },
  );
};
