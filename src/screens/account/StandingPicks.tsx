// "Play the same picks next round" on the Account screen (docs/CONTRACTS.md "Standing picks"): whether it
// is on, what became of it in the last round, and Cancel. It is set on /play after an accepted slip.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { cancelStanding, fetchStanding, type StandingView } from '../../api/standing';
import type { ToastKind } from '../../components/Toast';
import { useServerMessage } from '../../i18n/serverMessages';

export function StandingPicks({ toast }: { toast: (kind: ToastKind, text: string) => void }) {
  const { t } = useLingui();
  const say = useServerMessage();
  const [view, setView] = useState<StandingView | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchStanding(ctrl.signal).then(setView, () => undefined);
    return () => ctrl.abort();
  }, []);
  if (!view) return null;
  const last = view.lastPlay;
  const lastSid = last?.sid ?? '';
  const cancel = () => {
    setBusy(true);
    cancelStanding()
      .then(
        () => {
          setView({ ...view, standing: null });
          toast('success', t`Standing picks cancelled: they will not be played again.`);
        },
        (e: unknown) => toast('failure', say(messageKeyOf(e))),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section className="account-card" aria-labelledby="acc-standing">
      <h2 id="acc-standing">
        <Trans>Play the same picks next round</Trans>
      </h2>
      {view.standing ? (
        <p>
          <Trans>On: your picks are played and paid when each new round opens.</Trans>
        </p>
      ) : (
        <p className="hint">
          <Trans>
            Off. After a slip is accepted on the Play screen, you can choose to play the same picks in each
            new round.
          </Trans>
        </p>
      )}
      {last && (
        <p className="hint">
          {last.status === 'ACCEPTED' ? (
            <Trans>Round {lastSid}: played.</Trans>
          ) : last.status === 'REFUSED' ? (
            <>
              <Trans>Round {lastSid}: not played.</Trans> {say(last.messageKey)}
            </>
          ) : (
            <Trans>Round {lastSid}: being played.</Trans>
          )}
        </p>
      )}
      {view.standing && (
        <button type="button" className="btn btn-outline" aria-busy={busy || undefined} onClick={cancel}>
          <Trans>Cancel standing picks</Trans>
        </button>
      )}
    </section>
  );
}
