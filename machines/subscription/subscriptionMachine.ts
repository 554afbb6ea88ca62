// One subscription toggle. The server's status is fetched first: if it differs from
// what this client believed, the client only syncs (someone changed it elsewhere, so flipping it now would
// undo that). Otherwise the toggle is sent with the opposite state and its answer is the new status.
// Subscribing moves money (the fee), so it always waits in `confirming` for ACCEPT: by then the other
// subscriptions and the offer (price and period, as the operator set them) are in the context for the
// confirmation to show, and CANCEL ends the flow unchanged. Unsubscribing is confirmed by its own dialog
// before the flow starts, so it toggles at once. Each toggle is one short-lived actor whose output is the
// status to keep; fetches and the toggle are actors the host supplies with `.provide()`.
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

/** What subscribing costs: the fee in maloti per billing period (the site settings' subscription). */
export interface SubscriptionOffer {
  price: number;
  period: 'day' | 'week' | 'month';
}

export interface SubscriptionContext {
  /** What the client believed when the flow began. */
  known: boolean;
  isSubscribed: boolean;
  /** Other services the subscriber pays for, listed in the confirmation. */
  others: string[];
  /** The price and period the confirmation shows; set before `confirming`. */
  offer: SubscriptionOffer | null;
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
    /** The subscription's price and period (the public site settings). */
    fetchOffer: fromPromise<SubscriptionOffer>(notProvided('fetchOffer')),
    /** Sets the status (toggle-subscription); answers the status the server now holds. */
    toggle: fromPromise<{ isSubscribed: boolean }, { enableSubscription: boolean }>(notProvided('toggle')),
  },
  actions: {
    recordFailure: assign((_, params: { error: unknown }) => ({ error: messageKeyOf(params.error) })),
  },
  guards: {
    serverDiffers: ({ context }, params: { status: boolean }) => params.status !== context.known,
    unsubscribing: ({ context }) => context.known,
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({
    known: input.isSubscribed,
    isSubscribed: input.isSubscribed,
    others: [],
    offer: null,
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
        onDone: { target: 'checkingOffer', actions: assign({ others: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Without the price nothing may be asked: a failure here ends the flow, nothing sent.
    checkingOffer: {
      invoke: {
        src: 'fetchOffer',
        onDone: { target: 'confirming', actions: assign({ offer: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
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

/** A running subscription flow: the confirmation reads it and sends ACCEPT or CANCEL. */
export type SubscriptionFlowRef = ActorRefFrom<typeof subscriptionMachine>;
