// Keycloak-style brute-force rules: free failures, then a progressive capped wait, the quick-login check,
// and failures forgotten after a long quiet spell.
import { describe, expect, it } from 'vitest';
import {
  type AccountFailures,
  admitAttempt,
  BRUTE_FORCE,
  type BruteForcePolicy,
  failureWaitMs,
} from '../../server/identity/bruteForce.ts';

const SECOND = 1000;
const t0 = new Date('2026-03-04T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const policy: BruteForcePolicy = {
  failureFactor: 3,
  waitIncrementMs: 10 * SECOND,
  maxFailureWaitMs: 45 * SECOND,
  maxDeltaTimeMs: 3600 * SECOND,
  quickLoginCheckMs: SECOND,
  minimumQuickLoginWaitMs: 20 * SECOND,
};

/** Admits an attempt that must be admitted and returns the new state. */
function fail(state: AccountFailures | undefined, now: Date): AccountFailures {
  const a = admitAttempt(policy, state, now);
  if (!a.admitted) throw new Error(`refused at ${now.toISOString()}`);
  return a.next;
}

describe('brute-force rules', () => {
  it('waits nothing before failureFactor failures, then waitIncrement per failureFactor, up to the maximum', () => {
    const slow = 5 * SECOND; // slower than the quick-login check
    expect([1, 2].map((n) => failureWaitMs(policy, n, slow))).toEqual([0, 0]);
    expect([3, 4, 5].map((n) => failureWaitMs(policy, n, slow))).toEqual([10_000, 10_000, 10_000]);
    expect([6, 9, 12].map((n) => failureWaitMs(policy, n, slow))).toEqual([20_000, 30_000, 40_000]);
    expect([15, 300].map((n) => failureWaitMs(policy, n, slow))).toEqual([45_000, 45_000]);
  });

  it('imposes the minimum quick-login wait on a failure within quickLoginCheck of the previous one', () => {
    expect(failureWaitMs(policy, 2, 999)).toBe(20_000);
    expect(failureWaitMs(policy, 2, 0)).toBe(20_000);
    expect(failureWaitMs(policy, 2, 1000)).toBe(0);
    // The first failure has nothing to be quick after.
    expect(failureWaitMs(policy, 1, null)).toBe(0);
    // A longer progressive wait wins.
    expect(failureWaitMs(policy, 9, 0)).toBe(30_000);
  });

  it('counts an admitted attempt as a failure and refuses attempts during the wait', () => {
    let s = fail(undefined, t0);
    expect(s).toEqual({ failures: 1, lastFailureAt: t0, notBefore: null });
    s = fail(s, at(5 * SECOND));
    s = fail(s, at(10 * SECOND));
    expect(s).toEqual({ failures: 3, lastFailureAt: at(10 * SECOND), notBefore: at(20 * SECOND) });
    expect(admitAttempt(policy, s, at(15 * SECOND))).toEqual({ admitted: false, retryAfterMs: 5 * SECOND });
    // A refusal changes nothing; at the end of the wait the next attempt is admitted.
    s = fail(s, at(20 * SECOND));
    expect(s).toMatchObject({ failures: 4, notBefore: at(30 * SECOND) });
  });

  it('refuses the second of two quick attempts until the quick-login wait has passed', () => {
    const s = fail(fail(undefined, t0), at(300));
    expect(s).toEqual({ failures: 2, lastFailureAt: at(300), notBefore: at(20_300) });
    expect(admitAttempt(policy, s, at(600))).toEqual({ admitted: false, retryAfterMs: 19_700 });
  });

  it('starts counting again after maxDeltaTime without a failure', () => {
    let s = fail(fail(undefined, t0), at(5 * SECOND));
    s = fail(s, at(5 * SECOND + 3600 * SECOND + 1));
    expect(s).toMatchObject({ failures: 1, notBefore: null });
  });

  it('makes the real policy short at first: half a minute after five failures, at most 15 minutes', () => {
    const slow = 5 * SECOND;
    expect(failureWaitMs(BRUTE_FORCE, 4, slow)).toBe(0);
    expect(failureWaitMs(BRUTE_FORCE, 5, slow)).toBe(30 * SECOND);
    expect(failureWaitMs(BRUTE_FORCE, 10, slow)).toBe(60 * SECOND);
    expect(failureWaitMs(BRUTE_FORCE, 1000, slow)).toBe(15 * 60 * SECOND);
  });
});
