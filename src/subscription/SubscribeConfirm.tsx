// The confirmation before subscribing (the shell's first modal): the price and billing period with the
// terms, and the other services the subscriber already pays for, if any. ACCEPT subscribes; Cancel (or
// Escape, or a tap outside, or opening the terms) closes without subscribing. Lazy chunk.

import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import type { SubscriptionOffer } from '../../machines/subscription/subscriptionMachine';
import { useOfferText } from '../content/SubscriptionPrice';
import '../components/dialog.css';
import { DialogActions } from '../components/DialogActions';

export default function SubscribeConfirm({
  others,
  offer,
  onAccept,
  onCancel,
  returnFocusTo,
}: {
  others: string[];
  /** The price and period; the flow reaches the confirmation only once it has them. */
  offer: SubscriptionOffer;
  onAccept: () => void;
  onCancel: () => void;
  /** Focused when the modal closes (it has no Radix trigger to go back to). */
  returnFocusTo?: HTMLElement | null;
}) {
  const price = useOfferText(offer);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          data-testid="subscribe-confirm"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo?.focus();
          }}
        >
          <Dialog.Title>
            {others.length > 0 ? (
              <Trans>You have other subscriptions</Trans>
            ) : (
              <Trans>Subscribe to Jackpot 14?</Trans>
            )}
          </Dialog.Title>
          <Dialog.Description data-testid="subscription-price">
            <Trans>Jackpot 14 costs {price}.</Trans>{' '}
            <Link to="/tnc" onClick={onCancel}>
              <Trans>Terms and conditions</Trans>
            </Link>
          </Dialog.Description>
          {others.length > 0 && (
            <>
              <p>
                <Trans>
                  Subscribing to Jackpot 14 is one more service on your number. You already subscribe to:
                </Trans>
              </p>
              <ul className="dialog-list">
                {others.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </>
          )}
          <DialogActions action={<Trans>ACCEPT</Trans>} onAction={onAccept} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
