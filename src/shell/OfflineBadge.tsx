// A small sign in the header while the device has no network: what the screens show may be a saved copy,
// and new slips wait in the queue.
import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export function OfflineBadge() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <span className="offline-badge" role="status" data-testid="offline-badge">
      <Trans>Offline</Trans>
    </span>
  );
}
