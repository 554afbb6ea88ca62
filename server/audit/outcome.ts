// What an operation answers: a value, or a refusal with the message key a client translates. The CLI
// prints a refusal and exits non-zero; a route unwraps the result with `unwrap`, which throws the
// refusal as an ApiError (server/errors.ts: handlers refuse by throwing).
import { ApiError } from '../errors.ts';

export type OpResult<T> =
  | { ok: true; value: T }
  | { ok: false; statusCode: number; messageKey: string; message: string };

export const done = <T>(value: T): OpResult<T> => ({ ok: true, value });

export const refused = (statusCode: number, messageKey: string, message = messageKey): OpResult<never> => ({
  ok: false,
  statusCode,
  messageKey,
  message,
});

/** The operation's value, or its refusal thrown for the error handler to answer. */
export function unwrap<T>(result: OpResult<T>): T {
  if (!result.ok) throw new ApiError(result.statusCode, result.messageKey, result.message);
  return result.value;
}
