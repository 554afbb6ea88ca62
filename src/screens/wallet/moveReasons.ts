// What each ledger move reason is called in the subscriber's language. A reason the app does not know
// yet (a newer server) falls back to its code in words ('SOME_REASON' → 'Some Reason').
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatM } from '../../../machines/rules/money';
import { reasonTitle } from '../../../machines/rules/wallet';
import type { WalletMove } from '../../api/wallet';

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
  // Group play (DESIGN.md "Group play"): a share into the group's pot, its refund, a member's winnings.
  GROUP_SHARE: msg`Group share`,
  GROUP_REFUND: msg`Group share refunded`,
  GROUP_PRIZE: msg`Group winnings`,
};

export const moveReason = (i18n: I18n, reason: string): string => {
  const known = REASONS[reason];
  return known ? i18n._(known) : reasonTitle(reason);
};

/**
 * A move's label on the statement and in the CSV: its reason, an airtime friend's masked number, and what
 * part of a group captain's winnings is the split's leftover cents.
 */
export function moveLabel(
  i18n: I18n,
  move: Pick<WalletMove, 'reason' | 'friend' | 'groupRemainder'>,
): string {
  const reason = moveReason(i18n, move.reason);
  if (move.friend) return `${reason} · ${move.friend}`;
  if (move.groupRemainder) {
    const remainder = formatM(move.groupRemainder);
    return `${reason} · ${i18n._(msg`includes ${remainder} left over from the split`)}`;
  }
  return reason;
}

/** Airtime the wallet paid for (and its refund). */
const AIRTIME_REASONS: ReadonlySet<string> = new Set([
  'AIRTIME_PURCHASE',
  'AIRTIME_FOR_FRIEND',
  'AIRTIME_REVERSAL',
]);

/**
 * The service a move names: airtime in words (an answer cached before the server said AIRTIME names the
 * mobile wallet picked then, which never paid), anything else its code (a round, JACKPOT14, MPESA).
 */
export const moveService = (i18n: I18n, move: Pick<WalletMove, 'reason' | 'serviceId'>): string =>
  move.serviceId === 'AIRTIME' || AIRTIME_REASONS.has(move.reason) ? i18n._(msg`Airtime`) : move.serviceId;

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
