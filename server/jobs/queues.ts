// The background work as pg-boss queues: their names, how each retries and when each runs. One table
// so that what runs when, and how often it may fail, is read in one place (docs/CONTRACTS.md "Jobs").
import type PgBoss from 'pg-boss';

export const QUEUES = {
  /** Every queue's jobs that fail for good land here, to be logged (never retried). */
  dead: 'jobs-dead',
  /** Each minute: who must be reminded that the current betslip closes within the hour → push-fanout. */
  remindersCheck: 'reminders-check',
  /** One batch of subscribers to notify (closing-soon reminders or settlement notices). */
  pushFanout: 'push-fanout',
  /** Enqueued in the transaction that settles a betslip: its participants in batches → push-fanout. */
  settlementNotices: 'settlement-notices',
  /** Every RECONCILE_INTERVAL_MS: cash-outs, airtime purchases and stakes left unfinished. */
  reconcile: 'payments-reconcile',
  /** Each minute: a scheduled betslip goes live once the current one has ended (demo: or a made-up one). */
  rollForward: 'rounds-roll-forward',
  /** Each minute: standing picks not yet played in the current round are played (once per subscriber). */
  standingPicks: 'standing-picks',
  /** Daily: idempotency records older than 7 days. */
  purge: 'idempotency-purge',
  /** At a round's end (sent when its first group opens): its open groups are closed, once each. */
  groupsClose: 'groups-close',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What pg-boss stores per queue; every job is retried with exponential backoff, then dead-lettered. */
export interface QueueTuning {
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter) by retryBackoff. */
  retryDelay: number;
  /** An active job not finished within this long is failed and retried (its worker died or hung). */
  expireInSeconds: number;
}

/**
 * Periodic queues with minute granularity run on pg-boss cron (one job per minute across instances);
 * payments-reconcile, every 10 s, is sent throttled by every instance (see index.ts).
 */
export const CRON: Partial<Record<QueueName, string>> = {
  [QUEUES.remindersCheck]: '* * * * *',
  [QUEUES.rollForward]: '* * * * *',
  [QUEUES.standingPicks]: '* * * * *',
  [QUEUES.purge]: '17 3 * * *',
};

const DEFAULTS: Record<QueueName, QueueTuning> = {
  [QUEUES.dead]: { retryLimit: 0, retryDelay: 0, expireInSeconds: 60 },
  // A check missed is made again the next minute; a retry only helps a transient error.
  [QUEUES.remindersCheck]: { retryLimit: 2, retryDelay: 5, expireInSeconds: 120 },
  // A batch of 100 subscribers at 8 at a time with a 10 s push timeout takes at most ~2 minutes.
  [QUEUES.pushFanout]: { retryLimit: 5, retryDelay: 10, expireInSeconds: 300 },
  [QUEUES.settlementNotices]: { retryLimit: 8, retryDelay: 10, expireInSeconds: 120 },
  // The next run comes in 10 s anyway; a stuck one (provider hanging) expires and is not piled up.
  [QUEUES.reconcile]: { retryLimit: 1, retryDelay: 5, expireInSeconds: 300 },
  [QUEUES.rollForward]: { retryLimit: 2, retryDelay: 5, expireInSeconds: 60 },
  // Each subscriber's round is paid once whatever the retries (its key); the next minute's run goes on.
  [QUEUES.standingPicks]: { retryLimit: 2, retryDelay: 10, expireInSeconds: 600 },
  [QUEUES.purge]: { retryLimit: 5, retryDelay: 60, expireInSeconds: 900 },
  // Each group closes once whatever the retries (its status under its lock); roll-forward is the backstop.
  [QUEUES.groupsClose]: { retryLimit: 8, retryDelay: 10, expireInSeconds: 300 },
};

/** Each queue's pg-boss options, with `override` applied to all but the dead-letter queue (tests). */
export function queueOptions(override: Partial<QueueTuning> = {}): Array<PgBoss.Queue & { name: QueueName }> {
  return (Object.keys(DEFAULTS) as QueueName[]).map((name) => {
    const dead = name === QUEUES.dead;
    const tuning = dead ? DEFAULTS[name] : { ...DEFAULTS[name], ...override };
    return {
      name,
      policy: 'standard',
      retryLimit: tuning.retryLimit,
      retryDelay: tuning.retryDelay,
      retryBackoff: !dead,
      expireInSeconds: tuning.expireInSeconds,
      ...(dead ? {} : { deadLetter: QUEUES.dead }),
    };
  });
}
