// Sign-in: phone number (or operator name) and password through the session machine, which stores the
// tokens and goes to the page the guard came from, or /play. "Forgot password?" leads to the reset by SMS
// code, carrying the number typed so far. An operator whose password an administrator set is asked for
// their own first (SetOperatorPassword), then signed in with it. A right password from a busy shared
// address is asked for the code the server sent to the account's number (SignInCode).
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { normaliseMsisdn } from '../../../machines/session/msisdn';
import { PasswordField } from '../../components/PasswordInput';
import { useServerMessage } from '../../i18n/serverMessages';
import { useCodeStep, useIsSigningIn, useSession, useSignInError } from '../../session/hooks';
import { AuthLayout } from '../auth/AuthLayout';
import { PhoneField } from '../auth/PhoneField';
import { SetOperatorPassword } from './SetOperatorPassword';
import { SignInCode } from './SignInCode';

/** The sign-in's answer for an account whose password someone else set (src/api/auth.ts). */
const PASSWORD_CHANGE_REQUIRED = 'AUTH.PASSWORD_CHANGE_REQUIRED';

export default function LoginScreen() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const busy = useIsSigningIn();
  const codeStep = useCodeStep();
  const errorKey = useSignInError();
  const say = useServerMessage();
  const { redirect } = useSearch({ strict: false }) as { redirect?: string };
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  /** "Back to sign in" from the set-password form, until the next attempt. */
  const [leftSetPassword, setLeftSetPassword] = useState(false);

  const typedNumber = normaliseMsisdn(username);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Our own words in the chosen language, not the browser's (the form is noValidate).
    setMissing(!username.trim() || !password);
    if (busy || !username.trim() || !password) return;
    setLeftSetPassword(false);
    session.login(username, password, redirect ?? null, i18n.locale);
  };

  if (codeStep) {
    return (
      <AuthLayout title={t`Sign in`}>
        <SignInCode />
      </AuthLayout>
    );
  }

  if (errorKey === PASSWORD_CHANGE_REQUIRED && !busy && !leftSetPassword) {
    return (
      <AuthLayout title={t`Sign in`}>
        <SetOperatorPassword
          username={username}
          typedPassword={password}
          onCancel={() => setLeftSetPassword(true)}
          onSignIn={(newPassword) => {
            setPassword(newPassword);
            session.login(username, newPassword, redirect ?? null, i18n.locale);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t`Sign in`}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {missing && (
          <p className="form-error" role="alert" data-testid="login-missing">
            <Trans>Enter your phone number and your password.</Trans>
          </p>
        )}
        <PhoneField
          id="login-username"
          autoComplete="username"
          value={username}
          onValue={setUsername}
          hint={<Trans>For example 5000 0001 or +266 5000 0001</Trans>}
        />
        <PasswordField
          id="login-password"
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        >
          <Link
            to="/reset-password"
            search={{ ...(typedNumber ? { msisdn: typedNumber } : {}), ...(redirect ? { redirect } : {}) }}
            className="forgot-link"
          >
            <Trans>Forgot password?</Trans>
          </Link>
        </PasswordField>
        {errorKey && (
          <p className="form-error" role="alert">
            {say(errorKey)}
          </p>
        )}
        <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
      </form>
      <p className="auth-switch">
        <Trans>New to Jackpot 14?</Trans>{' '}
        <Link to="/register" search={redirect ? { redirect } : {}}>
          <Trans>Register</Trans>
        </Link>
      </p>
      <p className="auth-switch">
        <Link to="/how-to-play">
          <Trans>How to play</Trans>
        </Link>
        {' · '}
        <Link to="/rounds">
          <Trans>Past results</Trans>
        </Link>
      </p>
    </AuthLayout>
  );
}
