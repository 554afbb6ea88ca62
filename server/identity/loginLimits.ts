// Brute-force protection for the password grant, kept in the database so every instance sees the same
// state. Per account: Keycloak's progressive wait (bruteForce.ts), whatever the address. Per address:
// behind carrier NAT one address is many subscribers, so one account's failures never limit it; only a
// high ceiling on how many accounts fail from it in a window stops guessing across many accounts. Over
// that ceiling a new account is not refused outright (one guesser would lock out a whole carrier network):
// its attempt is counted like any and marked `overAddressLimit`, and the token endpoint lets a right
// password in only with a code sent to the account's own phone (DESIGN.md "Sign-in behind a shared
// address"); a wrong one is refused there as before.
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { admitAttempt, type BruteForcePolicy } from './bruteForce.ts';
import { bump, countOf, pruneCounters, unbump, windowRemainingMs, windowStart } from './rateCounters.ts';

type Db = Kysely<Database>;

/** The window over which accounts failing from one address are counted. */
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

export interface LoginLimits {
  policy: BruteForcePolicy;
  /** Accounts that may fail from one address per ADDRESS_WINDOW_MS before new ones need a step-up. */
  failedAccountsPerAddress: number;
}

/** An admitted attempt: counted as a failure until `forgiveSignIn` says it succeeded. */
export interface SignInAttempt {
  username: string;
  address: string;
  window: Date;
  /**
   * The account was first counted at this address after the address passed its limit: only a right
   * password proven by an SMS code lets it in (a wrong one is refused as the address's limit says).
   */
  overAddressLimit: boolean;
}

export type SignInAdmission =
  | { admitted: true; attempt: SignInAttempt }
  | { admitted: false; retryAfterSeconds: number };

// An address never contains '|', so the pair key is unambiguous whatever the username holds.
const pairKey = (address: string, username: string) => `login-pair:${address}|${username}`;
const addressKey = (address: string) => `login-address:${address}`;
/** Marks an account counted at an address over its limit, for the account's later attempts in the window. */
const overKey = (address: string, username: string) => `login-over:${address}|${username}`;

/** How long an address stays over its limit at most: the rest of its window, in whole seconds. */
const addressRetryAfterSeconds = (now: Date): number =>
  Math.max(1, Math.ceil(windowRemainingMs(now, ADDRESS_WINDOW_MS) / 1000));

/** Unwinds the admission transaction: a refused attempt changes no counter. */
class Refused extends Error {
  constructor(readonly retryAfterMs: number) {
    super('sign-in refused');
  }
}

/**
 * Admits an attempt (counting it as a failure before the password is checked, so parallel guesses see
 * each other) or refuses it during the account's wait. An account new to an address that has failed for
 * too many others is admitted and counted too, marked `overAddressLimit`. Usernames that do not exist are
 * counted alike: a refusal reveals nothing.
 */
export async function admitSignIn(
  db: Db,
  limits: LoginLimits,
  username: string,
  address: string,
  now: Date,
): Promise<SignInAdmission> {
  try {
    return await db.transaction().execute(async (trx) => {
      // Insert-or-lock in one statement: the row is returned locked whether it was there or not, so two
      // first attempts cannot both start from nothing, and a row deleted meanwhile by another attempt's
      // forgiveness is simply inserted again (a SELECT … FOR UPDATE after a separate INSERT would find
      // nothing then).
      const row = await trx
        .insertInto('account_login_failures')
        .values({ username })
        .onConflict((oc) =>
          oc.column('username').doUpdateSet((eb) => ({ username: eb.ref('excluded.username') })),
        )
        .returning(['failures', 'last_failure_at', 'not_before'])
        .executeTakeFirstOrThrow();
      const decision = admitAttempt(
        limits.policy,
        { failures: row.failures, lastFailureAt: row.last_failure_at, notBefore: row.not_before },
        now,
      );
      if (!decision.admitted) throw new Refused(decision.retryAfterMs);
      const { next } = decision;
      await trx
        .updateTable('account_login_failures')
        .set({ failures: next.failures, last_failure_at: next.lastFailureAt, not_before: next.notBefore })
        .where('username', '=', username)
        .execute();
      const window = windowStart(now, ADDRESS_WINDOW_MS);
      let overAddressLimit: boolean;
      // An account counts once per address and window, however often it fails there. The pair's row stays
      // locked to the commit, so the account's next attempt sees the mark below.
      if ((await bump(trx, pairKey(address, username), window)) === 1) {
        const accounts = await bump(trx, addressKey(address), window);
        overAddressLimit = accounts > limits.failedAccountsPerAddress;
        if (overAddressLimit) await bump(trx, overKey(address, username), window);
      } else {
        // Counted here before: within the limit it keeps getting answers, over it the step-up stays.
        overAddressLimit = (await countOf(trx, overKey(address, username), window)) > 0;
      }
      return { admitted: true as const, attempt: { username, address, window, overAddressLimit } };
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) };
  }
}

/** A route's own 429 (the app's AUTH.TOO_MANY_ATTEMPTS, or OAuth's invalid_grant) for a refused sign-in. */
export type TooManyAttempts = () => Error;

/**
 * A password route's admission (the token endpoint's and the operator's first password): the attempt,
 * counted; during the account's wait, `reply` gets its Retry-After and the route's `tooMany()` is thrown.
 */
export async function admitOrRefuse(
  o: { db: Db; loginLimits: LoginLimits },
  reply: FastifyReply,
  who: { username: string; address: string; now: Date },
  tooMany: TooManyAttempts,
): Promise<SignInAttempt> {
  const admission = await admitSignIn(o.db, o.loginLimits, who.username, who.address, who.now);
  if (admission.admitted) return admission.attempt;
  reply.header('retry-after', String(admission.retryAfterSeconds));
  throw tooMany();
}

/** Refusal over the address's limit: `reply` gets Retry-After for the rest of its window; throw the answer. */
export function refuseOverAddress(reply: FastifyReply, now: Date, tooMany: TooManyAttempts): Error {
  reply.header('retry-after', String(addressRetryAfterSeconds(now)));
  return tooMany();
}

/**
 * The password was right: the account's failures are forgiven, and it no longer counts for the address
 * (nor carries the address's mark: its next attempt is judged afresh).
 */
export async function forgiveSignIn(db: Db, attempt: SignInAttempt): Promise<void> {
  const { username, address, window } = attempt;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_login_failures').where('username', '=', username).execute();
    await trx
      .deleteFrom('rate_counters')
      .where('key', '=', overKey(address, username))
      .where('window_start', '=', window)
      .execute();
    const pair = await trx
      .deleteFrom('rate_counters')
      .where('key', '=', pairKey(address, username))
      .where('window_start', '=', window)
      .executeTakeFirst();
    if (Number(pair.numDeletedRows) > 0) await unbump(trx, addressKey(address), window);
  });
}

/** After a failure (already counted on admission): drops state that no longer limits anyone. */
export async function pruneSignInLimits(db: Db, policy: BruteForcePolicy, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - Math.max(policy.maxDeltaTimeMs, policy.maxFailureWaitMs));
  await db.deleteFrom('account_login_failures').where('last_failure_at', '<', stale).execute();
  await pruneCounters(db, now);
}

/** The phone is proven (password reset): the account's wait no longer applies. */
export async function clearAccountFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('account_login_failures').where('username', '=', username).execute();
}
