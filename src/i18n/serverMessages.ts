// The server answers refusals with a message key (docs/CONTRACTS.md: `{ messageKey }`); this is the one
// place that turns a key into words. Add a line here for each new key; unknown keys get the fallback.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

export const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
  'AUTH.INVALID_CREDENTIALS': msg`Wrong phone number or password.`,
  'AUTH.TOO_MANY_ATTEMPTS': msg`Too many sign-in attempts. Please wait a few minutes and try again.`,
  'OTP.INVALID': msg`That code is not right. Check the SMS and try again.`,
  'OTP.EXPIRED': msg`That code has expired. Ask for a new one.`,
  'OTP.TOO_MANY_TRIES': msg`Too many wrong codes. Ask for a new one.`,
  'OTP.TOO_MANY_REQUESTS': msg`Too many codes asked for. Please wait a few minutes.`,
  'MSISDN.INVALID': msg`Enter a Lesotho mobile number, for example 5000 0001.`,
  'PASSWORD.NOT_COMPLIANT': msg`The password does not meet the rules below.`,
  'AUTH.FORBIDDEN': msg`You are not allowed to do this.`,
  'BETSLIP.RESULTS_MISSING': msg`Every match needs a result before the betslip can be settled.`,
  'BETSLIP.OPEN': msg`This betslip is still open. It can be settled after it closes.`,
  'ERRORS.INVALID_REQUEST': msg`Something in the form is not right. Check it and try again.`,
  'ERRORS.NETWORK': msg`No network connection. Check your data or Wi-Fi and try again.`,
  'ERRORS.SERVER': msg`The service is not answering right now. Please try again later.`,
  'ERRORS.UNAUTHORIZED': msg`Your session has ended. Please sign in again.`,
};

/** Said when a key has no entry above. */
export const GENERIC_ERROR: MessageDescriptor = msg`Something went wrong. Please try again.`;

/** The descriptor for a server message key (the generic one when unknown). */
export const serverMessage = (key: string | null | undefined): MessageDescriptor =>
  (key && SERVER_MESSAGES[key]) || GENERIC_ERROR;

/** Translates a server message key with a given i18n instance. */
export const translateServerMessage = (i18n: I18n, key: string | null | undefined): string =>
  i18n._(serverMessage(key));

/** In components: `const say = useServerMessage(); say(error.messageKey)`. */
export function useServerMessage(): (key: string | null | undefined) => string {
  const { i18n } = useLingui();
  return (key) => translateServerMessage(i18n, key);
}
