// The note over a list shown from a last copy (this device's or the service worker's, src/offline/lastCopy.ts):
// what it is, from when (dd/MM/yyyy HH:mm), and a way to try the network again. One note for every such
// screen (/results, /wallet) so they say it the same way.
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '../../machines/rules/maseruTime';
import { useOnline } from '../hooks/useOnline';
import './offline-copy.css';

export type OfflineCopyKind = 'results' | 'wallet';

export function OfflineCopyNote({
  kind,
  savedAt,
  onRetry,
}: {
  kind: OfflineCopyKind;
  /** When the copy was saved (ms). */
  savedAt: number;
  onRetry: () => void;
}) {
  const asOf = formatDateTime(new Date(savedAt));
  // Online too a copy can be shown: the service answered nothing, or (installed) not within 3 s.
  const online = useOnline();
  return (
    <div className="offline-copy" role="status" data-testid={`${kind}-offline-copy`}>
      <p>
        {kind === 'results' ? (
          online ? (
            <Trans>The network is not answering. These are your results as of {asOf}.</Trans>
          ) : (
            <Trans>You are offline. These are your results as of {asOf}.</Trans>
          )
        ) : online ? (
          <Trans>The network is not answering. This is your wallet as of {asOf}.</Trans>
        ) : (
          <Trans>You are offline. This is your wallet as of {asOf}.</Trans>
        )}
      </p>
      <button type="button" className="btn btn-ghost" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
