// The betslip machine wired to this app: the play API, the server clock, localStorage and the event
// that tells the wallet and subscription owners to refetch after a paid submission.
import { fromPromise } from 'xstate';
import { betslipMachine } from '../../../machines/betslip/betslipMachine';
import type { BetslipInput, SubmitInput, SubmitResult } from '../../../machines/betslip/types';
import { serverNow } from '../../api/clock';
import { fetchCurrentBetslip, notifyAccountChanged, submitBetslip } from '../../api/play';
import { i18n } from '../../i18n/i18n';
import { localPicksStorage } from './picksStorage';

/** The session's login name (SPEC.md §3: msisdn read from local storage key `user`). */
const storedUser = (): string | null => {
  try {
    return localStorage.getItem('user');
  } catch {
    return null;
  }
};

export const playMachine = betslipMachine.provide({
  actors: {
    fetchBetslip: fromPromise(({ signal }) => fetchCurrentBetslip(signal)),
    submit: fromPromise<SubmitResult, SubmitInput>(({ input }) => {
      const { idempotencyKey, ...body } = input;
      return submitBetslip({ msisdn: storedUser(), lang: i18n.locale || 'st', ...body }, idempotencyKey);
    }),
  },
  actions: { onSubmitted: () => notifyAccountChanged() },
});

export const playInput: BetslipInput = { now: serverNow, storage: localPicksStorage };
