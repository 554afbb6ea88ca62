// Confirmation before a pause starts: a pause cannot be shortened, so the subscriber says yes twice.

import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { showInstant } from '../../../machines/rules/maseruTime';
import type { PauseDuration } from '../../api/account';
import { serverNow } from '../../api/clock';
import { usePauseLabel } from './messages';
import '../../components/dialog.css';
import './dialog.css';

const PAUSE_MS: Record<PauseDuration, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

interface Props {
  /** The pause asked for; null = closed. */
  duration: PauseDuration | null;
  onCancel: () => void;
  onConfirm: (duration: PauseDuration) => void;
}

export default function PauseDialog({ duration, onCancel, onConfirm }: Props) {
  const { t } = useLingui();
  const label = usePauseLabel();
  const until = duration ? showInstant(new Date(serverNow() + PAUSE_MS[duration]).toISOString()) : '';
  const length = duration ? label(duration) : '';
  return (
    <Dialog.Root open={duration !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            <Trans>Take a break for {length}?</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              You will not be able to play until about {until}. A pause starts now and cannot be shortened.
            </Trans>
          </Dialog.Description>
          <div className="form-row dialog-actions">
            <Dialog.Close className="btn btn-ghost">
              <Trans>Cancel</Trans>
            </Dialog.Close>
            <button type="button" className="btn btn-gold" onClick={() => duration && onConfirm(duration)}>
              <Trans>Start the pause</Trans>
            </button>
          </div>
          <Dialog.Close className="dialog-x" aria-label={t`Close`}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
