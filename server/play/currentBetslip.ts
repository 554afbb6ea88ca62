// The current betslip, from memory: fetch-current-betslip is the call every phone makes on every start
// and resume (and all at once before a deadline), so it must not cost a database query each time.
//
// What is cached is what the database said the CURRENT betslip was, when it was asked, and it is trusted
// for TTL_MS of real time. Open or closed is still decided on every call by the server clock against the
// betslip's end, so a cached betslip past its end is never served as open. What another instance changes
// (a publish, an operator closing it, the demo roll-forward) is seen within TTL_MS; what this instance
// changes is seen at once (`invalidate()`, on the `betslip.changed` domain event). A submission never
// relies on this alone: the slip is written under the betslip's row lock (lockOpenBetslip).
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { StoredBetslipParams } from '../db/playWalletTables.ts';
import { currentBetslip, toWireBetslip } from './betslips.ts';

/** How long a look at the database is trusted: how stale another instance's change may be seen. */
export const CURRENT_BETSLIP_TTL_MS = 1000;

/** The current betslip as the hot paths need it. Matches and parameters never change once published. */
export interface CachedBetslip {
  sid: string;
  endAt: Date;
  params: StoredBetslipParams;
  matchCount: number;
  /** fetch-current-betslip's answer, serialised once. */
  json: string;
}

export interface CurrentBetslipOptions {
  ttlMs?: number;
  /** Monotonic milliseconds for the TTL (not the server clock, which tests move by days). */
  monotonicMs?: () => number;
}

export class CurrentBetslipCache {
  readonly #db: Kysely<Database>;
  readonly #ttlMs: number;
  readonly #monotonicMs: () => number;
  #seen: { at: number; betslip: CachedBetslip | undefined } | undefined;
  /** The read in flight: concurrent callers share it (one query however many phones ask). */
  #reading: Promise<CachedBetslip | undefined> | undefined;

  constructor(db: Kysely<Database>, options: CurrentBetslipOptions = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? CURRENT_BETSLIP_TTL_MS;
    this.#monotonicMs = options.monotonicMs ?? (() => performance.now());
  }

  /** The current betslip if it is open at `now` (the server clock, read by the caller per request). */
  async open(now: Date): Promise<CachedBetslip | undefined> {
    const betslip = await this.#current();
    return betslip && now.getTime() < betslip.endAt.getTime() ? betslip : undefined;
  }

  /** Forgets what was read: the next call asks the database (this instance changed the current betslip). */
  invalidate(): void {
    this.#seen = undefined;
    this.#reading = undefined;
  }

  #current(): Promise<CachedBetslip | undefined> {
    const seen = this.#seen;
    if (seen && this.#monotonicMs() - seen.at < this.#ttlMs) return Promise.resolve(seen.betslip);
    if (this.#reading) return this.#reading;
    const at = this.#monotonicMs();
    const reading: Promise<CachedBetslip | undefined> = read(this.#db)
      .then((betslip) => {
        // Unless invalidated meanwhile: then this read may predate the change.
        if (this.#reading === reading) this.#seen = { at, betslip };
        return betslip;
      })
      .finally(() => {
        if (this.#reading === reading) this.#reading = undefined;
      });
    this.#reading = reading;
    return reading;
  }
}

async function read(db: Kysely<Database>): Promise<CachedBetslip | undefined> {
  const betslip = await currentBetslip(db);
  if (!betslip) return undefined;
  return {
    sid: betslip.sid,
    endAt: betslip.endAt,
    params: betslip.params,
    matchCount: betslip.matches.length,
    json: JSON.stringify(toWireBetslip(betslip)),
  };
}
