// Web registration and password reset by SMS one-time password (docs/CONTRACTS.md "Server"): request an
// OTP for a purpose (register or reset), check it, then register or reset the password with it. All carry
// the website client's Basic credential.
import type { CodeSent, Done, OtpChecked, OtpPurpose, RegisterBody } from '../../machines/wire/identity';
import { apiPost } from './http';

export type { OtpPurpose } from '../../machines/wire/identity';
export type Lang = string;

/** Sends an OTP by SMS (a RESET code only to a number with an account; the answer is the same). 400 MSISDN.INVALID, 429 OTP.TOO_MANY_REQUESTS. */
export const requestOtp = (msisdn: string, lang: Lang, purpose: OtpPurpose) =>
  apiPost<CodeSent>('/web-registration/request-otp', { msisdn, lang, purpose }, { auth: 'website' });

/** Checks an OTP without using it up. 400 OTP.INVALID / OTP.EXPIRED, 429 OTP.TOO_MANY_TRIES, 409 REGISTER.EXISTS. */
export const submitOtp = (msisdn: string, lang: Lang, submittedOtp: string, purpose: OtpPurpose) =>
  apiPost<OtpChecked>(
    '/web-registration/submit-otp',
    { msisdn, lang, submittedOtp, purpose },
    { auth: 'website' },
  );

/** What the subscriber confirmed on the form: 18 or older, and the version of the terms they accepted. */
export type Consent = Required<Pick<RegisterBody, 'ageConfirmed' | 'termsVersion'>>;

/**
 * Sets the password (userInput) and uses up the OTP. 400 PASSWORD.NOT_COMPLIANT / REGISTER.AGE_REQUIRED /
 * REGISTER.TERMS_REQUIRED, 409 REGISTER.EXISTS / TERMS.OUTDATED.
 */
export const register = (
  msisdn: string,
  lang: Lang,
  submittedOtp: string,
  userInput: string,
  consent: Consent,
) =>
  apiPost<Done>(
    '/web-registration/register',
    { msisdn, lang, submittedOtp, userInput, ...consent },
    { auth: 'website' },
  );

/** Sets a new password with a RESET code; every session of the account ends. 400 OTP.* / PASSWORD.NOT_COMPLIANT. */
export const resetPassword = (msisdn: string, lang: Lang, submittedOtp: string, newPassword: string) =>
  apiPost<Done>(
    '/web-registration/reset-password',
    { msisdn, lang, submittedOtp, newPassword },
    { auth: 'website' },
  );
