// "Notify me": turns on web push for the signed-in subscriber (betslip closing soon, results, winnings).
// Hidden where the browser cannot do push and inside the native app (which registers on sign-in).
// It says which state push is in: on, off (the button), blocked by the browser, or failed (with the button
// to try again).
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { platform } from '../platform';
import './notify.css';
import { hasWebPushSubscription, PUSH_FAILED, subscribeWebPush, webPushSupport } from '../platform/webPush';

type State = 'idle' | 'busy' | 'on' | 'blocked' | 'failed';

export default function NotifyButton() {
  const { i18n } = useLingui();
  const support = platform === 'web' ? webPushSupport() : 'unsupported';
  const [state, setState] = useState<State>(support === 'denied' ? 'blocked' : 'idle');

  useEffect(() => {
    let live = true;
    void hasWebPushSubscription().then((on) => live && on && setState('on'));
    return () => {
      live = false;
    };
  }, []);

  if (support === 'unsupported') return null;
  if (state === 'on') {
    return (
      <p className="notify-status" role="status">
        <Trans>Notifications are on.</Trans>
      </p>
    );
  }
  if (state === 'blocked') {
    return (
      <p className="notify-status">
        <Trans>Notifications are blocked. Allow them in your browser's site settings.</Trans>
      </p>
    );
  }
  const enable = async () => {
    setState('busy');
    const result = await subscribeWebPush(i18n.locale);
    if (result !== PUSH_FAILED) setState('on');
    else setState(webPushSupport() === 'denied' ? 'blocked' : 'failed');
  };
  return (
    <div className="notify">
      <p>
        <Trans>Get a reminder before the betslip closes, and your results as soon as they are in.</Trans>
      </p>
      {state === 'failed' ? (
        <p className="notify-status" role="alert" data-testid="notify-failed">
          <Trans>Notifications could not be turned on. Check your connection and try again.</Trans>
        </p>
      ) : (
        <p className="notify-status" data-testid="notify-off">
          <Trans>Notifications are off.</Trans>
        </p>
      )}
      <button
        type="button"
        className="btn btn-gold"
        onClick={() => void enable()}
        disabled={state === 'busy'}
        aria-busy={state === 'busy'}
      >
        <Trans>Notify me</Trans>
      </button>
    </div>
  );
}
