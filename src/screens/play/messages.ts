// Words for the play API's message keys (docs/CONTRACTS.md "Play API"). Kept beside the screen that
// shows them; keys not listed here fall back to the app-wide server messages (network, server errors).
// Only answers to a submission need them, so the screen loads this module (and the server messages) in a
// chunk of its own after the first paint: see SlipBar.tsx and PlayQueuePanel.tsx.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useServerMessage } from '../../i18n/serverMessages';

export const PLAY_MESSAGES: Record<string, MessageDescriptor> = {
  'SUBMISSION.ACCEPTED': msg`Your betslip has been accepted. Good luck!`,
  'SUBMISSION.QUEUED': msg`No network: your slip is saved and will be sent when you are back online.`,
  'SUBSCRIPTION.REQUIRED': msg`You need an active subscription to play. Subscribe, then submit again.`,
  'WALLET.INSUFFICIENT_FUNDS': msg`Not enough money in your wallet or airtime to pay for this slip.`,
  'BETSLIP.CLOSED': msg`This betslip closed before your slip was sent. Here is the current one.`,
  'BETSLIP.NOT_CURRENT': msg`This betslip is no longer the current one. Here is the new one.`,
  'BETSLIP.NONE': msg`There is no betslip open right now.`,
  'PICKS.INCOMPLETE': msg`Ooooops.... Please place predictions for all matches`,
  'PICKS.INVALID': msg`Some picks were not valid. Check your picks and submit again.`,
  'PICKS.LIMITS': msg`Too many doubles or triples for this betslip.`,
  'PRICE.MISMATCH': msg`The price has changed. Check the new cost and submit again.`,
  'IDEMPOTENCY.MISMATCH': msg`Your picks changed while sending. Please submit again.`,
  'IDEMPOTENCY.IN_PROGRESS': msg`Your slip is still being processed. Wait a moment, then try again.`,
  'BILLING.UNAVAILABLE': msg`Airtime payment is not available right now. Please try again shortly.`,
  'PLAY.PAUSED': msg`Play is paused on your account.`,
  'PLAY.LIMIT_REACHED': msg`You have reached your play limit.`,
};

/** `say(key)`: a play message key in the current language (server fallback for other keys). */
export function usePlayMessage(): (key: string | null | undefined) => string {
  const { i18n } = useLingui();
  const server = useServerMessage();
  return (key) => {
    const d = key ? PLAY_MESSAGES[key] : undefined;
    return d ? i18n._(d) : server(key);
  };
}

/** A play message key's words, as a component (SlipBar renders it lazily). */
export function PlayMessage({ messageKey }: { messageKey: string }) {
  const say = usePlayMessage();
  return say(messageKey);
}
