// The unsubscribe confirmation: what stops (the fee, playing) and what stays (wallet, past betslips).
import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import '../components/dialog.css';

export default function UnsubscribeDialog({
  open,
  price,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** "M 5.00 a week", or null when the settings could not be loaded. */
  price: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          data-testid="unsubscribe-dialog"
          onCloseAutoFocus={(e) => e.preventDefault()}
        >
          <Dialog.Title>
            <Trans>Stop your Jackpot 14 subscription?</Trans>
          </Dialog.Title>
          <Dialog.Description>
            {price ? (
              <Trans>
                The subscription fee of {price} is no longer charged, and you cannot play until you subscribe
                again.
              </Trans>
            ) : (
              <Trans>
                The subscription fee is no longer charged, and you cannot play until you subscribe again.
              </Trans>
            )}
          </Dialog.Description>
          <p>
            <Trans>Your wallet and your past betslips stay yours.</Trans>
          </p>
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-ghost">
                <Trans>Keep my subscription</Trans>
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-gold" onClick={onConfirm}>
              <Trans>Unsubscribe</Trans>
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
