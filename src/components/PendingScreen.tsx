// Shown while a lazy screen's chunk is on its way (slow networks), so the page never looks frozen.
import { useLingui } from '@lingui/react/macro';

export function PendingScreen() {
  const { t } = useLingui();
  return (
    <div className="pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t`Loading…`}</span>
    </div>
  );
}
