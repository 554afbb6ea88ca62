// The subscription toggle for any screen (header Subscribe button, Account screen): runs one
// subscriptionMachine flow per click with the live API, and keeps its outcome in the account store so
// every view of the status agrees. Reuse through <SubscribeNowButton>, or this hook for a custom UI.
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';
import { useAccountStore, useIsSubscribed } from '../account/hooks';
import { useSession } from '../session/hooks';
import type { liveSubscriptionMachine } from './subscriptionFlow';

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
  toggle: () => Promise<void>;
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
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Set at once on a click (the machine's chunk may still be loading), so a double tap starts one flow.
  const starting = useRef(false);
  const toggle = useCallback(async () => {
    if (flow || starting.current || isSubscribed === undefined) return;
    starting.current = true;
    userAction();
    setOutcome(null);
    let machine: typeof liveSubscriptionMachine;
    try {
      ({ liveSubscriptionMachine: machine } = await import('./subscriptionFlow'));
    } catch {
      starting.current = false;
      setOutcome({ kind: 'failed', messageKey: 'ERRORS.NETWORK', id: Date.now() });
      return;
    }
    starting.current = false;
    if (!mounted.current) return; // the view went away while the chunk loaded: start nothing
    const next = createActor(machine, { input: { isSubscribed } });
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
