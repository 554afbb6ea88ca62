// One subscription toggle. The server's status is fetched first: if it differs from
// what this client believed, the client only syncs (someone changed it elsewhere, so flipping it now would
// undo that). Otherwise the toggle is sent with the opposite state and its answer is the new status.
// Subscribing first looks for other subscriptions: none → toggle at once; some → the warning, and the
// toggle only after ACCEPT (CANCEL ends the flow unchanged). Each toggle is one short-lived actor whose
// output is the status to keep; fetches and the toggle are actors the host supplies with `.provide()`.
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { messageKeyOf } from '../rules/messageKey';

export interface SubscriptionInput {
  /** The status this client knows (what the Subscribe button was drawn from). */
  isSubscribed: boolean;
}

export interface SubscriptionOutput {
  /** The status after the flow: toggled, synced, or unchanged after a cancel or a failure. */
  isSubscribed: boolean;
  /** Message key of a failed call, or null. */
  error: string | null;
}

export interface SubscriptionContext {
  /** What the client believed when the flow began. */
  known: boolean;
  isSubscribed: boolean;
  /** Other services the subscriber pays for, listed in the warning. */
  others: string[];
  error: string | null;
}

export type SubscriptionEvent = { type: 'ACCEPT' } | { type: 'CANCEL' };

const notProvided = (name: string) => () => {
  throw new Error(`subscription machine: ${name} was not provided`);
};

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
    output: {} as SubscriptionOutput,
  },
  actors: {
    /** The server's current status (fetch-subscriber-info's isSubscriptionEnabled). */
    fetchStatus: fromPromise<boolean>(notProvided('fetchStatus')),
    /** Names of the subscriber's other active subscriptions (fetch-other-subscriptions). */
    fetchOthers: fromPromise<string[]>(notProvided('fetchOthers')),
    /** Sets the status (toggle-subscription); answers the status the server now holds. */
    toggle: fromPromise<{ isSubscribed: boolean }, { enableSubscription: boolean }>(notProvided('toggle')),
  },
  actions: {
    recordFailure: assign((_, params: { error: unknown }) => ({ error: messageKeyOf(params.error) })),
  },
  guards: {
    serverDiffers: ({ context }, params: { status: boolean }) => params.status !== context.known,
    unsubscribing: ({ context }) => context.known,
    noOthers: (_, params: { others: string[] }) => params.others.length === 0,
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({
    known: input.isSubscribed,
    isSubscribed: input.isSubscribed,
    others: [],
    error: null,
  }),
  output: ({ context }) => ({ isSubscribed: context.isSubscribed, error: context.error }),
  initial: 'checkingStatus',
  states: {
    checkingStatus: {
      invoke: {
        src: 'fetchStatus',
        onDone: [
          {
            guard: { type: 'serverDiffers', params: ({ event }) => ({ status: event.output }) },
            target: 'done',
            actions: assign({ isSubscribed: ({ event }) => event.output }),
          },
          { guard: 'unsubscribing', target: 'toggling' },
          { target: 'checkingOthers' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checkingOthers: {
      invoke: {
        src: 'fetchOthers',
        onDone: [
          {
            guard: { type: 'noOthers', params: ({ event }) => ({ others: event.output }) },
            target: 'toggling',
          },
          { target: 'warning', actions: assign({ others: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    warning: {
      on: { ACCEPT: 'toggling', CANCEL: 'done' },
    },
    toggling: {
      invoke: {
        src: 'toggle',
        input: ({ context }) => ({ enableSubscription: !context.known }),
        onDone: {
          target: 'done',
          actions: assign({ isSubscribed: ({ event }) => event.output.isSubscribed }),
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
});

/** A running subscription flow: the warning modal reads it and sends ACCEPT or CANCEL. */
export type SubscriptionFlowRef = ActorRefFrom<typeof subscriptionMachine>;
