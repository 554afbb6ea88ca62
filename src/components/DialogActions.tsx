// A confirm dialog's footer: Cancel (closes, nothing happens) and the one gold action that moves money or
// changes something, always in that order so a thumb learns where each sits.

import { Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export function DialogActions({ action, onAction }: { action: ReactNode; onAction: () => void }) {
  return (
    <div className="dialog-actions">
      <Dialog.Close asChild>
        <button type="button" className="btn btn-ghost">
          <Trans>Cancel</Trans>
        </button>
      </Dialog.Close>
      <button type="button" className="btn btn-gold" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
