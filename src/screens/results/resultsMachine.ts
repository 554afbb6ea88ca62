// The past-betslips list as a machine (house style: effects are provided actors): loading, ready or
// failed with the server's message key, and RETRY from either end. REFRESH looks again without taking the
// list off the screen (a last copy shown offline, back online); its failure keeps the list. Filters and
// paging are view state.
import { assign, fromPromise, setup } from 'xstate';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import type { PastBetslip } from '../../../machines/rules/results';

export const resultsMachine = setup({
  types: {
    context: {} as { slips: PastBetslip[]; error: string | null },
    events: {} as { type: 'RETRY' } | { type: 'REFRESH' },
  },
  actors: {
    fetchSlips: fromPromise<PastBetslip[]>(() => Promise.reject(new Error('fetchSlips not provided'))),
  },
  actions: {
    // A malformed answer is an empty history rather than a crash.
    keepSlips: assign({
      slips: ({ event }) => {
        const output = (event as { output?: unknown }).output;
        return Array.isArray(output) ? (output as PastBetslip[]) : [];
      },
      error: null,
    }),
  },
}).createMachine({
  id: 'results',
  initial: 'loading',
  context: { slips: [], error: null },
  states: {
    loading: {
      invoke: {
        src: 'fetchSlips',
        onDone: { target: 'ready', actions: 'keepSlips' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageKeyOf(event.error) }) },
      },
    },
    ready: { on: { RETRY: 'loading', REFRESH: 'refreshing' } },
    refreshing: {
      invoke: {
        src: 'fetchSlips',
        onDone: { target: 'ready', actions: 'keepSlips' },
        onError: 'ready',
      },
    },
    failed: { on: { RETRY: 'loading', REFRESH: 'loading' } },
  },
});
