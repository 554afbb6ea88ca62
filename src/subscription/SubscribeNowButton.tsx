// A ready-made Subscribe button for the header, the /play prompt and the Account screen: shown only when
// the subscriber is known not to be subscribed, runs the subscription flow (a confirmation with the price,
// the period, the terms and any other subscriptions; nothing is sent before ACCEPT) and tells the outcome in
// a 5 s toast. The modal's code loads only when a flow starts.
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef } from 'react';
import { Toast, type ToastMessage } from '../components/Toast';
import { useServerMessage } from '../i18n/serverMessages';
import { type SubscriptionFlow, type SubscriptionOutcome, useSubscription } from './useSubscription';

const loadConfirm = () => import('./SubscribeConfirm');
const SubscribeConfirm = lazy(loadConfirm);

/** The confirmation while `flow` waits for ACCEPT or Cancel. */
export function SubscribeConfirmHost({
  flow,
  returnFocus,
}: {
  flow: SubscriptionFlow;
  /** Where focus goes when the modal closes, usually the button that opened it. */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const open = useSelector(flow, (s) => s.matches('confirming'));
  const others = useSelector(flow, (s) => s.context.others);
  const offer = useSelector(flow, (s) => s.context.offer);
  useEffect(() => {
    void loadConfirm(); // fetch the modal's chunk while the status calls run
  }, []);
  if (!open || !offer) return null;
  return (
    <Suspense fallback={null}>
      <SubscribeConfirm
        others={others}
        offer={offer}
        onAccept={() => flow.send({ type: 'ACCEPT' })}
        onCancel={() => flow.send({ type: 'CANCEL' })}
        returnFocusTo={returnFocus?.current}
      />
    </Suspense>
  );
}

/** The toast telling how a subscribe or unsubscribe ended. */
export function useOutcomeToast(outcome: SubscriptionOutcome | null): ToastMessage | null {
  const { t } = useLingui();
  const say = useServerMessage();
  if (!outcome) return null;
  if (outcome.kind !== 'failed') {
    return outcome.kind === 'subscribed'
      ? { kind: 'success', title: t`You are subscribed to Jackpot 14. Good luck!`, id: outcome.id }
      : { kind: 'warning', title: t`Your Jackpot 14 subscription has ended.`, id: outcome.id };
  }
  return {
    kind: 'failure',
    title: t`Your subscription could not be changed.`,
    text: say(outcome.messageKey),
    id: outcome.id,
  };
}

export function SubscribeNowButton({
  className = 'btn btn-gold',
  children,
}: {
  className?: string;
  /** The label; 'Subscribe' by default. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { isSubscribed, busy, toggle, flow, outcome, clearOutcome } = useSubscription();
  const toast = useOutcomeToast(outcome);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      {isSubscribed === false && (
        // aria-busy rather than disabled: focus stays on the button and returns to it after the modal.
        <button
          ref={button}
          type="button"
          className={className}
          aria-busy={busy || undefined}
          onClick={toggle}
        >
          {children ?? t`Subscribe`}
        </button>
      )}
      {flow && <SubscribeConfirmHost flow={flow} returnFocus={button} />}
      <Toast toast={toast} onClose={clearOutcome} />
    </>
  );
}
