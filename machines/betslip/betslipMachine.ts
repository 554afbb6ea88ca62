// The current betslip (SPEC.md §4): loading → ready (picking ⇄ submitting → submitted / failed), an
// 'empty' state when there is none, and 'closed' when the countdown ends (refetch 2 s later).
// A pure declaration: fetch and submit are actors the host supplies with `.provide()`, the clock,
// randomness, keys and pick storage come in as input, and `onSubmitted` is the host's hook to refresh
// wallet and subscription. Timers are the ticker actor and delayed events, so tests run on fake time.
import { assign, cancel, type EventObject, fromCallback, fromPromise, raise, setup } from 'xstate';
import { emptyOutcomes, quickPick, tapOutcome } from '../rules/betslip';
import {
  BETSLIP_GONE,
  endsAtMs,
  fingerprint,
  isAmbiguousFailure,
  messageKeyOf,
  restorePicks,
  submissionBody,
} from './helpers';
import type {
  Betslip,
  BetslipContext,
  BetslipDeps,
  BetslipEvent,
  BetslipInput,
  SubmitInput,
  SubmitResult,
} from './types';

export type * from './types';

/** The countdown ticks every second (SPEC.md §9). */
export const TICK_MS = 1000;
/** After the countdown ends, the betslip is refetched this much later (SPEC.md §9). */
export const REFETCH_MS = 2000;
/** The popover closes by itself after this long (SPEC.md §9). */
export const POPOVER_MS = 2000;
/** Logged, word for word, when there is no betslip to show (SPEC.md §8). */
export const NO_BETSLIP_LOG = 'No Current Betslip';

const notProvided = (name: string) => () => {
  throw new Error(`betslip machine: ${name} was not provided`);
};

/** Picks live only as long as the page unless the host supplies storage. */
const memoryStorage = (): BetslipDeps['storage'] => {
  const m = new Map<string, unknown>();
  return { load: (sid) => m.get(sid), save: (sid, o) => m.set(sid, o), remove: (sid) => m.delete(sid) };
};

const withDefaults = (input: BetslipInput | undefined): BetslipDeps => ({
  now: input?.now ?? Date.now,
  random: input?.random ?? Math.random,
  newKey: input?.newKey ?? (() => globalThis.crypto.randomUUID()),
  storage: input?.storage ?? memoryStorage(),
});

export const betslipMachine = setup({
  types: {
    context: {} as BetslipContext,
    events: {} as BetslipEvent,
    input: {} as BetslipInput,
  },
  actors: {
    fetchBetslip: fromPromise<Betslip>(notProvided('fetchBetslip')),
    submit: fromPromise<SubmitResult, SubmitInput>(notProvided('submit')),
    /** Sends TICK {now} at once and then every TICK_MS, on the injected (server) clock. */
    ticker: fromCallback<EventObject, { now: () => number }>(({ sendBack, input }) => {
      const tick = () => sendBack({ type: 'TICK', now: input.now() });
      tick();
      const id = setInterval(tick, TICK_MS);
      return () => clearInterval(id);
    }),
  },
  actions: {
    /** The host refetches wallet and subscription status after a paid submission. */
    onSubmitted: () => undefined,
    logNoBetslip: (_, params: { error: unknown }) => console.error(NO_BETSLIP_LOG, params.error),
    persist: ({ context }) => {
      if (context.betslip) context.deps.storage.save(context.betslip.sid, context.outcomes);
    },
    showIncomplete: assign({ popover: { kind: 'incomplete' } }),
    // Used as a pair: cancel the pending auto-close, then schedule a new one, so a newer popover gets
    // its full 2 s instead of closing early on the previous one's timer.
    cancelPopoverClose: cancel('popover'),
    closePopoverLater: raise({ type: 'POPOVER.CLOSE' }, { delay: 'popover', id: 'popover' }),
    clearError: assign({ error: null }),
    /** Keeps the refusal's message key to show; keeps the key only when a retry may be the same request. */
    recordFailure: assign(({ context }, params: { error: unknown }) => ({
      error: messageKeyOf(params.error),
      attempt: isAmbiguousFailure(params.error) ? context.attempt : null,
    })),
  },
  delays: { popover: POPOVER_MS, refetch: REFETCH_MS },
  guards: {
    incomplete: ({ context }) => context.outcomes.some((o) => o === null),
    countdownOver: ({ context, event }) => event.type === 'TICK' && event.now >= context.endsAtMs,
    betslipGone: (_, params: { error: unknown }) => BETSLIP_GONE.has(messageKeyOf(params.error)),
  },
}).createMachine({
  id: 'betslip',
  context: ({ input }) => ({
    deps: withDefaults(input),
    betslip: null,
    endsAtMs: Number.NaN,
    now: 0,
    outcomes: [],
    popover: null,
    error: null,
    attempt: null,
    panelOpen: false,
  }),
  on: {
    'POPOVER.CLOSE': { actions: assign({ popover: null }) },
    TOGGLE_PANEL: { actions: assign({ panelOpen: ({ context }) => !context.panelOpen }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchBetslip',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const b = event.output;
            const previous = context.betslip?.sid;
            if (previous && previous !== b.sid) context.deps.storage.remove(previous);
            return {
              betslip: b,
              endsAtMs: endsAtMs(b),
              now: context.deps.now(),
              outcomes: restorePicks(context.deps.storage.load(b.sid), b.matches.length, b.betslipParams),
            };
          }),
        },
        onError: {
          target: 'empty',
          actions: [
            assign({ betslip: null }),
            { type: 'logNoBetslip', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    empty: {
      on: { RETRY: 'loading' },
    },
    closed: {
      after: { refetch: 'loading' },
    },
    ready: {
      invoke: { src: 'ticker', input: ({ context }) => ({ now: context.deps.now }) },
      initial: 'picking',
      // Picking works the same in picking, submitted and failed; submitting overrides these.
      on: {
        TICK: [
          { guard: 'countdownOver', target: 'closed', actions: assign({ now: ({ event }) => event.now }) },
          { actions: assign({ now: ({ event }) => event.now }) },
        ],
        TAP: {
          target: '.picking',
          actions: [
            'clearError',
            assign({
              outcomes: ({ context, event }) =>
                tapOutcome(context.outcomes, event.index, event.digit, context.betslip!.betslipParams),
            }),
            'persist',
          ],
        },
        QUICK_PICK: {
          target: '.picking',
          actions: [
            'clearError',
            assign({ outcomes: ({ context }) => quickPick(context.outcomes, context.deps.random) }),
            'persist',
          ],
        },
        CLEAR: {
          target: '.picking',
          actions: [
            'clearError',
            assign({ outcomes: ({ context }) => emptyOutcomes(context.outcomes.length) }),
            'persist',
          ],
        },
        SUBMIT: [
          {
            guard: 'incomplete',
            target: '.picking',
            actions: ['clearError', 'showIncomplete', 'cancelPopoverClose', 'closePopoverLater'],
          },
          { target: '.submitting', actions: 'clearError' },
        ],
      },
      states: {
        picking: {},
        submitting: {
          entry: assign({
            // One key per attempt; a retry of the same picks after an ambiguous failure keeps it.
            attempt: ({ context }) => {
              const fp = fingerprint(context.betslip!, context.outcomes);
              return context.attempt?.fingerprint === fp
                ? context.attempt
                : { key: context.deps.newKey(), fingerprint: fp };
            },
          }),
          invoke: {
            src: 'submit',
            input: ({ context }) => ({
              ...submissionBody(context.betslip!, context.outcomes),
              idempotencyKey: context.attempt!.key,
            }),
            onDone: {
              target: 'submitted',
              actions: [
                ({ context }) => context.deps.storage.remove(context.betslip!.sid),
                assign(({ context, event }) => ({
                  outcomes: emptyOutcomes(context.outcomes.length),
                  attempt: null,
                  panelOpen: false,
                  popover: {
                    kind: 'submitted' as const,
                    message: event.output.message,
                    messageKey: event.output.messageKey ?? null,
                  },
                })),
                'cancelPopoverClose',
                'closePopoverLater',
                'onSubmitted',
              ],
            },
            onError: [
              {
                guard: { type: 'betslipGone', params: ({ event }) => ({ error: event.error }) },
                target: '#betslip.closed',
                actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'failed',
                actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          // Picks are frozen while the request runs (the overlay also blocks them); time still passes,
          // but the slip closes only after the server has answered.
          on: {
            TICK: { actions: assign({ now: ({ event }) => event.now }) },
            TAP: {},
            QUICK_PICK: {},
            CLEAR: {},
            SUBMIT: {},
          },
        },
        submitted: {
          after: { popover: 'picking' },
        },
        failed: {},
      },
    },
  },
});
