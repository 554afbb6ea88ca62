// What the Play screen says only now and then, in a chunk of its own that loads after the slip is
// usable: a pick replaced because of a limit, the round that closed while the player was here, and the
// subscribe prompt shown before any picking to a player who is not subscribed.
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { RoundChange } from '../../../machines/betslip/types';
import type { BetslipParams, Digit, Replacement } from '../../../machines/rules/betslip';

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
