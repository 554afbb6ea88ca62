// Every refusal carries a message key the client translates (the server's 4xx body, the app's ApiError).
// One reader for all machines and screens, so a failure without one always falls back the same way.

/** Said when a failure carries no key of its own (a crash, a bug, an answer that is not ours). */
export const FALLBACK_MESSAGE_KEY = 'ERRORS.SERVER';

/** The message key of a failed request, else the generic server error. */
export function messageKeyOf(error: unknown): string {
  const key = (error as { messageKey?: unknown } | null | undefined)?.messageKey;
  return typeof key === 'string' ? key : FALLBACK_MESSAGE_KEY;
}
