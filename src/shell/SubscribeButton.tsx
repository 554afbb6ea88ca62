// Subscribe button: only for a signed-in user known not to be subscribed; the flow, the
// confirmation (price, period, terms) and the toast are the shared SubscribeNowButton's. Lazy: the button shows only once the
// subscription status has loaded, so its code (the flows machine, the toast) downloads alongside that
// call rather than in the first load.
import { Suspense } from 'react';
import { lazyChunk } from '../lib/lazyChunk';

const SubscribeNowButton = lazyChunk(() =>
  import('../subscription/SubscribeNowButton').then((m) => ({ default: m.SubscribeNowButton })),
);

export function SubscribeButton() {
  return (
    <Suspense fallback={null}>
      <SubscribeNowButton />
    </Suspense>
  );
}
