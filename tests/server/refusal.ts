// A refusal's body as the tests expect it (server/errors.ts `errorBody`): the status, its reason phrase,
// the message key, and a message whatever its words.
import { expect } from 'vitest';

export const refusalBody = (statusCode: number, error: string, messageKey: string) => ({
  statusCode,
  error,
  messageKey,
  message: expect.any(String),
});
