// Password reset (DESIGN.md "Password reset"): phone number → SMS code → new password twice, then signed in
// with it through the session machine (every other session of the account has ended). The number may
// come prefilled (?msisdn=) from the sign-in page or from a refused registration. The screen says the same
// whether or not the number has an account: only the server knows, and it tells no one. A reload while the
// code is out comes back to the code step (src/storage/otpResume.ts), unless the link names another number.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { normaliseMsisdn } from '../../../machines/session/msisdn';
import * as registration from '../../api/registration';
import { useSession } from '../../session/hooks';
import { loadOtpResume } from '../../storage/otpResume';
import { AuthLayout } from '../auth/AuthLayout';
import { OtpSteps, useOtpFlow } from '../auth/OtpFlow';

export default function ResetPasswordScreen() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const { msisdn, redirect } = useSearch({ from: '/reset-password' });
  const lang = i18n.locale;
  const [resume] = useState(() => {
    const kept = loadOtpResume('reset', Date.now());
    return kept && (!msisdn || normaliseMsisdn(msisdn) === kept.msisdn) ? kept : null;
  });
  const actor = useOtpFlow(
    {
      requestCode: (number) => registration.requestOtp(number, lang, 'RESET'),
      checkCode: (number, code) => registration.submitOtp(number, lang, code, 'RESET'),
      setPassword: (number, code, password) => registration.resetPassword(number, lang, code, password),
    },
    (number, password) => session.login(number, password, redirect ?? null, lang),
    { purpose: 'reset', resume },
  );

  return (
    <AuthLayout title={t`Set a new password`}>
      <OtpSteps
        actor={actor}
        id="reset"
        initialPhone={msisdn ?? resume?.msisdn}
        numberHint={<Trans>If this number has an account, we will send it a 6-digit code by SMS.</Trans>}
        passwordLabel={t`New password`}
        againLabel={t`Repeat new password`}
        submitLabel={t`Save and sign in`}
      />
      <p className="auth-switch">
        <Trans>Remembered it?</Trans>{' '}
        <Link to="/login" search={redirect ? { redirect } : {}}>
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </AuthLayout>
  );
}
