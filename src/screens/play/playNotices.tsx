// What the Play screen says only now and then, in a chunk of its own that loads after the slip is
// usable: a pick replaced because of a limit, the round that closed while the player was here, the
// subscribe prompt shown before any picking to a player who is not subscribed, and after an accepted
// slip the offer to play the same picks in each new round.
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { RoundChange } from '../../../machines/betslip/types';
import type { BetslipParams, Digit, PredictionDto, Replacement } from '../../../machines/rules/betslip';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { cancelStanding, setStanding } from '../../api/standing';
import { useServerMessage } from '../../i18n/serverMessages';

const SubscribeNowButton = lazy(() =>
  import('../../subscription/SubscribeNowButton').then((m) => ({ default: m.SubscribeNowButton })),
);

/** A pick as printed on its button: 1, X (draw) or 2. */
export const pickMark = (d: Digit): string => (d === '3' ? 'X' : d);

/** "Match 3: X replaced 1 …", naming the limit that was reached. */
export function ReplacedText({ replaced, params }: { replaced: Replacement; params: BetslipParams }) {
  const { t } = useLingui();
  const match = replaced.index + 1;
  const added = pickMark(replaced.added);
  const removed = pickMark(replaced.removed);
  if (replaced.limit === 'doubles') {
    const max = params.multipleChance;
    return t`Match ${match}: ${added} replaced ${removed}. This slip allows at most ${max} matches with more than one pick.`;
  }
  const max = params.thirdChance;
  return t`Match ${match}: ${added} replaced ${removed}. This slip allows at most ${max} matches with three picks.`;
}

export function RoundChangeNotice({ change, onDismiss }: { change: RoundChange; onDismiss: () => void }) {
  const { closedSid, openedSid } = change;
  return (
    <div className="play-notice" role="status">
      <p>
        <Trans>
          Round {closedSid} has closed. Round {openedSid} is open now.
        </Trans>{' '}
        {change.picksCleared && (
          <Trans>Your unsent picks were for the closed round, so they were cleared.</Trans>
        )}
      </p>
      <button type="button" className="btn btn-outline" onClick={onDismiss}>
        <Trans>OK</Trans>
      </button>
    </div>
  );
}

export function SubscribePrompt() {
  const { t } = useLingui();
  return (
    <section className="play-notice play-subscribe" aria-label={t`Subscription`}>
      <p>
        <Trans>You are not subscribed yet. Subscribe first, so that your slip can be played.</Trans>
      </p>
      <Suspense fallback={null}>
        <SubscribeNowButton>{t`Subscribe now`}</SubscribeNowButton>
      </Suspense>
    </section>
  );
}

/** After an accepted slip: the offer to play the same picks in each new round (cancel any time). */
export function StandingOffer({ dtos, onDismiss }: { dtos: PredictionDto[]; onDismiss: () => void }) {
  const { t } = useLingui();
  const say = useServerMessage();
  const [state, setState] = useState<'ask' | 'busy' | 'on' | 'off'>('ask');
  const [error, setError] = useState<string | null>(null);
  const run = (next: 'on' | 'off', call: () => Promise<unknown>) => {
    setState('busy');
    setError(null);
    call().then(
      () => setState(next),
      (e: unknown) => {
        setError(messageKeyOf(e));
        setState(next === 'on' ? 'ask' : 'on');
      },
    );
  };
  return (
    <section className="play-notice" aria-label={t`Play the same picks next round`}>
      <p>
        {state === 'on' ? (
          <Trans>Done: these picks will be played and paid in each new round, until you cancel.</Trans>
        ) : state === 'off' ? (
          <Trans>Cancelled: your picks will not be played again.</Trans>
        ) : (
          <Trans>Play the same picks next round? They are played and paid when each new round opens.</Trans>
        )}
        {error && (
          <span role="alert" className="form-error">
            {' '}
            {say(error)}
          </span>
        )}
      </p>
      {state === 'on' ? (
        <button type="button" className="btn btn-outline" onClick={() => run('off', cancelStanding)}>
          <Trans>Cancel standing picks</Trans>
        </button>
      ) : state !== 'off' ? (
        <button
          type="button"
          className="btn btn-gold"
          aria-busy={state === 'busy' || undefined}
          onClick={() => state === 'ask' && run('on', () => setStanding(dtos))}
        >
          <Trans>Yes, play them each round</Trans>
        </button>
      ) : null}
      <button type="button" className="btn btn-ghost" onClick={onDismiss}>
        {state === 'ask' ? t`No, thanks` : t`Close`}
      </button>
    </section>
  );
}
