// Sign-in behind a shared address (DESIGN.md "Sign-in behind a shared address"). In Lesotho most phones
// share a carrier NAT address, so an address over its failure limit must not lock out everyone behind it:
// a right password is let in once the account's own phone proves it with an SMS code. The answers keep
// the token endpoint's OAuth shape: 400 invalid_grant "Code required" (a code was sent, or one sent less
// than 10 minutes ago is still open), then the same grant with the form field `otp`.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { forgiveSignIn, type LoginLimits, pruneSignInLimits, type SignInAttempt } from './loginLimits.ts';
import { OAuthError } from './oauth.ts';
import type { OtpService } from './otp.ts';

/** The grant's answer when the phone must prove the sign-in (the client asks for the code). */
export const CODE_REQUIRED = 'Code required';
/** The grant's answer to a code that is wrong, expired, used up or not for signing in. */
export const INVALID_CODE = 'Invalid code';
/** The address limit's refusal, the same with or without a step-up. */
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts; try again later';
/** The send caps are per minute: asking again after this may be answered. */
const SEND_RETRY_AFTER_SECONDS = 60;

export interface StepUpOptions {
  db: Kysely<Database>;
  otp: OtpService;
  loginLimits: LoginLimits;
}

export interface StepUpRequest {
  /** The account's own number: the code goes there and nowhere else. */
  msisdn: string;
  /** The grant's `otp` field, if any. */
  code: string | undefined;
  /** The SMS's language (the grant's `ui_locales`). */
  lang: string | undefined;
  address: string;
  attempt: SignInAttempt;
  now: Date;
}

/**
 * The password was right, but the attempt came over its address's limit. Without a code, sends one (at
 * most one open per account per 10 minutes; the OTP caps apply) and throws CODE_REQUIRED. With one, returns
 * once it is checked and used; a wrong code throws INVALID_CODE and stays counted as a failed sign-in (the
 * account's own waits keep guessing slow, besides the code's 5 tries).
 */
export async function proveSignIn(o: StepUpOptions, reply: FastifyReply, r: StepUpRequest): Promise<void> {
  if (!r.code) {
    // Nothing was guessed: the password was right, so the account is forgiven as any right one is.
    await forgiveSignIn(o.db, r.attempt);
    await sendCode(o, reply, r);
    throw new OAuthError(400, 'invalid_grant', CODE_REQUIRED);
  }
  let id: string;
  try {
    id = await o.otp.check(r.msisdn, r.code, 'SIGN_IN');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await pruneSignInLimits(o.db, o.loginLimits.policy, r.now);
    throw new OAuthError(400, 'invalid_grant', INVALID_CODE);
  }
  // A parallel grant may have used it first: one code, one sign-in.
  if (!(await o.otp.consume(o.db, id))) throw new OAuthError(400, 'invalid_grant', INVALID_CODE);
}

async function sendCode(o: StepUpOptions, reply: FastifyReply, r: StepUpRequest): Promise<void> {
  try {
    await o.otp.request({
      msisdn: r.msisdn,
      lang: r.lang,
      address: r.address,
      purpose: 'SIGN_IN',
      deliver: true,
      reuseOpen: true,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.statusCode === 429) {
      reply.header('retry-after', String(SEND_RETRY_AFTER_SECONDS));
      throw new OAuthError(429, 'invalid_grant', TOO_MANY_ATTEMPTS);
    }
    throw new OAuthError(503, 'temporarily_unavailable', 'The SMS gateway is not answering');
  }
}
