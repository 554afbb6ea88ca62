// The call-centre screen (/support, ROLE_CALL_CENTER or ROLE_ADMIN; lazy, outside the subscriber bundle):
// look a subscriber up by number and read their account, subscription, wallet, slips and open payments
// (each lookup is audited by the server); the one action is sending a password-reset SMS, after a
// confirmation. Lists are stacked rows, so nothing scrolls sideways on a phone.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { msisdnProblem } from '../../../machines/session/msisdn';
import { lookupSubscriber, type SupportView, sendPasswordReset } from '../../api/support';
import { useServerMessage } from '../../i18n/serverMessages';
import { ConfirmPanel } from '../admin/ConfirmPanel';
import { SupportDetails } from './SupportDetails';
import '../admin/admin.css';
import './support.css';
import { type Notice, OperatorNotice } from '../admin/OperatorNotice';

export default function SupportScreen() {
  const { t } = useLingui();
  const say = useServerMessage();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [view, setView] = useState<SupportView | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const look = async (e: FormEvent) => {
    e.preventDefault();
    const problem = msisdnProblem(phone);
    if (problem) {
      setPhoneError(
        problem === 'prefix' ? t`Lesotho mobile numbers start with 5 or 6.` : say('MSISDN.INVALID'),
      );
      return;
    }
    setPhoneError(null);
    setNotice(null);
    setConfirming(false);
    setBusy(true);
    try {
      setView(await lookupSubscriber(phone));
    } catch (err) {
      setView(null);
      setNotice({ kind: 'error', text: say(messageKeyOf(err)) });
    } finally {
      setBusy(false);
    }
  };

  const reset = async (msisdn: string) => {
    setBusy(true);
    try {
      await sendPasswordReset(msisdn);
      setNotice({
        kind: 'ok',
        text: t`The password-reset SMS was sent to +${msisdn}. The code in it is valid for 5 minutes.`,
      });
      setConfirming(false);
    } catch (err) {
      setNotice({ kind: 'error', text: t`The SMS was not sent: ${say(messageKeyOf(err))}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page admin support" aria-labelledby="page-title" aria-busy={busy}>
      <h1 id="page-title">
        <Trans>Call centre</Trans>
      </h1>
      <form className="form support-lookup" onSubmit={(e) => void look(e)} noValidate>
        <div className="field">
          <label htmlFor="support-msisdn">{t`Subscriber's phone number`}</label>
          <input
            id="support-msisdn"
            name="msisdn"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            value={phone}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? 'support-msisdn-error' : 'support-msisdn-hint'}
            onChange={(e) => setPhone(e.target.value)}
          />
          {phoneError ? (
            <p id="support-msisdn-error" className="field-error">
              {phoneError}
            </p>
          ) : (
            <p id="support-msisdn-hint" className="hint">
              <Trans>8 digits (5000 0001) or with 266. Every lookup is recorded.</Trans>
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-gold" disabled={busy}>
          <Trans>Look up</Trans>
        </button>
      </form>

      <OperatorNotice notice={notice} />

      {view && (
        <>
          <SupportDetails view={view} />
          <section className="admin-card" aria-labelledby="support-action">
            <h2 id="support-action">
              <Trans>Password</Trans>
            </h2>
            {confirming ? (
              <ConfirmPanel
                title={t`Send a password-reset SMS?`}
                confirmLabel={t`Send the SMS`}
                busy={busy}
                onConfirm={() => void reset(view.account.msisdn)}
                onCancel={() => setConfirming(false)}
              >
                <p>
                  <Trans>
                    +{view.account.msisdn} gets an SMS with a 6-digit code. With it the subscriber sets a new
                    password under "Forgot password?". The current password keeps working until then.
                  </Trans>
                </p>
              </ConfirmPanel>
            ) : (
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn-gold"
                  disabled={busy}
                  onClick={() => {
                    setNotice(null);
                    setConfirming(true);
                  }}
                >
                  <Trans>Send password-reset SMS</Trans>
                </button>
              </div>
            )}
          </section>
        </>
      )}
    </section>
  );
}
