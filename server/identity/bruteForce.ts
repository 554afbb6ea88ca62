// Keycloak's brute-force detection as pure rules (its parameter names in brackets). Each failure for an
// account may impose a wait during which every attempt, the right password included, is refused: none
// for the first few failures, then `waitIncrement` per `failureFactor` failures up to `maxFailureWait`.
// Two failures closer than a person can type mean a script, which waits at least
// `minimumQuickLoginWait`. Failures are forgotten after `maxDeltaTime` without one.

export interface BruteForcePolicy {
  /** Failures before the first wait [failureFactor]. */
  failureFactor: number;
  /** The wait each `failureFactor` failures add [waitIncrementSeconds]. */
  waitIncrementMs: number;
  /** The longest wait [maxFailureWaitSeconds]. */
  maxFailureWaitMs: number;
  /** A gap this long between failures starts the count again [maxDeltaTimeSeconds]. */
  maxDeltaTimeMs: number;
  /** Failures closer together than this are a quick login [quickLoginCheckMilliSeconds]… */
  quickLoginCheckMs: number;
  /** …which waits at least this long [minimumQuickLoginWaitSeconds]. */
  minimumQuickLoginWaitMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The owner who mistypes five times waits half a minute, not a quarter of an hour; a guesser who keeps
 * going waits longer and longer, at most 15 minutes a guess (about a hundred guesses a day).
 */
export const BRUTE_FORCE: BruteForcePolicy = {
  failureFactor: 5,
  waitIncrementMs: 30 * SECOND,
  maxFailureWaitMs: 15 * MINUTE,
  maxDeltaTimeMs: 12 * 60 * MINUTE,
  quickLoginCheckMs: SECOND,
  minimumQuickLoginWaitMs: 30 * SECOND,
};

/** What is remembered about an account's failed sign-ins. */
export interface AccountFailures {
  failures: number;
  lastFailureAt: Date | null;
  /** Attempts before this instant are refused. */
  notBefore: Date | null;
}

/** The wait after an account's `failures`-th failure, `sinceLastMs` after the one before (null: none). */
export function failureWaitMs(
  policy: BruteForcePolicy,
  failures: number,
  sinceLastMs: number | null,
): number {
  const progressive = policy.waitIncrementMs * Math.floor(failures / policy.failureFactor);
  const quick =
    sinceLastMs !== null && sinceLastMs < policy.quickLoginCheckMs ? policy.minimumQuickLoginWaitMs : 0;
  return Math.min(Math.max(progressive, quick), policy.maxFailureWaitMs);
}

export type Admission = { admitted: false; retryAfterMs: number } | { admitted: true; next: AccountFailures };

/**
 * Decides a sign-in attempt at `now`. During a wait it is refused. Otherwise it is admitted and counted as
 * a failure before the password is checked (a success then forgets the failures): parallel guesses each
 * see the ones before them, so a burst cannot slip past the wait.
 */
export function admitAttempt(
  policy: BruteForcePolicy,
  state: AccountFailures | undefined,
  now: Date,
): Admission {
  const t = now.getTime();
  const notBefore = state?.notBefore?.getTime() ?? 0;
  if (notBefore > t) return { admitted: false, retryAfterMs: notBefore - t };
  const last = state?.lastFailureAt?.getTime();
  const sinceLast = last === undefined || t - last > policy.maxDeltaTimeMs ? null : t - last;
  const failures = (sinceLast === null ? 0 : (state?.failures ?? 0)) + 1;
  const wait = failureWaitMs(policy, failures, sinceLast);
  return {
    admitted: true,
    next: { failures, lastFailureAt: now, notBefore: wait > 0 ? new Date(t + wait) : null },
  };
}
