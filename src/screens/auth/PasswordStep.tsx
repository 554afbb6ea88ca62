// The password step of registration and of password reset: the password twice, with the compliance rule's
// parts ticked off as the subscriber types. The checklist shows the very checks that decide
// (PASSWORD_CHECKS, shared with the server); whether to send is the flow machine's decision.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PASSWORD_CHECKS, PASSWORD_MIN_LENGTH, type PasswordCheck } from '../../../machines/rules/password';
import { PasswordField } from '../../components/PasswordInput';

const LABELS: Record<PasswordCheck, MessageDescriptor> = {
  length: msg`At least ${PASSWORD_MIN_LENGTH} characters`,
  lower: msg`At least one small letter (a–z)`,
  digit: msg`At least one digit (0–9)`,
  allowed: msg`Only letters, digits and @ $ ! % * ? &`,
};
const CHECKS = Object.keys(PASSWORD_CHECKS) as PasswordCheck[];

interface Props {
  /** Prefix of the inputs' ids (several forms may be on one page in tests). */
  id: string;
  passwordLabel: string;
  againLabel: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (password: string, again: string) => void;
  /** Fields above the new password (an operator's first password asks for the old one there). */
  leading?: ReactNode;
}

export function PasswordStep({ id, passwordLabel, againLabel, submitLabel, busy, onSubmit, leading }: Props) {
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit(password, again);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {leading}
      <PasswordField
        id={`${id}-password`}
        label={passwordLabel}
        name="new-password"
        autoComplete="new-password"
        aria-describedby={`${id}-password-rules`}
        required
        value={password}
        onValue={setPassword}
      >
        <ul id={`${id}-password-rules`} className="rules">
          {CHECKS.map((check) => {
            const ok = password.length > 0 && PASSWORD_CHECKS[check](password);
            return (
              <li key={check} className={ok ? 'rule-ok' : undefined}>
                <span aria-hidden="true">{ok ? '✓' : '•'}</span> {i18n._(LABELS[check])}
                {ok && <span className="sr-only">{t`(done)`}</span>}
              </li>
            );
          })}
        </ul>
      </PasswordField>
      <PasswordField
        id={`${id}-password-again`}
        label={againLabel}
        name="new-password-again"
        autoComplete="new-password"
        required
        value={again}
        onValue={setAgain}
      />
      <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
        {busy ? t`Please wait…` : submitLabel}
      </button>
    </form>
  );
}
