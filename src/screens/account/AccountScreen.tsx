// The Account screen: read-only user id, creation date and subscription status, subscribe-now when not
// subscribed, the change-password modal, and responsible play (weekly limit and pauses).
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { showWireDay } from '../../../machines/rules/maseruTime';
import { useIsSubscribed } from '../../account/hooks';
import { changePassword, fetchSubscriberInfo, type SubscriberInfo } from '../../api/account';
import { ApiError } from '../../api/http';
import { ACCOUNT_CHANGED_EVENT } from '../../api/play';
import { Toast, useToast } from '../../components/Toast';
import { useSubscriptionPrice } from '../../content/SubscriptionPrice';
import { useSite } from '../../content/site';
import { useServerMessage } from '../../i18n/serverMessages';
import { useSessionUser } from '../../session/hooks';
import { SubscribeNowButton } from '../../subscription/SubscribeNowButton';
import { UnsubscribeButton } from '../../subscription/UnsubscribeButton';
import { MoreLinks } from './MoreLinks';
import { ACCOUNT_MESSAGES } from './messages';
import { ResponsiblePlay } from './ResponsiblePlay';
import { StandingPicks } from './StandingPicks';
import './account.css';

// Radix and the form load on the first click of "Change password".
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

type Info = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; info: SubscriberInfo };

/** Subscriber info, refetched whenever the account changes (subscribe, a paid submission). */
function useSubscriberInfo(): [Info, () => void] {
  const [state, setState] = useState<Info>({ kind: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    fetchSubscriberInfo(signal).then(
      (info) => setState({ kind: 'ready', info }),
      () => !signal?.aborted && setState((s) => (s.kind === 'ready' ? s : { kind: 'error' })),
    );
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal);
    const again = () => load(ctrl.signal);
    window.addEventListener(ACCOUNT_CHANGED_EVENT, again);
    return () => {
      ctrl.abort();
      window.removeEventListener(ACCOUNT_CHANGED_EVENT, again);
    };
  }, [load]);
  return [state, () => load()];
}

export default function AccountScreen() {
  const { t, i18n } = useLingui();
  const say = useServerMessage();
  const msisdn = useSessionUser();
  const [info, retry] = useSubscriberInfo();
  const { toast, show, hide } = useToast();
  const [dialog, setDialog] = useState<'never' | 'open' | 'closed'>('never');

  /** Sends; a wrong current password is answered to the dialog, which stays open with what was typed. */
  const submitPassword = async (oldPassword: string, newPassword: string): Promise<string | null> => {
    try {
      const ok = await changePassword({ oldPassword, newPassword });
      setDialog('closed');
      if (ok) show('success', i18n._(ACCOUNT_MESSAGES['ACCOUNT.SUCCESSCHANGEPASSWORD']));
      else show('failure', i18n._(ACCOUNT_MESSAGES['ACCOUNT.FAILCHANGEPASSWORD']));
    } catch (err) {
      if (err instanceof ApiError && err.messageKey === 'PASSWORD.WRONG_OLD')
        return say('PASSWORD.WRONG_OLD');
      setDialog('closed');
      show('failure', i18n._(ACCOUNT_MESSAGES['ACCOUNT.FAILCHANGEPASSWORD']));
    }
    return null;
  };

  const ready = info.kind === 'ready' ? info.info : null;
  // The shared account store hears about a subscribe from anywhere (header, this screen) at once.
  const storeSubscribed = useIsSubscribed();
  const subscribed = storeSubscribed ?? ready?.isSubscriptionEnabled ?? false;
  const price = useSubscriptionPrice(useSite());
  return (
    <section className="page account" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Account</Trans>
      </h1>

      <section className="account-card" aria-labelledby="acc-details" aria-busy={info.kind === 'loading'}>
        <h2 id="acc-details">
          <Trans>Your details</Trans>
        </h2>
        <dl className="account-list">
          <div>
            <dt>{t`User ID`}</dt>
            <dd data-testid="account-user">{ready?.msisdn ?? msisdn ?? '—'}</dd>
          </div>
          <div>
            <dt>{t`Created on`}</dt>
            <dd data-testid="account-created">{ready?.createDate ? showWireDay(ready.createDate) : '—'}</dd>
          </div>
          <div>
            <dt>{t`Subscription`}</dt>
            <dd data-testid="account-subscription">
              {ready ? (
                <span className={`status ${subscribed ? 'status-on' : 'status-off'}`}>
                  {subscribed ? t`Enabled` : t`Disabled`}
                </span>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        {info.kind === 'loading' && (
          <p role="status" className="hint">
            <Trans>Loading your account…</Trans>
          </p>
        )}
        {info.kind === 'error' && (
          <div className="form-row">
            <p className="form-error" role="alert">
              <Trans>Your account details cannot be shown right now.</Trans>
            </p>
            <button type="button" className="btn btn-ghost" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )}
        {price && (
          <p className="hint" data-testid="account-price">
            <Trans>The subscription costs {price}.</Trans>{' '}
            <Link to="/tnc">
              <Trans>Terms and conditions</Trans>
            </Link>
          </p>
        )}
        {ready && !subscribed && <SubscribeNowButton>{t`Subscribe now`}</SubscribeNowButton>}
        {ready && subscribed && <UnsubscribeButton price={price} />}
      </section>

      <section className="account-card" aria-labelledby="acc-password">
        <h2 id="acc-password">
          <Trans>Password</Trans>
        </h2>
        <button type="button" className="btn btn-gold" onClick={() => setDialog('open')}>
          <Trans>Change password</Trans>
        </button>
      </section>

      <StandingPicks toast={show} />

      <ResponsiblePlay toast={show} />

      <MoreLinks />

      {dialog !== 'never' && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            open={dialog === 'open'}
            onOpenChange={(open) => setDialog(open ? 'open' : 'closed')}
            onSubmit={submitPassword}
          />
        </Suspense>
      )}
      <Toast toast={toast} onClose={hide} />
    </section>
  );
}
