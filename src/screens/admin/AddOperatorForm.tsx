// Adding a staff account (admins): a username under the shared rule, one role, and a first password the new
// operator replaces at their first sign-in. The form checks what the server would refuse before sending.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { isOperatorName, OPERATOR_ROLES, type OperatorRole } from '../../../machines/rules/operatorName';
import { isPasswordCompliant } from '../../../machines/rules/password';
import { PasswordField } from '../../components/PasswordInput';
import { useServerMessage } from '../../i18n/serverMessages';

/** Each role in words (admin screens show roles by these, never the realm's names). */
export const ROLE_LABELS: Record<OperatorRole, MessageDescriptor> = {
  ROLE_CALL_CENTER: msg`Call centre`,
  ROLE_MARKETING: msg`Marketing`,
  ROLE_ADMIN: msg`Administrator`,
};

export function AddOperatorForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  /** Resolves true when the operator was added (the form then starts empty). */
  onAdd: (username: string, role: OperatorRole, password: string) => Promise<boolean>;
}) {
  const { t, i18n } = useLingui();
  const say = useServerMessage();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('ROLE_CALL_CENTER');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = username.trim().toLowerCase();
    if (!isOperatorName(name)) return setProblem(say('OPERATOR.INVALID_NAME'));
    if (!isPasswordCompliant(password)) return setProblem(say('PASSWORD.NOT_COMPLIANT'));
    setProblem(null);
    if (await onAdd(name, role, password)) {
      setUsername('');
      setPassword('');
    }
  };

  return (
    <form
      className="admin-card form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="add-operator"
    >
      <h2 id="add-operator">
        <Trans>Add a staff member</Trans>
      </h2>
      <div className="field">
        <label htmlFor="operator-username">{t`Username`}</label>
        <input
          id="operator-username"
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          aria-describedby="operator-username-hint"
          onChange={(e) => setUsername(e.target.value)}
        />
        <p id="operator-username-hint" className="hint">
          <Trans>Small letters, digits, dots, dashes or underscores; 3 to 32, starting with a letter.</Trans>
        </p>
      </div>
      <div className="field">
        <label htmlFor="operator-role">{t`Role`}</label>
        <select
          id="operator-role"
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as OperatorRole)}
        >
          {OPERATOR_ROLES.map((r) => (
            <option key={r} value={r}>
              {i18n._(ROLE_LABELS[r])}
            </option>
          ))}
        </select>
      </div>
      <PasswordField
        id="operator-password"
        label={t`First password`}
        name="new-password"
        autoComplete="new-password"
        aria-describedby="operator-password-hint"
        required
        value={password}
        onValue={setPassword}
      >
        <p id="operator-password-hint" className="hint">
          <Trans>
            At least 8 characters with a small letter and a digit. Give it to them in person: they choose
            their own when they first sign in.
          </Trans>
        </p>
      </PasswordField>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-gold" disabled={busy}>
        <Trans>Add</Trans>
      </button>
    </form>
  );
}
