// The current betslip: loading → ready (picking → confirming (above the default price) → submitting →
// submitted / failed), an 'empty' state when there is none, and 'closed' when the countdown ends
// (refetched 2 s later; the player is told when another round replaced theirs).
// A pure declaration whose context is plain data. Everything impure is named and supplied by the host
// with `.provide()`: fetching and submitting, reading stored picks, making an idempotency key and the
// clock are actors; saving and forgetting picks, logging and `onSubmitted` (the host's hook to refresh
// wallet and subscription) are actions. Quick pick draws from a seeded sequence kept in context, so a
// step is a function of (snapshot, event) and `transition()` can test it without running anything.
// Timers are the ticker actor and delayed events, so actor tests run on fake time.
import { assign, cancel, type EventObject, fromCallback, fromPromise, raise, setup } from 'xstate';
import { emptyOutcomes, type Outcome, priceCents, tapOutcome, tapReplacement } from '../rules/betslip';
import { messageKeyOf } from '../rules/messageKey';
import {
  BETSLIP_GONE,
  endsAtMs,
  fingerprint,
  fittingSystem,
  isAmbiguousFailure,
  isShortOfMoney,
  restorePicks,
  SHORT_OF_MONEY_KEY,
  slipPriceCents,
  submissionBody,
} from './helpers';
import { seededQuickPick } from './seededRandom';
import type { Betslip, BetslipContext, BetslipEvent, BetslipInput, SubmitInput, SubmitResult } from './types';

export type * from './types';

/** The countdown ticks every second. */
export const TICK_MS = 1000;
/** After the countdown ends, the betslip is refetched this much later. */
export const REFETCH_MS = 2000;
/** The popover closes by itself after this long. */
export const POPOVER_MS = 2000;
/** A notice (a pick replaced because of a limit) closes by itself after this long. */
export const NOTICE_MS = 5000;
/** Logged, word for word, when there is no betslip to show (the original client's message). */
export const NO_BETSLIP_LOG = 'No Current Betslip';

const notProvided = (name: string) => () => {
  throw new Error(`betslip machine: ${name} was not provided`);
};

/** A ticker on the clock `now`: sends TICK {now} at once and then every TICK_MS. */
export const clockTicker = (now: () => number) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const tick = () => sendBack({ type: 'TICK', now: now() });
    tick();
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  });

/** The action that keeps the current picks (after every change, until submitted). */
const savePicks = {
  type: 'savePicks',
  params: ({ context }: { context: BetslipContext }) => ({
    sid: context.betslip!.sid,
    outcomes: context.outcomes,
  }),
} as const;

/** The tap's new picks (machines/rules/betslip.ts). */
const tap = assign<BetslipContext, BetslipEvent, undefined, BetslipEvent, never>({
  outcomes: ({ context, event }) =>
    event.type === 'TAP'
      ? tapOutcome(context.outcomes, event.index, event.digit, context.betslip!.betslipParams)
      : context.outcomes,
});

export const betslipMachine = setup({
  types: {
    context: {} as BetslipContext,
    events: {} as BetslipEvent,
    input: {} as BetslipInput,
  },
  actors: {
    fetchBetslip: fromPromise<Betslip>(notProvided('fetchBetslip')),
    /** The picks stored for a betslip (checked before use); nothing is stored unless the host says so. */
    loadPicks: fromPromise<unknown, { sid: string }>(async () => null),
    /** A fresh idempotency key for a new submission attempt. */
    newKey: fromPromise<string>(notProvided('newKey')),
    submit: fromPromise<SubmitResult, SubmitInput>(notProvided('submit')),
    /** The countdown's clock; the host supplies the server's. */
    ticker: clockTicker(Date.now),
  },
  actions: {
    /** The host refetches wallet and subscription status after a submission. */
    onSubmitted: (_, _params: { result: SubmitResult }) => undefined,
    logNoBetslip: (_, params: { error: unknown }) => console.error(NO_BETSLIP_LOG, params.error),
    /** Keeps a betslip's picks across reloads; the host supplies the storage. */
    savePicks: (_, _params: { sid: string; outcomes: Outcome[] }) => undefined,
    /** Drops a betslip's stored picks (submitted, or the betslip is no longer current). */
    forgetPicks: (_, _params: { sid: string }) => undefined,
    /** A fetched betslip replaces the shown one; picks stay only while it is the same betslip. */
    showBetslip: assign(({ context }, params: { betslip: Betslip }) => ({
      betslip: params.betslip,
      endsAtMs: endsAtMs(params.betslip),
      outcomes:
        context.betslip?.sid === params.betslip.sid
          ? context.outcomes
          : emptyOutcomes(params.betslip.matches.length),
      missingMarked: context.betslip?.sid === params.betslip.sid ? context.missingMarked : 0,
      system: context.betslip?.sid === params.betslip.sid ? context.system : null,
      lastSent: context.betslip?.sid === params.betslip.sid ? context.lastSent : null,
    })),
    /** Another round replaced the shown one: say so, and whether unsent picks were cleared with it. */
    noteRoundChange: assign(({ context }, params: { sid: string }) => ({
      roundChange: {
        closedSid: context.betslip!.sid,
        openedSid: params.sid,
        picksCleared: context.outcomes.some((o) => o !== null),
      },
    })),
    /** A tap that swapped a pick because of a limit says so in the popover. */
    noteReplacement: assign(({ context }, params: { index: number; digit: '1' | '2' | '3' }) => {
      const replaced = tapReplacement(
        context.outcomes,
        params.index,
        params.digit,
        context.betslip!.betslipParams,
      );
      return replaced ? { popover: { kind: 'replaced' as const, ...replaced } } : {};
    }),
    showIncomplete: assign({
      popover: { kind: 'incomplete' },
      missingMarked: ({ context }) => context.missingMarked + 1,
    }),
    // Used as a pair: cancel the pending auto-close, then schedule a new one, so a newer popover gets
    // its full 2 s instead of closing early on the previous one's timer.
    cancelPopoverClose: cancel('popover'),
    closePopoverLater: raise({ type: 'POPOVER.CLOSE' }, { delay: 'popover', id: 'popover' }),
    closeNoticeLater: raise({ type: 'POPOVER.CLOSE' }, { delay: 'notice', id: 'popover' }),
    clearError: assign({ error: null }),
    /** Keeps the chosen reduced system only while the picks still fit it (after any change of picks). */
    dropUnfitSystem: assign({
      system: ({ context }) =>
        context.betslip
          ? fittingSystem(context.outcomes, context.betslip.betslipParams, context.system)
          : null,
    }),
    /**
     * Keeps the refusal's message key to show; keeps the key only when a retry may be the same request, or
     * when only money was short (top up and play pays the same slip with the same key).
     */
    recordFailure: assign(({ context }, params: { error: unknown }) => ({
      error: messageKeyOf(params.error),
      attempt: isAmbiguousFailure(params.error) || isShortOfMoney(params.error) ? context.attempt : null,
    })),
  },
  delays: { popover: POPOVER_MS, notice: NOTICE_MS, refetch: REFETCH_MS },
  guards: {
    incomplete: ({ context }) => context.outcomes.some((o) => o === null),
    aboveDefaultPrice: ({ context }) =>
      slipPriceCents(context.betslip!.betslipParams, context.outcomes, context.system) >
      priceCents(context.betslip!.betslipParams, []),
    replacesPick: ({ context, event }) =>
      event.type === 'TAP' &&
      tapReplacement(context.outcomes, event.index, event.digit, context.betslip!.betslipParams) !== null,
    countdownOver: ({ context, event }) => event.type === 'TICK' && event.now >= context.endsAtMs,
    betslipGone: (_, params: { error: unknown }) => BETSLIP_GONE.has(messageKeyOf(params.error)),
    shortOfMoney: (_, params: { error: unknown }) => messageKeyOf(params.error) === SHORT_OF_MONEY_KEY,
    replacesAnotherBetslip: ({ context }, params: { sid: string }) =>
      !!context.betslip && context.betslip.sid !== params.sid,
    /** The same picks as an attempt that may have gone through: send it again with its key. */
    retriesPendingAttempt: ({ context }) =>
      context.attempt?.fingerprint === fingerprint(context.betslip!, context.outcomes, context.system),
  },
}).createMachine({
  id: 'betslip',
  context: ({ input }) => ({
    betslip: null,
    endsAtMs: Number.NaN,
    now: 0,
    outcomes: [],
    system: null,
    popover: null,
    error: null,
    attempt: null,
    panelOpen: false,
    missingMarked: 0,
    lastSent: null,
    roundChange: null,
    seed: input.seed,
  }),
  on: {
    'POPOVER.CLOSE': { actions: assign({ popover: null }) },
    TOGGLE_PANEL: { actions: assign({ panelOpen: ({ context }) => !context.panelOpen }) },
    DISMISS_ROUND_CHANGE: { actions: assign({ roundChange: null }) },
    DISMISS_LAST_SENT: { actions: assign({ lastSent: null }) },
  },
  initial: 'loading',
  states: {
    loading: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchBetslip',
            src: 'fetchBetslip',
            onDone: [
              {
                guard: { type: 'replacesAnotherBetslip', params: ({ event }) => ({ sid: event.output.sid }) },
                target: 'restoring',
                actions: [
                  { type: 'forgetPicks', params: ({ context }) => ({ sid: context.betslip!.sid }) },
                  { type: 'noteRoundChange', params: ({ event }) => ({ sid: event.output.sid }) },
                  { type: 'showBetslip', params: ({ event }) => ({ betslip: event.output }) },
                ],
              },
              {
                target: 'restoring',
                actions: { type: 'showBetslip', params: ({ event }) => ({ betslip: event.output }) },
              },
            ],
            onError: {
              target: '#betslip.empty',
              actions: [
                assign({ betslip: null }),
                { type: 'logNoBetslip', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        restoring: {
          invoke: {
            id: 'loadPicks',
            src: 'loadPicks',
            input: ({ context }) => ({ sid: context.betslip!.sid }),
            onDone: {
              target: '#betslip.ready',
              // Stored picks when they still fit the betslip, else the ones already shown for it.
              actions: [
                assign({
                  outcomes: ({ context, event }) =>
                    restorePicks(
                      event.output ?? context.outcomes,
                      context.betslip!.matches.length,
                      context.betslip!.betslipParams,
                    ),
                }),
                'dropUnfitSystem',
              ],
            },
            onError: { target: '#betslip.ready' },
          },
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
      invoke: { id: 'ticker', src: 'ticker' },
      initial: 'picking',
      // Picking works the same in picking, submitted and failed; submitting overrides these.
      on: {
        TICK: [
          { guard: 'countdownOver', target: 'closed', actions: assign({ now: ({ event }) => event.now }) },
          { actions: assign({ now: ({ event }) => event.now }) },
        ],
        TAP: [
          {
            // A swap forced by a limit is said, and stays readable a little longer than other popovers.
            guard: 'replacesPick',
            target: '.picking',
            actions: [
              'clearError',
              {
                type: 'noteReplacement',
                params: ({ event }) => ({ index: event.index, digit: event.digit }),
              },
              'cancelPopoverClose',
              'closeNoticeLater',
              tap,
              'dropUnfitSystem',
              savePicks,
            ],
          },
          { target: '.picking', actions: ['clearError', tap, 'dropUnfitSystem', savePicks] },
        ],
        // Only a system the picks fit is kept; anything else is the full system.
        CHOOSE_SYSTEM: {
          target: '.picking',
          actions: [
            'clearError',
            assign({
              system: ({ context, event }) =>
                fittingSystem(context.outcomes, context.betslip!.betslipParams, event.system),
            }),
          ],
        },
        QUICK_PICK: {
          target: '.picking',
          actions: [
            'clearError',
            assign(({ context }) => seededQuickPick(context.outcomes, context.seed)),
            'dropUnfitSystem',
            savePicks,
          ],
        },
        CLEAR: {
          target: '.picking',
          actions: [
            'clearError',
            assign({
              outcomes: ({ context }) => emptyOutcomes(context.outcomes.length),
              missingMarked: 0,
              system: null,
            }),
            savePicks,
          ],
        },
        SUBMIT: [
          {
            guard: 'incomplete',
            target: '.picking',
            actions: ['clearError', 'showIncomplete', 'cancelPopoverClose', 'closePopoverLater'],
          },
          // One key per attempt; a retry of the same picks after an ambiguous failure keeps it.
          { guard: 'retriesPendingAttempt', target: '.submitting.sending', actions: 'clearError' },
          // Above the default price the player confirms once, with the price explained.
          { guard: 'aboveDefaultPrice', target: '.confirming', actions: 'clearError' },
          { target: '.submitting', actions: 'clearError' },
        ],
      },
      states: {
        picking: {},
        // Tagged so the screen asks for the confirm dialog without knowing where this state sits.
        confirming: {
          tags: ['confirm'],
          on: {
            CONFIRM: 'submitting',
            CANCEL: 'picking',
            SUBMIT: {},
          },
        },
        submitting: {
          initial: 'keying',
          // Picks are frozen while the request runs (the overlay also blocks them); time still passes,
          // but the slip closes only after the server has answered.
          on: {
            TICK: { actions: assign({ now: ({ event }) => event.now }) },
            TAP: {},
            QUICK_PICK: {},
            CLEAR: {},
            CHOOSE_SYSTEM: {},
            SUBMIT: {},
          },
          states: {
            keying: {
              invoke: {
                id: 'newKey',
                src: 'newKey',
                onDone: {
                  target: 'sending',
                  actions: assign({
                    attempt: ({ context, event }) => ({
                      key: event.output,
                      fingerprint: fingerprint(context.betslip!, context.outcomes, context.system),
                    }),
                  }),
                },
                onError: {
                  target: '#betslip.ready.failed',
                  actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            sending: {
              invoke: {
                id: 'submit',
                src: 'submit',
                input: ({ context }) => ({
                  ...submissionBody(context.betslip!, context.outcomes, context.system),
                  idempotencyKey: context.attempt!.key,
                }),
                onDone: {
                  target: '#betslip.ready.submitted',
                  actions: [
                    { type: 'forgetPicks', params: ({ context }) => ({ sid: context.betslip!.sid }) },
                    assign(({ context, event }) => ({
                      // Standing picks play a full slip each round, so a reduced system's picks are not
                      // offered as standing picks.
                      lastSent: context.system
                        ? null
                        : {
                            sid: context.betslip!.sid,
                            dtos: submissionBody(context.betslip!, context.outcomes)
                              .positionAndPredictionDtos,
                            messageKey: event.output.messageKey ?? null,
                          },
                      outcomes: emptyOutcomes(context.outcomes.length),
                      system: null,
                      missingMarked: 0,
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
                    { type: 'onSubmitted', params: ({ event }) => ({ result: event.output }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'betslipGone', params: ({ event }) => ({ error: event.error }) },
                    target: '#betslip.closed',
                    actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                  // The screen offers a top-up, then the same slip is paid with the same key.
                  {
                    guard: { type: 'shortOfMoney', params: ({ event }) => ({ error: event.error }) },
                    target: '#betslip.ready.failed.shortOfMoney',
                    actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: '#betslip.ready.failed',
                    actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
        submitted: {
          after: { popover: 'picking' },
        },
        failed: {
          initial: 'other',
          states: { other: {}, shortOfMoney: {} },
        },
      },
    },
  },
});
