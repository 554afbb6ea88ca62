// What each ledger move reason is called in the subscriber's language. A reason the app does not know
// yet (a newer server) falls back to its code in words ('SOME_REASON' → 'Some Reason').
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { reasonTitle } from '../../../machines/rules/wallet';

const REASONS: Record<string, MessageDescriptor> = {
  BETSLIP_STAKE: msg`Betslip`,
  PRIZE_WON: msg`Prize won`,
  AIRTIME_PURCHASE: msg`Airtime`,
  AIRTIME_FOR_FRIEND: msg`Airtime for a friend`,
  AIRTIME_REVERSAL: msg`Airtime refunded`,
  AIRTIME_CHARGE: msg`Paid with airtime`,
  CASH_OUT: msg`Cash-out`,
  CASH_OUT_REVERSAL: msg`Cash-out returned`,
  DEPOSIT: msg`Deposit`,
  WELCOME_BONUS: msg`Welcome bonus`,
  WELCOME_CREDIT: msg`Welcome credit`,
};

export const moveReason = (i18n: I18n, reason: string): string => {
  const known = REASONS[reason];
  return known ? i18n._(known) : reasonTitle(reason);
};

// The status of a deposit or a cash-out, as its statement row shows it.
const STATUSES: Record<string, MessageDescriptor> = {
  PENDING: msg`Pending`,
  CONFIRMED: msg`Completed`,
  CANCELLED: msg`Cancelled`,
  FAILED: msg`Failed`,
};

export const moveStatus = (i18n: I18n, status: string): string => {
  const known = STATUSES[status];
  return known ? i18n._(known) : reasonTitle(status);
};
