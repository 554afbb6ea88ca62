// Refusals as CONTRACTS.md shapes them: 4xx JSON { statusCode, error, messageKey, message }. Handlers
// return them as values (not throw) so an idempotent route can store and replay them.
import { STATUS_CODES } from 'node:http';
import type { StoredResponse } from '../idempotency/idempotency.ts';

export interface RefusalBody {
  statusCode: number;
  error: string;
  messageKey: string;
  message: string;
}

/** A refusal response: `message` defaults to the key, the client translates `messageKey`. */
export function refusal(statusCode: number, messageKey: string, message = messageKey): StoredResponse {
  const body: RefusalBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', messageKey, message };
  return { statusCode, body };
}
