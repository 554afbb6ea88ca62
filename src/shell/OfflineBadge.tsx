// A small sign in the header while the device has no network: what the screens show may be a saved copy,
// and new slips wait in the queue.
import { Trans } from '@lingui/react/macro';
import { useOnline } from '../hooks/useOnline';

export function OfflineBadge() {
  if (useOnline()) return null;
  return (
    <span className="offline-badge" role="status" data-testid="offline-badge">
      <Trans>Offline</Trans>
    </span>
  );
}
