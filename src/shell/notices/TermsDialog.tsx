// The modal asking a signed-in subscriber to accept a new version of the terms. Lazy chunk.
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { acceptTerms } from '../../content/site';
import { useServerMessage } from '../../i18n/serverMessages';
import '../../components/dialog.css';

export default function TermsDialog({ version, onDone }: { version: string; onDone: () => void }) {
  const { t } = useLingui();
  const say = useServerMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await acceptTerms(version);
      onDone();
    } catch (err) {
      setError(say(err instanceof ApiError ? err.messageKey : 'ERRORS.SERVER'));
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="terms-dialog">
          <Dialog.Title>
            <Trans>Our terms have changed</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>Please read the new terms and conditions and accept them to keep playing.</Trans>
          </Dialog.Description>
          <p>
            <Link to="/tnc" onClick={onDone}>
              <Trans>Read the terms and conditions</Trans>
            </Link>
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-ghost">
                <Trans>Later</Trans>
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-gold" aria-busy={busy || undefined} onClick={accept}>
              {t`I accept`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
