// One reader of a failure's message key (machines/rules/messageKey.ts) for every machine and screen.
import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGE_KEY, messageKeyOf } from '../../machines/rules/messageKey';
import { ApiError } from '../../src/api/http';

describe('messageKeyOf', () => {
  it("reads the key of the app's ApiError and of any refusal-shaped object", () => {
    expect(messageKeyOf(new ApiError(409, 'BETSLIP.CLOSED', 'closed'))).toBe('BETSLIP.CLOSED');
    expect(messageKeyOf({ messageKey: 'OTP.INVALID' })).toBe('OTP.INVALID');
  });

  it('falls back to the generic server error for anything else', () => {
    for (const error of [new Error('boom'), null, undefined, 'text', 42, { messageKey: 7 }, {}]) {
      expect(messageKeyOf(error)).toBe(FALLBACK_MESSAGE_KEY);
    }
    expect(FALLBACK_MESSAGE_KEY).toBe('ERRORS.SERVER');
  });
});
