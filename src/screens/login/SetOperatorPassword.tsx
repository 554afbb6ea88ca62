// An operator whose password an administrator set signs in for the first time (or after a reset): the
// identity provider answers "Account is not fully set up", and this form sets their own password (old, new,
// repeated; the shared rule's checklist) with POST /api/web-registration/operator-password, then signs in.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { isPasswordCompliant } from '../../../machines/rules/password';
import { loginName } from '../../../machines/session/msisdn';
import { setOwnOperatorPassword } from '../../api/operators';
import { PasswordField } from '../../components/PasswordInput';
import { useServerMessage } from '../../i18n/serverMessages';
import { PasswordStep } from '../auth/PasswordStep';

interface Props {
  username: string;
  /** The password just typed on the sign-in form (the one the administrator gave). */
  typedPassword: string;
  /** Signs in with the new password once it is set. */
  onSignIn: (newPassword: string) => void;
  onCancel: () => void;
}

export function SetOperatorPassword({ username, typedPassword, onSignIn, onCancel }: Props) {
  const { t } = useLingui();
  const say = useServerMessage();
  const [oldPassword, setOldPassword] = useState(typedPassword);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (password: string, again: string) => {
    if (password !== again) return setError(t`The two passwords are not the same.`);
    if (!isPasswordCompliant(password)) return setError(say('PASSWORD.NOT_COMPLIANT'));
    setError(null);
    setBusy(true);
    try {
      await setOwnOperatorPassword(loginName(username), oldPassword, password);
      onSignIn(password);
    } catch (err) {
      const key = messageKeyOf(err);
      setError(key === 'AUTH.INVALID_CREDENTIALS' ? t`The current password is not right.` : say(key));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="set-password-title">
      <h2 id="set-password-title">
        <Trans>Choose your own password</Trans>
      </h2>
      <p>{say('AUTH.PASSWORD_CHANGE_REQUIRED')}</p>
      <PasswordStep
        id="operator-own"
        passwordLabel={t`New password`}
        againLabel={t`New password again`}
        submitLabel={t`Set password and sign in`}
        busy={busy}
        onSubmit={(password, again) => void submit(password, again)}
        leading={
          <PasswordField
            id="operator-own-old"
            label={t`Current password`}
            name="current-password"
            autoComplete="current-password"
            required
            value={oldPassword}
            onValue={setOldPassword}
          />
        }
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="auth-switch">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          <Trans>Back to sign in</Trans>
        </button>
      </p>
    </section>
  );
}
