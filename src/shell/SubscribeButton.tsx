// Subscribe button: only for a signed-in user known not to be subscribed; the flow, the
// warning modal and the toast are the shared SubscribeNowButton's.
import { SubscribeNowButton } from '../subscription/SubscribeNowButton';

export function SubscribeButton() {
  return <SubscribeNowButton />;
}
