// An irreversible action's confirmation, inline under its betslip: what will happen, then confirm or cancel.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function ConfirmPanel({
  title,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="admin-confirm" aria-label={title}>
      <h3>{title}</h3>
      {children}
      <div className="admin-actions">
        <button type="button" className="btn btn-gold" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </fieldset>
  );
}
