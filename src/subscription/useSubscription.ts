// The subscription toggle for any screen (header Subscribe button, Account screen): runs one
// subscriptionMachine flow per click with the live API, and keeps its outcome in the account store so
// every view of the status agrees. Reuse through <SubscribeNowButton>, or this hook for a custom UI.
import { useCallback, useEffect, useState } from 'react';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { subscriptionMachine } from '../../machines/subscription/subscriptionMachine';
import { useAccountStore, useIsSubscribed } from '../account/hooks';
import { fetchOtherSubscriptions, fetchSubscriberInfo, toggleSubscription } from '../api/wallet';
import { i18n } from '../i18n/i18n';
import { useSession } from '../session/hooks';

const storedUser = (): string | null => {
  try {
    return localStorage.getItem('user');
  } catch {
    return null;
  }
};

/** The machine wired to the subscription API (docs/CONTRACTS.md issue 5). */
export const liveSubscriptionMachine = subscriptionMachine.provide({
  actors: {
    fetchStatus: fromPromise(async () => (await fetchSubscriberInfo()).isSubscriptionEnabled),
    fetchOthers: fromPromise(() => fetchOtherSubscriptions()),
    toggle: fromPromise(({ input }: { input: { enableSubscription: boolean } }) =>
      toggleSubscription({
        msisdn: storedUser(),
        lang: i18n.locale || 'st',
        enableSubscription: input.enableSubscription,
      }),
    ),
  },
});

export type SubscriptionFlow = ActorRefFrom<typeof liveSubscriptionMachine>;

/** How the last flow ended, for a toast: subscribed, unsubscribed, or a failure's message key. */
export type SubscriptionOutcome =
  | { kind: 'subscribed' | 'unsubscribed'; id: number }
  | { kind: 'failed'; messageKey: string; id: number };

export interface UseSubscription {
  /** undefined until the status has loaded. */
  isSubscribed: boolean | undefined;
  /** A flow is running (checking, warning shown, or toggling). */
  busy: boolean;
  /** Starts the SPEC.md §4 toggle (subscribe when not subscribed); ignored while busy or unknown. */
  toggle: () => void;
  /** The running flow: render <SubscriptionWarningHost flow={flow} /> to show its warning modal. */
  flow: SubscriptionFlow | null;
  outcome: SubscriptionOutcome | null;
  clearOutcome: () => void;
}

export function useSubscription(): UseSubscription {
  const store = useAccountStore();
  const isSubscribed = useIsSubscribed();
  const { userAction } = useSession();
  const [flow, setFlow] = useState<SubscriptionFlow | null>(null);
  const [outcome, setOutcome] = useState<SubscriptionOutcome | null>(null);
  // A flow still running when its view goes away is abandoned (nothing sent after that).
  useEffect(() => () => flow?.stop(), [flow]);

  const toggle = useCallback(() => {
    if (flow || isSubscribed === undefined) return;
    userAction();
    setOutcome(null);
    const next = createActor(liveSubscriptionMachine, { input: { isSubscribed } });
    next.subscribe({
      complete: () => {
        const out = next.getSnapshot().output;
        setFlow(null);
        if (!out) return;
        store?.setSubscribed(out.isSubscribed);
        const id = Date.now();
        if (out.error) setOutcome({ kind: 'failed', messageKey: out.error, id });
        else if (out.isSubscribed !== isSubscribed)
          setOutcome({ kind: out.isSubscribed ? 'subscribed' : 'unsubscribed', id });
      },
    });
    setFlow(next);
    next.start();
  }, [flow, isSubscribed, store, userAction]);

  const clearOutcome = useCallback(() => setOutcome(null), []);
  return { isSubscribed, busy: flow !== null, toggle, flow, outcome, clearOutcome };
}
