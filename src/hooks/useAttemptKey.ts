// Keeps one Idempotency-Key per attempt across retries of a money form (machines/rules/attempt.ts).
import { useRef } from 'react';
import { type Attempt, afterAnswer, attemptFor } from '../../machines/rules/attempt';

export function useAttemptKey() {
  const pending = useRef<Attempt | null>(null);
  return {
    /** The key to send for this request (the same as last time if that one's outcome is unknown). */
    keyFor(fingerprint: string): string {
      pending.current = attemptFor(pending.current, fingerprint, () => globalThis.crypto.randomUUID());
      return pending.current.key;
    },
    /** Call when the request ended; `error` when it failed. Returns whether the outcome is unknown. */
    ended(error?: unknown): boolean {
      pending.current = pending.current && afterAnswer(pending.current, error);
      return pending.current !== null;
    },
  };
}
