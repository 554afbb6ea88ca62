// What an operation answers: a value, or a refusal with the message key a client translates. The admin
// routes send refusals as 4xx answers (server/errors.ts shape); the CLI prints them and exits non-zero.
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
