// The betslip machine's side effects in this app: the play API, the server clock, saved picks,
// idempotency keys, and the event that tells the wallet and subscription owners to refetch after a paid
// submission. The Play screen supplies them with `.provide()` where it mounts the machine. A slip that
// gets no answer (offline, or the network failed or timed out) goes to the offline queue (src/offline/)
// with the same Idempotency-Key and body, and the machine shows it as queued.
import { fromPromise } from 'xstate';
import { type betslipMachine, clockTicker } from '../../../machines/betslip/betslipMachine';
import { endsAtMs } from '../../../machines/betslip/helpers';
import type { Betslip, BetslipInput, SubmitInput, SubmitResult } from '../../../machines/betslip/types';
import { serverNow } from '../../api/clock';
import { ApiError } from '../../api/http';
import {
  announceReceipt,
  fetchCurrentBetslip,
  notifyAccountChanged,
  type SubmissionPayload,
  type SubmitAccepted,
  submitBetslip,
} from '../../api/play';
import { i18n } from '../../i18n/i18n';
import type { SessionReader } from '../../session/service';
import { localPicksStorage } from '../../storage/picks';

/** The message key the machine shows for a slip kept for later (src/screens/play/messages.ts). */
export const QUEUED_KEY = 'SUBMISSION.QUEUED';
/** A submission with no answer after this long is queued rather than left hanging on a 2G link. */
export const SUBMIT_TIMEOUT_MS = 20_000;

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

async function submit(
  session: Pick<SessionReader, 'user'>,
  { idempotencyKey, ...body }: SubmitInput,
): Promise<SubmitResult> {
  const payload: SubmissionPayload = { msisdn: session.user(), lang: i18n.locale || 'st', ...body };
  const offline = new ApiError(0, 'ERRORS.NETWORK', 'offline');
  if (navigator.onLine === false) return queue(payload, idempotencyKey, offline);
  try {
    return await submitBetslip(payload, idempotencyKey, AbortSignal.timeout(SUBMIT_TIMEOUT_MS));
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) return queue(payload, idempotencyKey, error);
    throw error;
  }
}

type Implementations = Parameters<typeof betslipMachine.provide>[0];

/**
 * The betslip machine's actors and actions for the signed-in `session` (whose msisdn a slip carries).
 * The first fetch is `loaded`, the request the route's loader started while the screen's code was
 * downloading; later fetches (retry, the next betslip) ask again.
 */
export function playSideEffects(
  session: Pick<SessionReader, 'user'>,
  loaded?: Promise<Betslip>,
): Implementations {
  let first: Promise<Betslip> | undefined = loaded;
  return {
    actors: {
      fetchBetslip: fromPromise(async ({ signal }) => {
        const answer = first ?? fetchCurrentBetslip(signal);
        first = undefined;
        const b = await answer;
        endsAtBySid.set(b.sid, endsAtMs(b));
        return b;
      }),
      loadPicks: fromPromise(async ({ input }) => localPicksStorage.load(input.sid)),
      newKey: fromPromise<string>(async () => globalThis.crypto.randomUUID()),
      submit: fromPromise<SubmitResult, SubmitInput>(({ input }) => submit(session, input)),
      ticker: clockTicker(serverNow),
    },
    actions: {
      savePicks: (_, { sid, outcomes }) => localPicksStorage.save(sid, outcomes),
      forgetPicks: (_, { sid }) => localPicksStorage.remove(sid),
      onSubmitted: (_, { result }) => {
        // A queued slip has not been paid yet: the refetch comes when the queue sends it.
        if (result.messageKey !== QUEUED_KEY) notifyAccountChanged();
        announceReceipt((result as Partial<SubmitAccepted>).receipt);
      },
    },
  };
}

/** A fresh quick-pick seed for each mount, so two visits do not suggest the same picks. */
export const playInput = (): BetslipInput => ({ seed: Math.floor(Math.random() * 2 ** 32) });
