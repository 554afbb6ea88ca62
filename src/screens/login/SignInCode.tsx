// The step-up of a sign-in from a busy shared address (DESIGN.md "Sign-in behind a shared address"): the
// password was right, but too many sign-ins failed from the subscriber's network address (most phones in
// Lesotho share their carrier's), so a code went by SMS to the account's own number. The session machine
// keeps the credentials; this form sends the code with them, or goes back to the sign-in form.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { CODE_INVALID, CODE_REQUIRED } from '../../../machines/session/rules';
import { useServerMessage } from '../../i18n/serverMessages';
import { useIsSigningIn, useSession, useSignInError } from '../../session/hooks';

export function SignInCode() {
  const { t } = useLingui();
  const session = useSession();
  const busy = useIsSigningIn();
  const errorKey = useSignInError();
  const say = useServerMessage();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(code.length !== 6);
    if (busy || code.length !== 6) return;
    session.submitCode(code);
  };

  return (
    <section aria-labelledby="sign-in-code-title">
      <h2 id="sign-in-code-title" data-testid="code-sent">
        {say(CODE_REQUIRED)}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="login-otp">{t`Code from the SMS`}</label>
          <input
            id="login-otp"
            name="one-time-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            aria-describedby="login-otp-hint"
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <p id="login-otp-hint" className="hint">
            <Trans>
              Many sign-ins failed from your network lately, so we check that it is you. The code is valid for
              5 minutes.
            </Trans>
          </p>
        </div>
        {(missing || errorKey === CODE_INVALID) && (
          <p className="form-error" role="alert">
            {missing ? t`Enter the 6-digit code from the SMS.` : say(CODE_INVALID)}
          </p>
        )}
        <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => session.cancelCode()}>
          <Trans>Back</Trans>
        </button>
      </form>
    </section>
  );
}
