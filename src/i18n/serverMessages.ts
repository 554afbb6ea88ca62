// The server answers refusals with a message key (docs/CONTRACTS.md: `{ messageKey }`); this is the one
// place that turns a key into words. Add a line here for each new key; unknown keys get the fallback.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
// money, not amount: the amount field's typing rules stay out of the first load.
import { digitsOfCents, MAX_PAYMENT_CENTS } from '../../machines/rules/money';

/** The largest amount the wallet takes, as the refusal states it ('1,000,000.00'). */
const maxAmount = digitsOfCents(MAX_PAYMENT_CENTS);

export const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
  'AUTH.INVALID_CREDENTIALS': msg`Wrong phone number or password.`,
  'AUTH.TOO_MANY_ATTEMPTS': msg`Too many sign-in attempts. Please wait a few minutes and try again.`,
  'OTP.INVALID': msg`That code is not right. Check the SMS and try again.`,
  'OTP.EXPIRED': msg`That code has expired. Ask for a new one.`,
  'OTP.TOO_MANY_TRIES': msg`Too many wrong codes. Ask for a new one.`,
  'OTP.TOO_MANY_REQUESTS': msg`Too many codes asked for. Please wait a few minutes.`,
  'MSISDN.INVALID': msg`Enter a Lesotho mobile number, for example 5000 0001.`,
  'PASSWORD.NOT_COMPLIANT': msg`The password does not meet the rules below.`,
  'REGISTER.EXISTS': msg`This number already has an account. If you have forgotten its password, set a new one with a code sent by SMS.`,
  'REGISTER.AGE_REQUIRED': msg`Confirm that you are 18 or older to register.`,
  'REGISTER.TERMS_REQUIRED': msg`Accept the terms and conditions to register.`,
  'TERMS.OUTDATED': msg`The terms and conditions have changed. Read the new version and accept it.`,
  'PASSWORD.WRONG_OLD': msg`Your current password is not right, so the password was not changed.`,
  'PLAY.PAUSED': msg`You are on a break from playing. You can play again when it ends.`,
  'PLAY.LIMIT_REACHED': msg`This would go over your weekly spending limit.`,
  'AUTH.FORBIDDEN': msg`You are not allowed to do this.`,
  'BETSLIP.RESULTS_MISSING': msg`Every match needs a result before the betslip can be settled.`,
  'BETSLIP.OPEN': msg`This betslip is still open. It can be settled after it closes.`,
  'ERRORS.INVALID_REQUEST': msg`Something in the form is not right. Check it and try again.`,
  'ERRORS.NETWORK': msg`No network connection. Check your data or Wi-Fi and try again.`,
  'ERRORS.SERVER': msg`The service is not answering right now. Please try again later.`,
  'ERRORS.UNAUTHORIZED': msg`Your session has ended. Please sign in again.`,
  'ERRORS.URI_TOO_LONG': msg`This address is too long.`,
  'ERRORS.HEADERS_TOO_LARGE': msg`The request was too large. Please try again.`,
  'ERRORS.REQUEST_TIMEOUT': msg`The request took too long. Check your connection and try again.`,
  // The public receipt look-up on /verify (docs/CONTRACTS.md "Receipts").
  'RECEIPT.UNKNOWN': msg`No slip has this reference. Check it letter by letter, or paste the whole receipt link.`,
  'RECEIPT.INVALID_REFERENCE': msg`That is not a receipt reference. A reference looks like J14-0004-NKSPA7.`,
  'RECEIPT.TOO_MANY_LOOKUPS': msg`Too many look-ups from this network. Wait a minute and try again.`,
  // Wallet, subscription and play limits (docs/CONTRACTS.md "Wallet, subscription and account API").
  'WALLET.SERVERERROR': msg`The transaction could not be completed. Please try again.`,
  'WALLET.INSUFFICIENT_FUNDS': msg`There is not enough money in your wallet for this amount.`,
  'WALLET.UNKNOWN': msg`That mobile wallet is not supported. Choose another one.`,
  'AMOUNT.INVALID': msg`Enter an amount from M 0.01 to M ${maxAmount}, with at most two decimals.`,
  'AIRTIME.SUCCESS': msg`Your airtime has been bought.`,
  'DEPOSIT.PENDING': msg`Confirm the payment on your phone: enter your PIN in the prompt.`,
  'DEPOSIT.CONFIRMED': msg`Your deposit is in your wallet.`,
  'DEPOSIT.CANCELLED': msg`The payment was cancelled on your phone. Nothing was taken; you can try again.`,
  'DEPOSIT.FAILED': msg`The payment did not go through. Nothing was taken; check your phone is on and try again.`,
  // Why a payment did not go through (deposits and cash-outs: the rails' failureReason).
  'PAYMENT.INSUFFICIENT_FUNDS': msg`There was not enough money in your mobile wallet. Nothing was taken.`,
  'PAYMENT.DECLINED': msg`The payment was declined on your phone (cancelled, or a wrong PIN). Nothing was taken.`,
  'PAYMENT.NOT_REACHED': msg`Your phone could not be reached in time. Nothing was taken; check it is on and try again.`,
  'PAYMENT.PROVIDER_ERROR': msg`The mobile-money service could not take the payment just now. Nothing was taken; try again later.`,
  'DEPOSIT.LIMIT_REACHED': msg`This would go over your weekly deposit limit.`,
  'CASHOUT.CONFIRMED': msg`Your cash-out has been sent to your mobile wallet.`,
  'CASHOUT.PENDING': msg`Your cash-out is being processed. The amount is held until the provider confirms.`,
  'CASHOUT.FAILED': msg`The mobile money provider refused the cash-out. The amount is back in your wallet.`,
  'SUBSCRIPTION.REQUIRED': msg`You need an active subscription to play. Subscribe, then submit again.`,
  'IDEMPOTENCY.IN_PROGRESS': msg`Your request is still being processed. Wait a moment, then try again.`,
  'PUSH.INVALID': msg`This browser could not be signed up for notifications.`,
  'AIRTIME.FAILED': msg`The airtime could not be bought. The amount is back in your wallet.`,
  'IDEMPOTENCY.MISMATCH': msg`This request was already sent with different details. Start again.`,
  'BETSLIP.CLOSED': msg`This betslip has closed. Your picks were not sent.`,
  'BETSLIP.NOT_CURRENT': msg`This betslip is no longer the current one. Load the new betslip and pick again.`,
  'BETSLIP.NONE': msg`There is no open betslip right now. Check again soon.`,
  'BETSLIP.INVALID': msg`The betslip is not valid: it needs 14 matches, a future end date and sound settings.`,
  'BETSLIP.EXISTS': msg`A betslip with this id already exists.`,
  'BETSLIP.NOT_FOUND': msg`That betslip does not exist.`,
  'BETSLIP.NOT_DRAFT': msg`Only a draft betslip can be published.`,
  'BETSLIP.ENDED': msg`This betslip has already ended.`,
  'BETSLIP.SETTLED': msg`This betslip has been settled and paid; it can no longer change.`,
  'BETSLIP.NOT_PUBLISHED': msg`This betslip has not been published yet.`,
  'RESULT.TOO_EARLY': msg`A result can be entered only after its match has kicked off.`,
  'TESTIMONIAL.NOT_FOUND': msg`That testimonial does not exist.`,
  'PRIZES.INVALID': msg`The prize list is not valid.`,
  'SUBSCRIBER.NOT_FOUND': msg`No subscriber has that number.`,
  // Operator accounts (docs/CONTRACTS.md "Operator accounts").
  'AUTH.PASSWORD_CHANGE_REQUIRED': msg`Your password was set by an administrator. Choose your own password to continue.`,
  'AUTH.ACCOUNT_DISABLED': msg`This account has been disabled. Ask an administrator.`,
  // A right password from a busy shared address (DESIGN.md "Sign-in behind a shared address").
  'AUTH.CODE_REQUIRED': msg`We sent a code to your number. Enter it to sign in.`,
  'AUTH.CODE_INVALID': msg`That code is not right, or no longer valid. Check the SMS and try again.`,
  'OPERATOR.EXISTS': msg`An account with this username already exists.`,
  'OPERATOR.UNKNOWN': msg`There is no operator with that username.`,
  'OPERATOR.SELF': msg`You cannot disable your own account.`,
  'OPERATOR.INVALID_NAME': msg`A username is 3 to 32 small letters, digits, dots, dashes or underscores, starting with a letter.`,
  'PASSWORD.SAME_AS_OLD': msg`The new password must differ from the old one.`,
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
