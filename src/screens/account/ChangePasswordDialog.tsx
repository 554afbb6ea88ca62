// Change-password modal (DESIGN.md: the old password is asked for). New and repeat must
// match and pass compliance, else both shake for 300 ms, the reason stands under them (registration's
// words) and nothing is sent. A wrong current password keeps the dialog open with what was typed and the
// reason under that field. Lazy: Radix loads on first open.

import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useRef, useState } from 'react';
import { isPasswordCompliant } from '../../../machines/rules/password';
import { PasswordField } from '../../components/PasswordInput';
import { useShake } from '../../hooks/useShake';
import '../../components/dialog.css';
import './dialog.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Called with valid input; sends, and closes the modal unless the current password was wrong: then it
   * answers the reason to show under that field.
   */
  onSubmit: (oldPassword: string, newPassword: string) => Promise<string | null>;
}

export default function ChangePasswordDialog({ open, onOpenChange, onSubmit }: Props) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="cp-rules">
          <Dialog.Title>
            <Trans>Change password</Trans>
          </Dialog.Title>
          {/* The form unmounts with the content, so every opening starts with empty fields. */}
          <PasswordForm onSubmit={onSubmit} />
          <Dialog.Close className="dialog-x" aria-label={t`Close`}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PasswordForm({ onSubmit }: Pick<Props, 'onSubmit'>) {
  const { t } = useLingui();
  const [oldPassword, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const { shaking, shake } = useShake<'old' | 'new'>();
  const newShaking = shaking('new');
  const oldShaking = shaking('old');
  // The reason a field is wrong, said under it until it is edited (a screen reader hears it too).
  const [newProblem, setNewProblem] = useState<string | null>(null);
  const [oldProblem, setOldProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const oldRef = useRef<HTMLInputElement>(null);
  const newInvalid = newProblem !== null;
  const oldInvalid = oldProblem !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const newWhy = !isPasswordCompliant(next)
      ? t`The password does not meet the rules below.`
      : next !== repeat
        ? t`The two passwords are not the same.`
        : null;
    const oldWhy = oldPassword ? null : t`Type your current password.`;
    shake([...(newWhy ? ['new' as const] : []), ...(oldWhy ? ['old' as const] : [])]);
    setNewProblem(newWhy);
    setOldProblem(oldWhy);
    if (newWhy || oldWhy) return;
    setSending(true);
    const refused = await onSubmit(oldPassword, next);
    setSending(false);
    if (refused) {
      setOldProblem(refused);
      shake(['old']);
      oldRef.current?.focus();
    }
  };

  const shakeClass = (on: boolean) => (on ? 'shake' : undefined);
  return (
    <form className="form" onSubmit={submit} noValidate>
      <PasswordField
        id="cp-old"
        label={t`Current password`}
        name="current-password"
        autoComplete="current-password"
        ref={oldRef}
        className={shakeClass(oldShaking)}
        aria-invalid={oldInvalid || undefined}
        aria-describedby={oldInvalid ? 'cp-old-error' : undefined}
        value={oldPassword}
        onValue={(value) => {
          setOld(value);
          setOldProblem(null);
        }}
      >
        {oldProblem && (
          <p id="cp-old-error" className="field-error">
            {oldProblem}
          </p>
        )}
      </PasswordField>
      <PasswordField
        id="cp-new"
        label={t`New password`}
        name="new-password"
        autoComplete="new-password"
        aria-describedby={newInvalid ? 'cp-new-error cp-rules' : 'cp-rules'}
        className={shakeClass(newShaking)}
        aria-invalid={newInvalid || undefined}
        value={next}
        onValue={(value) => {
          setNext(value);
          setNewProblem(null);
        }}
      >
        {newProblem && (
          <p id="cp-new-error" className="field-error">
            {newProblem}
          </p>
        )}
        <p id="cp-rules" className="hint">
          <Trans>
            At least 8 characters with a small letter and a digit; only letters, digits and @ $ ! % * ? &.
          </Trans>
        </p>
      </PasswordField>
      <PasswordField
        id="cp-repeat"
        label={t`Repeat new password`}
        name="repeat-password"
        autoComplete="new-password"
        className={shakeClass(newShaking)}
        aria-invalid={newInvalid || undefined}
        aria-describedby={newInvalid ? 'cp-new-error' : undefined}
        value={repeat}
        onValue={(value) => {
          setRepeat(value);
          setNewProblem(null);
        }}
      />
      <div className="form-row dialog-actions">
        <Dialog.Close className="btn btn-ghost">
          <Trans>Cancel</Trans>
        </Dialog.Close>
        <button type="submit" className="btn btn-gold" disabled={sending}>
          <Trans>Change password</Trans>
        </button>
      </div>
    </form>
  );
}
