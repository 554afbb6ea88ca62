// Web registration by SMS one-time password (docs/CONTRACTS.md "Server"): request an OTP, check it,
// then register with it and a password. All three carry the website client's Basic credential.
import { apiPost } from './http';

export type Lang = string;

/** Sends an OTP by SMS. 400 MSISDN.INVALID, 429 OTP.TOO_MANY_REQUESTS. */
export const requestOtp = (msisdn: string, lang: Lang) =>
  apiPost<{ message: string; expiresIn: number }>(
    '/web-registration/request-otp',
    { msisdn, lang },
    { auth: 'website' },
  );

/** Checks an OTP without using it up. 400 OTP.INVALID / OTP.EXPIRED, 429 OTP.TOO_MANY_TRIES. */
export const submitOtp = (msisdn: string, lang: Lang, submittedOtp: string) =>
  apiPost<{ valid: boolean }>(
    '/web-registration/submit-otp',
    { msisdn, lang, submittedOtp },
    { auth: 'website' },
  );

/** Sets the password (userInput) and uses up the OTP. 400 PASSWORD.NOT_COMPLIANT. */
export const register = (msisdn: string, lang: Lang, submittedOtp: string, userInput: string) =>
  apiPost<{ message: string }>(
    '/web-registration/register',
    { msisdn, lang, submittedOtp, userInput },
    { auth: 'website' },
  );
