// A group's status and unsold rule in words (DESIGN.md "Group play").
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GroupStatus, UnsoldRule } from '../../api/groups';

export const STATUS_WORDS: Record<GroupStatus, MessageDescriptor> = {
  OPEN: msg`Open: shares on sale`,
  SUBMITTED: msg`Submitted: the slip is in the draw`,
  SETTLED: msg`Settled`,
  CANCELLED: msg`Cancelled: every share refunded`,
};

export const UNSOLD_WORDS: Record<UnsoldRule, { name: MessageDescriptor; explained: MessageDescriptor }> = {
  CANCEL: {
    name: msg`Cancel the group`,
    explained: msg`If not every share is sold when the round closes, the group is cancelled and everyone gets their money back.`,
  },
  CAPTAIN_COVERS: {
    name: msg`I buy the rest`,
    explained: msg`If not every share is sold when the round closes, your wallet buys the rest and the slip is played. If your wallet is short, the group is cancelled and everyone gets their money back.`,
  },
};
