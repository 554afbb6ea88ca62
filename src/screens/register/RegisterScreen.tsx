// Registration (docs/CONTRACTS.md "Server"): phone number → SMS code → password twice → register, then
// sign in through the session machine, which goes to /play.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouteContext } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { normaliseMsisdn } from '../../../machines/session/msisdn';
import { ApiError } from '../../api/http';
import { serverMessage } from '../../i18n/serverMessages';
import { useIsSigningIn, useSession, useSignInError } from '../../session/hooks';
import { AuthLayout } from '../auth/AuthLayout';
import { PhoneField } from '../auth/PhoneField';
import { PasswordStep } from './PasswordStep';

type Step = 'msisdn' | 'otp' | 'password';
const STEP_NUMBER: Record<Step, number> = { msisdn: 1, otp: 2, password: 3 };

export default function RegisterScreen() {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const session = useSession();
  const signingIn = useIsSigningIn();
  const signInError = useSignInError();
  const [step, setStep] = useState<Step>('msisdn');
  const [phone, setPhone] = useState('');
  const [msisdn, setMsisdn] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const lang = i18n.locale;
  const stepNumber = STEP_NUMBER[step];

  /** Runs one server call with the busy flag on and its refusal shown as a translated message. */
  async function run(call: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(serverMessage(e instanceof ApiError ? e.messageKey : null));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (e?: FormEvent) => {
    e?.preventDefault();
    const normalised = normaliseMsisdn(phone);
    if (!normalised) return setError(serverMessage('MSISDN.INVALID'));
    void run(async () => {
      await api.registration.requestOtp(normalised, lang);
      setMsisdn(normalised);
      setOtp('');
      setStep('otp');
    });
  };

  const checkCode = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(otp)) return setError(msg`Enter the 6-digit code from the SMS.`);
    void run(async () => {
      await api.registration.submitOtp(msisdn, lang, otp);
      setStep('password');
    });
  };

  const finish = (password: string) =>
    void run(async () => {
      await api.registration.register(msisdn, lang, otp, password);
      setRegistered(true);
      session.login(msisdn, password, '/play');
    });

  const shownError = error
    ? i18n._(error)
    : registered && signInError
      ? i18n._(serverMessage(signInError))
      : null;

  return (
    <AuthLayout title={t`Register`}>
      <p className="step">
        <Trans>Step {stepNumber} of 3</Trans>
      </p>
      {step === 'msisdn' && (
        <form className="form" onSubmit={sendCode}>
          <PhoneField
            id="reg-msisdn"
            autoComplete="tel"
            value={phone}
            onValue={setPhone}
            hint={<Trans>We will send a 6-digit code to this number by SMS.</Trans>}
          />
          <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
            {busy ? t`Please wait…` : t`Send code`}
          </button>
        </form>
      )}
      {step === 'otp' && (
        <form className="form" onSubmit={checkCode}>
          <div className="field">
            <label htmlFor="reg-otp">{t`Code from the SMS`}</label>
            <input
              id="reg-otp"
              name="one-time-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              aria-describedby="reg-otp-hint"
              required
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            />
            <p id="reg-otp-hint" className="hint">
              <Trans>Sent to +{msisdn}. The code is valid for 5 minutes.</Trans>
            </p>
          </div>
          <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
            {busy ? t`Please wait…` : t`Continue`}
          </button>
          <div className="form-row">
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => sendCode()}>
              <Trans>Send a new code</Trans>
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setStep('msisdn')}>
              <Trans>Change number</Trans>
            </button>
          </div>
        </form>
      )}
      {step === 'password' && <PasswordStep busy={busy || signingIn} onError={setError} onSubmit={finish} />}
      {shownError && (
        <p className="form-error" role="alert">
          {shownError}
        </p>
      )}
      <p className="auth-switch">
        <Trans>Already registered?</Trans>{' '}
        <Link to="/login">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </AuthLayout>
  );
}
