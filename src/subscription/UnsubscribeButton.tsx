// "Unsubscribe" on the Account screen: a confirmation that says what stops, then the same toggle as
// subscribing (useSubscription, the subscription machine), with the outcome in a toast. The dialog's code
// loads on the first click.
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState } from 'react';
import { Toast } from '../components/Toast';
import { useOutcomeToast } from './SubscribeNowButton';
import { useSubscription } from './useSubscription';

const UnsubscribeDialog = lazy(() => import('./UnsubscribeDialog'));

export function UnsubscribeButton({ price }: { price: string | null }) {
  const { t } = useLingui();
  const { isSubscribed, busy, toggle, outcome, clearOutcome } = useSubscription();
  const toast = useOutcomeToast(outcome);
  const [dialog, setDialog] = useState<'never' | 'open' | 'closed'>('never');
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      {isSubscribed === true && (
        <button
          ref={button}
          type="button"
          className="btn btn-ghost"
          aria-busy={busy || undefined}
          data-testid="unsubscribe"
          onClick={() => setDialog('open')}
        >
          {t`Unsubscribe`}
        </button>
      )}
      {dialog !== 'never' && (
        <Suspense fallback={null}>
          <UnsubscribeDialog
            open={dialog === 'open'}
            price={price}
            onCancel={() => {
              setDialog('closed');
              button.current?.focus();
            }}
            onConfirm={() => {
              setDialog('closed');
              toggle();
            }}
          />
        </Suspense>
      )}
      <Toast toast={toast} onClose={clearOutcome} />
      {busy && (
        <span className="sr-only" role="status">
          <Trans>Please wait…</Trans>
        </span>
      )}
    </>
  );
}
