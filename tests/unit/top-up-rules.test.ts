// Top up and play's decisions (machines/rules/topUp.ts): which refusal offers a top-up, how much to
// deposit, and what happens once the deposit has its answer.
import { describe, expect, it } from 'vitest';
import { isShortOfMoney, topUpCents, topUpStep } from '../../machines/rules/topUp';

describe('isShortOfMoney', () => {
  it('is the 402 WALLET.INSUFFICIENT_FUNDS only', () => {
    expect(isShortOfMoney({ status: 402, messageKey: 'WALLET.INSUFFICIENT_FUNDS' })).toBe(true);
    expect(isShortOfMoney({ status: 402, messageKey: 'PLAY.LIMIT_REACHED' })).toBe(false);
    expect(isShortOfMoney({ status: 403, messageKey: 'WALLET.INSUFFICIENT_FUNDS' })).toBe(false);
    expect(isShortOfMoney({ status: 0, messageKey: 'ERRORS.NETWORK' })).toBe(false);
    expect(isShortOfMoney(new Error('boom'))).toBe(false);
    expect(isShortOfMoney(null)).toBe(false);
  });
});

describe('topUpCents', () => {
  it('is the slip price minus what the wallet has', () => {
    expect(topUpCents(2_00, 50)).toBe(1_50);
    expect(topUpCents(16_00, 0)).toBe(16_00);
  });
  it('treats a negative balance as empty and rounds up to the minimum', () => {
    expect(topUpCents(2_00, -3_00)).toBe(2_00);
    expect(topUpCents(2_00, 1_99, 5_00)).toBe(5_00);
    expect(topUpCents(2_00, 1_00, 50)).toBe(1_00);
  });
  it('is 0 when the wallet already covers the slip', () => {
    expect(topUpCents(2_00, 2_00)).toBe(0);
    expect(topUpCents(2_00, 10_00)).toBe(0);
  });
});

describe('topUpStep', () => {
  const open = { sid: 'J14-0100', openSid: 'J14-0100' };
  it('waits while PENDING and pays once CONFIRMED with the round open', () => {
    expect(topUpStep('PENDING', open)).toBe('wait');
    expect(topUpStep('CONFIRMED', open)).toBe('pay');
  });
  it('never pays into another round, nor after the round closed', () => {
    expect(topUpStep('CONFIRMED', { sid: 'J14-0100', openSid: 'J14-0101' })).toBe('roundClosed');
    expect(topUpStep('CONFIRMED', { sid: 'J14-0100', openSid: null })).toBe('roundClosed');
  });
  it('says cancelled or failed, whatever the round', () => {
    expect(topUpStep('CANCELLED', open)).toBe('cancelled');
    expect(topUpStep('FAILED', { sid: 'J14-0100', openSid: null })).toBe('failed');
  });
});
