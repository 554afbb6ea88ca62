// Registration (docs/CONTRACTS.md "Server"): phone number → SMS code → password twice → register, then
// sign in through the session machine, which goes to /play. A number that already has an account is
// refused once its code is proven (REGISTER.EXISTS), and the screen offers to reset its password instead.
// A reload while the code is out (the SMS app took the memory) comes back to the code step with the number
// and the ticked boxes (src/storage/otpResume.ts).
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import * as registration from '../../api/registration';
import { useSite } from '../../content/site';
import { serverMessage } from '../../i18n/serverMessages';
import { useSession } from '../../session/hooks';
import { loadOtpResume } from '../../storage/otpResume';
import { AuthLayout } from '../auth/AuthLayout';
import { OtpSteps, useOtpFlow } from '../auth/OtpFlow';

export default function RegisterScreen() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const lang = i18n.locale;
  const site = useSite();
  const [resume] = useState(() => loadOtpResume('register', Date.now()));
  const [adult, setAdult] = useState(resume?.ticked.includes('adult') ?? false);
  const [terms, setTerms] = useState(resume?.ticked.includes('terms') ?? false);
  // The version accepted is the one shown when the box was ticked, sent with the last step.
  const consent = useRef<registration.Consent>({ ageConfirmed: false, termsVersion: '' });
  consent.current = { ageConfirmed: adult, termsVersion: terms ? (site?.termsVersion ?? '') : '' };
  const actor = useOtpFlow(
    {
      requestCode: (msisdn) => registration.requestOtp(msisdn, lang, 'REGISTER'),
      checkCode: (msisdn, code) => registration.submitOtp(msisdn, lang, code, 'REGISTER'),
      setPassword: (msisdn, code, password) =>
        registration.register(msisdn, lang, code, password, consent.current),
    },
    (msisdn, password) => session.login(msisdn, password, '/play', lang),
    {
      purpose: 'register',
      resume,
      ticked: () => [...(adult ? ['adult'] : []), ...(terms ? ['terms'] : [])],
    },
  );
  const exists = useSelector(actor, (s) => s.matches('exists'));
  const msisdn = useSelector(actor, (s) => s.context.msisdn);

  return (
    <AuthLayout title={t`Register`}>
      <OtpSteps
        actor={actor}
        id="reg"
        initialPhone={resume?.msisdn}
        numberHint={<Trans>We will send a 6-digit code to this number by SMS.</Trans>}
        numberExtra={
          <fieldset className="consent" data-testid="consent">
            <legend className="sr-only">{t`Before you register`}</legend>
            <label className="check">
              <input
                type="checkbox"
                name="adult"
                checked={adult}
                onChange={(e) => setAdult(e.target.checked)}
              />
              <span>
                <Trans>I am 18 years old or older.</Trans>
              </span>
            </label>
            <label className="check">
              <input
                type="checkbox"
                name="terms"
                checked={terms}
                onChange={(e) => setTerms(e.target.checked)}
              />
              <span>
                <Trans>I accept the terms and conditions.</Trans>
              </span>
            </label>
            <p className="hint">
              <Link to="/tnc">
                <Trans>Read the terms and conditions</Trans>
              </Link>
            </p>
          </fieldset>
        }
        checkNumberStep={() => {
          if (!adult) return serverMessage('REGISTER.AGE_REQUIRED');
          if (!terms) return serverMessage('REGISTER.TERMS_REQUIRED');
          // The terms' version comes from the server: without it there is nothing to accept yet.
          if (!site) return serverMessage('ERRORS.NETWORK');
          return null;
        }}
        passwordLabel={t`Password`}
        againLabel={t`Password again`}
        submitLabel={t`Register`}
      />
      {exists && (
        <div className="form">
          <p className="form-error" role="alert">
            {i18n._(serverMessage('REGISTER.EXISTS'))}
          </p>
          <Link to="/reset-password" search={{ msisdn }} className="btn btn-gold btn-block">
            <Trans>Set a new password</Trans>
          </Link>
          <div className="form-row">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => actor.send({ type: 'CHANGE_NUMBER' })}
            >
              <Trans>Use another number</Trans>
            </button>
          </div>
        </div>
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
