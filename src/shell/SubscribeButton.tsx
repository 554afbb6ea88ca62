// Subscribe button (SPEC.md §2): only for a signed-in user known not to be subscribed. Hidden while the
// subscription status is unknown (undefined), which is always until the subscription feature supplies it.
import { Trans } from '@lingui/react/macro';

export function SubscribeButton({
  subscribed,
  onSubscribe,
}: {
  subscribed?: boolean;
  onSubscribe?: () => void;
}) {
  if (subscribed !== false) return null;
  return (
    <button type="button" className="btn btn-gold" onClick={onSubscribe}>
      <Trans>Subscribe</Trans>
    </button>
  );
}
