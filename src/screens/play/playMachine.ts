// The betslip machine wired to this app: the play API, the server clock, localStorage and the event
// that tells the wallet and subscription owners to refetch after a paid submission. A slip that gets no
// answer (offline, or the network failed or timed out) goes to the offline queue (src/offline/) with
// the same Idempotency-Key and body, and the machine shows it as queued.
import { fromPromise } from 'xstate';
import { betslipMachine } from '../../../machines/betslip/betslipMachine';
import { endsAtMs } from '../../../machines/betslip/helpers';
import type { BetslipInput, SubmitInput, SubmitResult } from '../../../machines/betslip/types';
import { serverNow } from '../../api/clock';
import { ApiError } from '../../api/http';
import {
  notifyAccountChanged,
  type SubmissionPayload,
  submitBetslip,
  takeCurrentBetslip,
} from '../../api/play';
import { i18n } from '../../i18n/i18n';
import { localPicksStorage } from './picksStorage';

/** The message key the machine shows for a slip kept for later (src/screens/play/messages.ts). */
export const QUEUED_KEY = 'SUBMISSION.QUEUED';
/** A submission with no answer after this long is queued rather than left hanging on a 2G link. */
export const SUBMIT_TIMEOUT_MS = 20_000;

/** The session's login name (SPEC.md §3: msisdn read from local storage key `user`). */
const storedUser = (): string | null => {
  try {
    return localStorage.getItem('user');
  } catch {
    return null;
  }
};

/** End times of the betslips this page has fetched, for the queue entry of a slip. */
const endsAtBySid = new Map<string, number>();

async function queue(payload: SubmissionPayload, key: string, original: unknown): Promise<SubmitResult> {
  try {
    const { enqueueSubmission } = await import('../../offline/pageQueue');
    await enqueueSubmission(payload, key, endsAtBySid.get(payload.betSlipSid) ?? Number.NaN);
  } catch {
    throw original; // no queue here (storage blocked, chunk unavailable): show the network failure
  }
  return { message: '', messageKey: QUEUED_KEY };
}

async function submit({ idempotencyKey, ...body }: SubmitInput): Promise<SubmitResult> {
  const payload: SubmissionPayload = { msisdn: storedUser(), lang: i18n.locale || 'st', ...body };
  const offline = new ApiError(0, 'ERRORS.NETWORK', 'offline');
  if (navigator.onLine === false) return queue(payload, idempotencyKey, offline);
  try {
    return await submitBetslip(payload, idempotencyKey, AbortSignal.timeout(SUBMIT_TIMEOUT_MS));
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) return queue(payload, idempotencyKey, error);
    throw error;
  }
}

export const playMachine = betslipMachine.provide({
  actors: {
    fetchBetslip: fromPromise(async ({ signal }) => {
      const b = await takeCurrentBetslip(signal);
      endsAtBySid.set(b.sid, endsAtMs(b));
      return b;
    }),
    submit: fromPromise<SubmitResult, SubmitInput>(({ input }) => submit(input)),
  },
  actions: {
    onSubmitted: ({ event }) => {
      const out = (event as { output?: SubmitResult }).output;
      if (out?.messageKey !== QUEUED_KEY) notifyAccountChanged();
    },
  },
});

export const playInput: BetslipInput = { now: serverNow, storage: localPicksStorage };
