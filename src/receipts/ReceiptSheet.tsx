// The receipt sheet: shown after paying and from "You have played this round". A Radix dialog with the
// receipt's contents and a link that opens /verify with it, to share or copy.
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { type MatchName, ReceiptDetails } from './ReceiptDetails';
import { readReceipt, verifyLink } from './receipt';
import '../components/dialog.css';
import './receipts.css';

interface Props {
  /** The receipt to show; null = closed. */
  jws: string | null;
  /** The betslip on screen and its matches: named on the receipt when it is for that betslip. */
  betslip?: { sid: string; matches: readonly MatchName[] };
  onClose: () => void;
}

export default function ReceiptSheet({ jws, betslip, onClose }: Props) {
  const { t } = useLingui();
  const [shared, setShared] = useState<'idle' | 'copied' | 'failed'>('idle');
  const payload = jws ? readReceipt(jws) : null;
  const matches = payload && betslip?.sid === payload.sid ? betslip.matches : undefined;

  async function share() {
    if (!jws) return;
    const url = verifyLink(location.origin, jws);
    try {
      if (navigator.share) {
        await navigator.share({ title: t`Jackpot 14 receipt`, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch (error) {
      // The subscriber closed the share sheet: nothing to say.
      if ((error as DOMException)?.name !== 'AbortError') setShared('failed');
    }
  }

  return (
    <Dialog.Root
      open={payload !== null}
      onOpenChange={(open) => {
        if (!open) {
          setShared('idle');
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog receipt-sheet">
          <Dialog.Title>
            <Trans>Your receipt</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              Your slip is paid and in the draw. Anyone can check this receipt on the Verify page.
            </Trans>
          </Dialog.Description>
          {payload && <ReceiptDetails payload={payload} matches={matches} />}
          {shared === 'copied' && (
            <p className="receipt-note" role="status">
              <Trans>Link copied.</Trans>
            </p>
          )}
          {shared === 'failed' && (
            <p className="receipt-note" role="status">
              <Trans>Could not share from this device. The link is:</Trans>{' '}
              <code className="receipt-link">{jws ? verifyLink(location.origin, jws) : ''}</code>
            </p>
          )}
          <div className="form-row dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={() => void share()}>
              <Trans>Share or copy</Trans>
            </button>
            <Dialog.Close className="btn btn-gold">
              <Trans>Done</Trans>
            </Dialog.Close>
          </div>
          <Dialog.Close className="dialog-x" aria-label={t`Close`}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
