// The subscription toggle for any screen (header Subscribe button, Account screen): one
// subscriptionFlowsMachine per view, which loads and runs one flow per click with the live API; its
// outcome goes to the account store so every view of the status agrees. The actor lives as long as the
// view (useActorRef), and a flow still running when the view goes away stops with it. Reuse through
// <SubscribeNowButton>, or this hook for a custom UI.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import {
  type SubscriptionOutcome,
  subscriptionFlowsMachine,
} from '../../machines/subscription/subscriptionFlowsMachine';
import type { SubscriptionFlowRef } from '../../machines/subscription/subscriptionMachine';
import { useAccountStore, useIsSubscribed } from '../account/hooks';
import { useSession } from '../session/hooks';

export type { SubscriptionOutcome };
export type SubscriptionFlow = SubscriptionFlowRef;

export interface UseSubscription {
  /** undefined until the status has loaded. */
  isSubscribed: boolean | undefined;
  /** A flow is running (its code loading, checking, confirmation shown, or toggling). */
  busy: boolean;
  /** Starts the toggle (subscribe when not subscribed); ignored while busy or while the status is unknown. */
  toggle: () => void;
  /** The running flow: render <SubscribeConfirmHost flow={flow} /> to show its confirmation. */
  flow: SubscriptionFlow | null;
  outcome: SubscriptionOutcome | null;
  clearOutcome: () => void;
}

export function useSubscription(): UseSubscription {
  const store = useAccountStore();
  const session = useSession();
  const isSubscribed = useIsSubscribed();
  const actor = useActorRef(
    subscriptionFlowsMachine.provide({
      actors: {
        loadFlow: fromPromise(async () => (await import('./subscriptionFlow')).subscriptionFlow(session)),
      },
      actions: { storeStatus: (_, { isSubscribed }) => store?.setSubscribed(isSubscribed) },
    }),
  );
  const busy = useSelector(actor, (s) => !s.matches('idle'));
  const flow = useSelector(actor, (s) => s.context.flow);
  const outcome = useSelector(actor, (s) => s.context.outcome);

  const toggle = useCallback(() => {
    if (isSubscribed !== undefined) actor.send({ type: 'TOGGLE', isSubscribed });
  }, [actor, isSubscribed]);
  const clearOutcome = useCallback(() => actor.send({ type: 'CLEAR_OUTCOME' }), [actor]);
  return { isSubscribed, busy, toggle, flow, outcome, clearOutcome };
}
