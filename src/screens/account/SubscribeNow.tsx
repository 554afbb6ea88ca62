// Subscribe-now on the Account screen (SPEC.md §2, §4). A stand-in until the shared subscription machine
// and its warning modal are merged: it subscribes at once when there are no other subscriptions, else it
// lists them and subscribes only after ACCEPT. On success it fires the account-changed event, so the
// screen (and the header) refetch the status; it needs no props.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { fetchOtherSubscriptions, toggleSubscription } from '../../api/account';
import { ApiError } from '../../api/http';
import { notifyAccountChanged } from '../../api/play';
import { useServerMessage } from '../../i18n/serverMessages';
import { useSession, useSessionUser } from '../../session/hooks';

type Phase =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'warn'; others: string[] }
  | { kind: 'error'; key: string };

export function SubscribeNow() {
  const { t, i18n } = useLingui();
  const say = useServerMessage();
  const { userAction } = useSession();
  const msisdn = useSessionUser();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const fail = (err: unknown) =>
    setPhase({ kind: 'error', key: err instanceof ApiError ? err.messageKey : 'ERRORS.SERVER' });

  const subscribe = async () => {
    setPhase({ kind: 'busy' });
    try {
      await toggleSubscription({ msisdn, lang: i18n.locale, enableSubscription: true });
      setPhase({ kind: 'idle' });
      notifyAccountChanged();
    } catch (err) {
      fail(err);
    }
  };

  const start = async () => {
    userAction();
    setPhase({ kind: 'busy' });
    try {
      const others = await fetchOtherSubscriptions();
      if (Array.isArray(others) && others.length > 0) setPhase({ kind: 'warn', others });
      else await subscribe();
    } catch (err) {
      fail(err);
    }
  };

  if (phase.kind === 'warn') {
    return (
      <div className="subscribe-warning" role="alertdialog" aria-labelledby="sub-warn-title">
        <p id="sub-warn-title">
          <Trans>You already have these subscriptions. Subscribe to Jackpot 14 as well?</Trans>
        </p>
        <ul>
          {phase.others.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <div className="form-row">
          <button type="button" className="btn btn-ghost" onClick={() => setPhase({ kind: 'idle' })}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-gold" onClick={subscribe}>
            <Trans>ACCEPT</Trans>
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="subscribe-now">
      <button type="button" className="btn btn-gold" onClick={start} disabled={phase.kind === 'busy'}>
        {phase.kind === 'busy' ? t`Please wait…` : t`Subscribe now`}
      </button>
      {phase.kind === 'error' && (
        <p className="form-error" role="alert">
          {say(phase.key)}
        </p>
      )}
    </div>
  );
}
