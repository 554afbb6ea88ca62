// Last registration step: the password twice, with the compliance rules shown as the subscriber types.
// The decision is `isPasswordCompliant` (shared with the server); the list only explains it.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { isPasswordCompliant, PASSWORD_MIN_LENGTH } from '../../../machines/rules/password';
import { PasswordField } from '../../components/PasswordInput';
import { serverMessage } from '../../i18n/serverMessages';

const RULES: { label: MessageDescriptor; ok: (p: string) => boolean }[] = [
  { label: msg`At least ${PASSWORD_MIN_LENGTH} characters`, ok: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { label: msg`At least one small letter (a–z)`, ok: (p) => /[a-z]/.test(p) },
  { label: msg`At least one digit (0–9)`, ok: (p) => /\d/.test(p) },
  { label: msg`Only letters, digits and @ $ ! % * ? &`, ok: (p) => /^[A-Za-z\d@$!%*?&]*$/.test(p) },
];

interface Props {
  busy: boolean;
  onError: (m: MessageDescriptor) => void;
  onSubmit: (password: string) => void;
}

export function PasswordStep({ busy, onError, onSubmit }: Props) {
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isPasswordCompliant(password)) return onError(serverMessage('PASSWORD.NOT_COMPLIANT'));
    if (password !== again) return onError(msg`The two passwords are not the same.`);
    onSubmit(password);
  };

  return (
    <form className="form" onSubmit={submit}>
      <PasswordField
        id="reg-password"
        label={t`Password`}
        name="new-password"
        autoComplete="new-password"
        aria-describedby="reg-password-rules"
        required
        value={password}
        onValue={setPassword}
      >
        <ul id="reg-password-rules" className="rules">
          {RULES.map((r) => {
            const ok = password.length > 0 && r.ok(password);
            return (
              <li key={r.label.id} className={ok ? 'rule-ok' : undefined}>
                <span aria-hidden="true">{ok ? '✓' : '•'}</span> {i18n._(r.label)}
                {ok && <span className="sr-only">{t`(done)`}</span>}
              </li>
            );
          })}
        </ul>
      </PasswordField>
      <PasswordField
        id="reg-password-again"
        label={t`Password again`}
        name="new-password-again"
        autoComplete="new-password"
        required
        value={again}
        onValue={setAgain}
      />
      <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
        {busy ? t`Please wait…` : <Trans>Register</Trans>}
      </button>
    </form>
  );
}
