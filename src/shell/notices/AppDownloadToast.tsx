// The toast inviting Android web users to get the app: no auto-hide; a click clears it. A quiet strip in the page flow (notices.css).
import { Trans } from '@lingui/react/macro';

export function AppDownloadToast({ url, onClear }: { url: string; onClear: () => void }) {
  return (
    // The whole toast clears on click, as the original; the link and the close button are the keyboard's way.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users have the link and the close button
    <div className="app-toast" role="status" onClick={onClear}>
      <p>
        <Trans>Jackpot 14 has an Android app: faster, and it works with a weak signal.</Trans>
      </p>
      <a className="app-toast-link" href={url} target="_blank" rel="noopener noreferrer">
        <Trans>Download the app</Trans>
      </a>
      <button type="button" className="app-toast-close" onClick={onClear}>
        <span aria-hidden="true">×</span>
        <span className="sr-only">
          <Trans>Close</Trans>
        </span>
      </button>
    </div>
  );
}
