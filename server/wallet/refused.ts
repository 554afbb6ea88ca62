// A refusal thrown out of an idempotent handler. runIdempotent releases the key on any exception, and
// the handler's transaction rolls back, so a refused money request leaves no row behind (not even an
// idempotency record): retrying it after a top-up simply runs again.
import type { StoredResponse } from '../idempotency/idempotency.ts';

export class Refused extends Error {
  readonly response: StoredResponse;

  constructor(response: StoredResponse) {
    super(`refused: ${response.statusCode}`);
    this.response = response;
  }
}
