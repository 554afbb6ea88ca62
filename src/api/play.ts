// Play API (docs/CONTRACTS.md "Play API"): the current betslip, submission, prizes, testimonials.
// Importing this module also starts the server clock, which reads every answer's Date header.
import type { Betslip } from '../../machines/betslip/types';
import type { PickShares, Prize, SlipReceipt, SubmitAccepted, Testimonial } from '../../machines/wire/play';
import type { SubmissionPayload } from '../offline/queueFormat';
import './clock';
import { apiGet, apiPost } from './http';
import { PLAY_PATHS } from './paths';

export type { Betslip, Match } from '../../machines/betslip/types';
export type { PickShares, Prize, SlipReceipt, SubmitAccepted, Testimonial } from '../../machines/wire/play';
/** The body of submit-online-betslip, defined beside the offline queue that stores it. */
export type { SubmissionPayload } from '../offline/queueFormat';

export const fetchCurrentBetslip = (signal?: AbortSignal): Promise<Betslip> =>
  apiGet<Betslip>(PLAY_PATHS.betslip, { signal });

/** One Idempotency-Key per attempt: a retry with the same key is answered once and charged once. */
export const submitBetslip = (
  payload: SubmissionPayload,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<SubmitAccepted> =>
  apiPost<SubmitAccepted>(PLAY_PATHS.submit, payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
    signal,
  });

export const fetchPrizes = (signal?: AbortSignal): Promise<Prize[]> =>
  apiGet<Prize[]>(PLAY_PATHS.prizes, { signal });

export const PICK_SHARES_PATH = '/protected/pick-shares';

/** The people's picks on round `sid` so far (percentages of rows), or `hidden` below 100 rows. */
export const fetchPickShares = (sid: string, signal?: AbortSignal): Promise<PickShares> =>
  apiGet<PickShares>(`${PICK_SHARES_PATH}?sid=${encodeURIComponent(sid)}`, { signal });

export const fetchTestimonials = (signal?: AbortSignal): Promise<Testimonial[]> =>
  apiGet<Testimonial[]>(PLAY_PATHS.testimonials, { signal });

/**
 * Fired on window after a paid submission: whoever shows the wallet and subscription status (header,
 * wallet screen) refetches them. An event, so the play screen needs to know nothing about them.
 */
export const ACCOUNT_CHANGED_EVENT = 'jackpot:account-changed';

export const notifyAccountChanged = (): void => {
  window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT));
};

/**
 * A slip was just paid on this page: its receipt, for the receipt sheet (src/receipts/PlayedThisRound.tsx,
 * a lazy chunk that listens while /play is open). A window event, so that chunk imports nothing from /play's.
 */
export const RECEIPT_EVENT = 'jackpot:receipt';

export const announceReceipt = (receipt: SlipReceipt | undefined): void => {
  if (receipt) window.dispatchEvent(new CustomEvent<SlipReceipt>(RECEIPT_EVENT, { detail: receipt }));
};
