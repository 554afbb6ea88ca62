// "Notify me": turns on web push for the signed-in subscriber (betslip closing soon, results, winnings).
// Hidden where the browser cannot do push and inside the native app (which registers on sign-in).
// A failure is logged only (console, never a message); the button stays so the subscriber can try again.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { platform } from '../platform';
import './notify.css';
import { hasWebPushSubscription, PUSH_FAILED, subscribeWebPush, webPushSupport } from '../platform/webPush';

type State = 'idle' | 'busy' | 'on' | 'blocked';

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
    else setState(webPushSupport() === 'denied' ? 'blocked' : 'idle');
  };
  return (
    <div className="notify">
      <p>
        <Trans>Get a reminder before the betslip closes, and your results as soon as they are in.</Trans>
      </p>
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
