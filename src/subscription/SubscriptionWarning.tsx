// The other-subscriptions warning (the shell's first modal): before subscribing, the subscriber sees the
// other services they already pay for; ACCEPT subscribes, Cancel (or Escape, or a tap outside) closes without
// subscribing. Lazy chunk.

import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useSubscriptionPrice } from '../content/SubscriptionPrice';
import { useSite } from '../content/site';
import '../components/dialog.css';

export default function SubscriptionWarning({
  others,
  onAccept,
  onCancel,
  returnFocusTo,
}: {
  others: string[];
  onAccept: () => void;
  onCancel: () => void;
  /** Focused when the modal closes (it has no Radix trigger to go back to). */
  returnFocusTo?: HTMLElement | null;
}) {
  const price = useSubscriptionPrice(useSite());
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo?.focus();
          }}
        >
          <Dialog.Title>
            <Trans>You have other subscriptions</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              Subscribing to Jackpot 14 is one more service on your number. You already subscribe to:
            </Trans>
          </Dialog.Description>
          <ul className="dialog-list">
            {others.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          {price && (
            <p data-testid="subscription-price">
              <Trans>Jackpot 14 costs {price}.</Trans>{' '}
              <Link to="/tnc" onClick={onCancel}>
                <Trans>Terms and conditions</Trans>
              </Link>
            </p>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-ghost">
                <Trans>Cancel</Trans>
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-gold" onClick={onAccept}>
              <Trans>ACCEPT</Trans>
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
