// Phone numbers as subscribers type them (+266 5000 0001, 266 5000 0001, 5000 0001) to the one form the
// server and tokens use. One rule for both sides: the forms send what the server stores (the server
// re-exports it from server/identity/msisdn.ts).

/** Lesotho's country code. */
export const COUNTRY_CODE = '266';

/** A Lesotho mobile number: 266 then 8 digits, the first 5 or 6 (landlines start otherwise). */
const LESOTHO_MOBILE = /^266[56]\d{7}$/;

/** Separators people type inside numbers. */
const SEPARATORS = /[\s\-.()]/g;

/** The digits of a number in any usual spelling, with the country code; null when it is not digits. */
function fullDigits(input: string): string | null {
  let digits = input.trim().replace(SEPARATORS, '');
  // +266… and 00266… are international forms: after the prefix the country code must follow.
  const international = /^(\+|00)/.exec(digits);
  if (international) digits = digits.slice(international[0].length);
  if (!/^\d+$/.test(digits)) return null;
  // A local number (8 digits) gets the country code; a full one already has it.
  return !international && digits.length === 8 ? COUNTRY_CODE + digits : digits;
}

/** `266XXXXXXXX` for a valid Lesotho mobile number in any usual spelling, otherwise null. */
export function normaliseMsisdn(input: string): string | null {
  const digits = fullDigits(input);
  return digits !== null && LESOTHO_MOBILE.test(digits) ? digits : null;
}

/**
 * Why `normaliseMsisdn` refuses a number, so a form can say it: 'prefix' when it has a Lesotho number's
 * length but is not a mobile (it does not start with 5 or 6), 'length' for anything else; null when valid.
 */
export function msisdnProblem(input: string): 'length' | 'prefix' | null {
  if (normaliseMsisdn(input) !== null) return null;
  const digits = fullDigits(input);
  return digits !== null && /^266\d{8}$/.test(digits) ? 'prefix' : 'length';
}

/** True when `msisdn` is already in normalised form. */
export const isNormalisedMsisdn = (msisdn: string): boolean => LESOTHO_MOBILE.test(msisdn);

/**
 * What to send as the sign-in username: a phone number in normal form, or any other name (operators such
 * as 'admin') trimmed and as typed.
 */
export const loginName = (input: string): string => normaliseMsisdn(input) ?? input.trim();
