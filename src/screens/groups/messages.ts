// Words for group play's refusals (DESIGN.md "Group play"). Keys not listed fall back to the play screen's
// words (a group's slip is checked as any slip: picks, system, round) and then the app-wide server messages.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { usePlayMessage } from '../play/messages';

export const GROUP_MESSAGES: Record<string, MessageDescriptor> = {
  'GROUP.UNKNOWN': msg`No group has this code. Check the 6 digits and try again.`,
  'GROUP.FULL': msg`This group has no shares left.`,
  'GROUP.CLOSED': msg`This group's round has closed: no more shares can be bought.`,
  'GROUP.CANCELLED': msg`This group was cancelled. Every share was refunded.`,
  'GROUP.NOT_MEMBER': msg`Only the group's members can see its picks and members. Buy a share to join.`,
  'WALLET.INSUFFICIENT_FUNDS': msg`There is not enough money in your wallet for these shares. Deposit, then try again.`,
  'SUBSCRIPTION.REQUIRED': msg`You need an active subscription to play in a group. Subscribe, then try again.`,
};

/** `say(key)`: a group refusal in the current language (play, then server words for other keys). */
export function useGroupMessage(): (key: string | null | undefined) => string {
  const { i18n } = useLingui();
  const play = usePlayMessage();
  return (key) => {
    const d = key ? GROUP_MESSAGES[key] : undefined;
    return d ? i18n._(d) : play(key);
  };
}
