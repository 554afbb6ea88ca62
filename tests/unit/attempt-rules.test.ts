import { describe, expect, it } from 'vitest';
import { afterAnswer, attemptFor } from '../../machines/rules/attempt';

describe('one Idempotency-Key per attempt', () => {
  let n = 0;
  const newKey = () => `k${++n}`;

  it('reuses the pending key for the same request and starts a new attempt for a different one', () => {
    const first = attemptFor(null, 'MPESA|10.00', newKey);
    expect(attemptFor(first, 'MPESA|10.00', newKey)).toBe(first);
    expect(attemptFor(first, 'MPESA|12.00', newKey).key).not.toBe(first.key);
  });

  it('keeps the attempt pending only while its outcome is unknown', () => {
    const attempt = { fingerprint: 'f', key: 'k' };
    expect(afterAnswer(attempt)).toBeNull(); // succeeded
    expect(afterAnswer(attempt, { status: 402, messageKey: 'WALLET.INSUFFICIENT_FUNDS' })).toBeNull();
    expect(afterAnswer(attempt, { status: 0, messageKey: 'ERRORS.NETWORK' })).toBe(attempt);
    expect(afterAnswer(attempt, { status: 503, messageKey: 'ERRORS.UNAVAILABLE' })).toBe(attempt);
    expect(afterAnswer(attempt, { status: 409, messageKey: 'IDEMPOTENCY.IN_PROGRESS' })).toBe(attempt);
  });
});
