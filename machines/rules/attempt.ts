// One Idempotency-Key per attempt at a money request. A retry of the same request (same fingerprint)
// after an answer we did not get, or a 5xx, or "still in progress", must send the same key, so the
// server answers it once and charges it once; after a definite answer the next request is a new attempt.
import { isAmbiguousFailure } from '../betslip/helpers';

export interface Attempt {
  fingerprint: string;
  key: string;
}

/** The attempt to send `fingerprint` with: the pending one when it matches, else a new one. */
export const attemptFor = (pending: Attempt | null, fingerprint: string, newKey: () => string): Attempt =>
  pending?.fingerprint === fingerprint ? pending : { fingerprint, key: newKey() };

/** What stays pending after the request ended with `error` (undefined = it succeeded). */
export const afterAnswer = (attempt: Attempt, error?: unknown): Attempt | null =>
  error !== undefined && isAmbiguousFailure(error) ? attempt : null;
