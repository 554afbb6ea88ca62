// Change-password modal (DESIGN.md: the old password is asked for). New and repeat must
// match and pass compliance, else both shake for 300 ms and nothing is sent. Lazy: Radix loads on first open.

import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { isPasswordCompliant } from '../../../machines/rules/password';
import { PasswordField } from '../../components/PasswordInput';
import { useShake } from '../../hooks/useShake';
import '../../components/dialog.css';
import './dialog.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with valid input; the caller closes the modal and sends. */
  onSubmit: (oldPassword: string, newPassword: string) => void;
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
  // Marked invalid until edited, so a screen reader hears which fields to fix after the shake ends.
  const [newInvalid, setNewInvalid] = useState(false);
  const [oldInvalid, setOldInvalid] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const newOk = next === repeat && isPasswordCompliant(next);
    shake([...(newOk ? [] : ['new' as const]), ...(oldPassword ? [] : ['old' as const])]);
    setNewInvalid(!newOk);
    setOldInvalid(!oldPassword);
    if (!newOk || !oldPassword) return;
    onSubmit(oldPassword, next);
  };

  const shakeClass = (on: boolean) => (on ? 'shake' : undefined);
  return (
    <form className="form" onSubmit={submit} noValidate>
      <PasswordField
        id="cp-old"
        label={t`Current password`}
        name="current-password"
        autoComplete="current-password"
        className={shakeClass(oldShaking)}
        aria-invalid={oldInvalid || undefined}
        value={oldPassword}
        onValue={(value) => {
          setOld(value);
          setOldInvalid(false);
        }}
      />
      <PasswordField
        id="cp-new"
        label={t`New password`}
        name="new-password"
        autoComplete="new-password"
        aria-describedby="cp-rules"
        className={shakeClass(newShaking)}
        aria-invalid={newInvalid || undefined}
        value={next}
        onValue={(value) => {
          setNext(value);
          setNewInvalid(false);
        }}
      >
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
        value={repeat}
        onValue={(value) => {
          setRepeat(value);
          setNewInvalid(false);
        }}
      />
      <div className="form-row dialog-actions">
        <Dialog.Close className="btn btn-ghost">
          <Trans>Cancel</Trans>
        </Dialog.Close>
        <button type="submit" className="btn btn-gold">
          <Trans>Change password</Trans>
        </button>
      </div>
    </form>
  );
}
