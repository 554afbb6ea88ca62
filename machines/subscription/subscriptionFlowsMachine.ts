// The Subscribe control's side of the subscription toggle: one flow at a time. TOGGLE (sent only once the
// status is known) fetches the flow's machine first (the host keeps it in a chunk of its own, loaded on the
// first click), runs it as the child 'flow', and keeps how it ended as an outcome for a toast; the status
// it ended with goes to the host (`storeStatus`). Clicks while a flow runs are ignored, and stopping this
// actor (the view going away) stops the flow, so nothing is sent after that.
import { assign, fromPromise, setup } from 'xstate';
import type { SubscriptionFlowRef, SubscriptionOutput, subscriptionMachine } from './subscriptionMachine';

/** How the last flow ended: subscribed, unsubscribed, or a failure's message key. `id` is new each time. */
export type SubscriptionOutcome =
  | { kind: 'subscribed' | 'unsubscribed'; id: number }
  | { kind: 'failed'; messageKey: string; id: number };

export interface SubscriptionFlowsContext {
  /** The running flow (its confirmation reads it), or null between flows. */
  flow: SubscriptionFlowRef | null;
  /** The status the client knew when the running flow began. */
  known: boolean;
  outcome: SubscriptionOutcome | null;
  /** How many outcomes there have been: the next one's id, so a toast restarts even with the same words. */
  outcomes: number;
}

export type SubscriptionFlowsEvent =
  | { type: 'TOGGLE'; isSubscribed: boolean }
  | { type: 'CLEAR_OUTCOME' }
  | { type: 'xstate.done.actor.flow'; output: SubscriptionOutput };

/** The outcome worth telling: a failure, or a status that changed; none after a cancel or a plain sync. */
export function outcomeOf(
  known: boolean,
  output: SubscriptionOutput,
  id: number,
): SubscriptionOutcome | null {
  if (output.error) return { kind: 'failed', messageKey: output.error, id };
  if (output.isSubscribed === known) return null;
  return { kind: output.isSubscribed ? 'subscribed' : 'unsubscribed', id };
}

export const subscriptionFlowsMachine = setup({
  types: {
    context: {} as SubscriptionFlowsContext,
    events: {} as SubscriptionFlowsEvent,
  },
  actors: {
    /** The subscription machine with its API actors (the host loads it when first needed). */
    loadFlow: fromPromise<typeof subscriptionMachine>(() => {
      throw new Error('subscription flows machine: loadFlow was not provided');
    }),
  },
  actions: {
    /** The host keeps the status every view of it reads. */
    storeStatus: (_, _params: { isSubscribed: boolean }) => undefined,
  },
}).createMachine({
  id: 'subscriptionFlows',
  context: { flow: null, known: false, outcome: null, outcomes: 0 },
  on: { CLEAR_OUTCOME: { actions: assign({ outcome: null }) } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: {
          target: 'loading',
          actions: assign({ known: ({ event }) => event.isSubscribed, outcome: null }),
        },
      },
    },
    loading: {
      invoke: {
        id: 'loadFlow',
        src: 'loadFlow',
        onDone: {
          target: 'running',
          actions: assign({
            flow: ({ context, event, spawn }) =>
              // Spawned rather than invoked: its machine is only known once loaded. XState's types allow an
              // id only for actors declared in setup, so it is passed past them; the runtime takes it, and
              // the done event below ('xstate.done.actor.flow') depends on it.
              spawn(event.output, { id: 'flow' as never, input: { isSubscribed: context.known } }),
          }),
        },
        // The flow's code could not be fetched: as good as no network.
        onError: {
          target: 'idle',
          actions: assign(({ context }) => ({
            outcome: { kind: 'failed', messageKey: 'ERRORS.NETWORK', id: context.outcomes + 1 },
            outcomes: context.outcomes + 1,
          })),
        },
      },
    },
    running: {
      on: {
        'xstate.done.actor.flow': {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              flow: null,
              outcome: outcomeOf(context.known, event.output, context.outcomes + 1),
              outcomes: context.outcomes + 1,
            })),
            { type: 'storeStatus', params: ({ event }) => ({ isSubscribed: event.output.isSubscribed }) },
          ],
        },
      },
    },
  },
});
