// The one question before money moves from a wallet form (airtime, cash-out, deposit): what, how much and
// where, then Cancel or the action with its amount. Nothing is sent until the action is pressed; Cancel,
// Escape and a tap outside send nothing. The form makes its Idempotency-Key only on the action.
import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import './dialog.css';
import { DialogActions } from './DialogActions';

export interface ConfirmDetail {
  label: string;
  value: string;
}

export function ConfirmMoney({
  title,
  details,
  note,
  action,
  onConfirm,
  onCancel,
}: {
  /** The question, with the amount: 'Cash out M 2,000.00?'. */
  title: string;
  /** What the subscriber checks: amount, number, provider, each on its own line. */
  details: readonly ConfirmDetail[];
  /** One sentence on what happens next (a prompt on the phone, no way back for a wrong number). */
  note: string;
  /** The action button's label, with the amount: 'Cash out · M 2,000.00'. */
  action: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <dl className="confirm-details">
            {details.map((d) => (
              <div key={d.label}>
                <dt>{d.label}</dt>
                <dd>{d.value}</dd>
              </div>
            ))}
          </dl>
          <Dialog.Description>{note}</Dialog.Description>
          <DialogActions action={action} onAction={onConfirm} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
