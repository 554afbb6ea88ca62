// "A new version is ready": a small bar at the top (the slip's submit button stays free) instead of silently
// serving stale code. Tapping update switches the service worker and reloads; "later" hides the bar until the
// next visit.
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import './update.css';

export function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  if (hidden) return null;
  return (
    <div
      className="update-prompt"
      role="dialog"
      aria-modal="false"
      aria-labelledby="update-text"
      aria-live="polite"
    >
      <p id="update-text">
        <Trans>A new version of Jackpot 14 is ready.</Trans>
      </p>
      {/* Not a session action: the page reloads into the new worker, and a token refresh in flight while
          the workers swap would hold the refresh lock the new worker waits for. */}
      <div className="update-actions" data-no-session-action>
        <button type="button" className="btn btn-ghost" onClick={() => setHidden(true)}>
          <Trans>Later</Trans>
        </button>
        <button
          type="button"
          className="btn btn-gold"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            onUpdate();
          }}
        >
          <Trans>Update</Trans>
        </button>
      </div>
    </div>
  );
}
