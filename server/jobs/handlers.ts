// What each queue's job does: a thin layer over the functions tests call directly (the notifier, payment
// reconciliation, the demo roll-forward, the idempotency purge). Every handler is safe to run twice or
// concurrently with itself on another instance, and a throw means "retry me" (pg-boss, with backoff).
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/index.ts';
import { ensureDemoBetslip } from '../demo/seedPlay.ts';
import { closeDueGroups, closeRoundGroups } from '../groups/close.ts';
import { KEEP_KEYS_MS, purgeKeys } from '../idempotency/idempotency.ts';
import { promoteScheduled } from '../play/betslips.ts';
import { type ReconcilerDeps, reconcilePayments } from '../play/reconcile.ts';
import { playStandingPicks } from '../play/standingPicks.ts';
import type { Notifier } from '../push/notifier.ts';
import { closingSoonBetslip, isSettled, participantsOf, toRemind, winningsOf } from '../push/recipients.ts';
import { stableJobId } from './boss.ts';
import { QUEUES, type QueueName } from './queues.ts';

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** One batch of subscribers to notify about betslip `sid`. */
export const FanoutJob = Type.Object({
  kind: Type.Union([Type.Literal('SETTLED'), Type.Literal('CLOSING_SOON')]),
  sid: Type.String(),
  msisdns: Type.Array(Type.String(), { minItems: 1 }),
});
export type FanoutJob = Static<typeof FanoutJob>;

const SidJob = Type.Object({ sid: Type.String() });

/** Subscribers per push-fanout job: small enough that several instances share a big fan-out. */
export const FANOUT_BATCH = 100;

export interface JobContext {
  db: Kysely<Database>;
  now: () => Date;
  log: Logger;
  notifier: Notifier;
  reconciler: ReconcilerDeps;
  /** How long a provider status query may take (MOBILE_MONEY_TIMEOUT_MS). */
  providerTimeoutMs: number;
  demo: boolean;
  fanoutBatch: number;
  /** A round went live (this instance forgets its cached current betslip). */
  onOpened?: (sid: string) => void;
  /** Inserts push-fanout jobs (a job with an id that exists already is not inserted again). */
  fanOut(jobs: Array<{ id?: string; data: FanoutJob }>): Promise<void>;
}

export type Handler = (job: PgBoss.JobWithMetadata<unknown>, context: JobContext) => Promise<unknown>;

/** `data` as `schema` says, or an error that sends the job (after its retries) to the dead letters. */
function checked<T extends Parameters<typeof Value.Check>[0]>(schema: T, data: unknown): Static<T> {
  if (!Value.Check(schema, data)) throw new Error(`malformed job data: ${JSON.stringify(data)}`);
  return data as Static<T>;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What closing groups needs: the submission's stake guards and receipt key (the reconciler's). */
const groupDeps = (c: JobContext) => ({
  db: c.db,
  now: c.now,
  guards: c.reconciler.stakes.guards ?? [],
  receiptKey: c.reconciler.stakes.receiptKey,
});

export const handlers: Record<Exclude<QueueName, typeof QUEUES.dead>, Handler> = {
  async [QUEUES.remindersCheck](_job, c) {
    const sid = await closingSoonBetslip(c.db, c.now());
    if (!sid) return { batches: 0 };
    // Fresh ids: a later check's batches are new work (the notices themselves are sent once).
    const batches = chunks(await toRemind(c.db, sid), c.fanoutBatch);
    await c.fanOut(batches.map((msisdns) => ({ data: { kind: 'CLOSING_SOON', sid, msisdns } })));
    return { sid, batches: batches.length };
  },

  async [QUEUES.settlementNotices](job, c) {
    const { sid } = checked(SidJob, job.data);
    // Sent by hand for a betslip not settled (yet), it would tell people results that do not exist.
    if (!(await isSettled(c.db, sid))) return { sid, skipped: 'not settled' };
    // Submissions are frozen once settled, so the batches are the same on a retry: stable ids make a
    // retry (or a second notices job) insert nothing new.
    const batches = chunks(await participantsOf(c.db, sid), c.fanoutBatch);
    await c.fanOut(
      batches.map((msisdns, i) => ({
        id: stableJobId(QUEUES.pushFanout, 'SETTLED', sid, String(i)),
        data: { kind: 'SETTLED', sid, msisdns },
      })),
    );
    return { sid, batches: batches.length };
  },

  async [QUEUES.pushFanout](job, c) {
    const { kind, sid, msisdns } = checked(FanoutJob, job.data);
    if (kind === 'CLOSING_SOON') return { sent: await c.notifier.remind(sid, msisdns, c.now(), job.id) };
    const winners = await winningsOf(c.db, sid, msisdns);
    await c.notifier.settled({ sid, participants: msisdns, winners }, job.id);
    return { notified: msisdns.length };
  },

  async [QUEUES.reconcile](_job, c) {
    // Younger payments may still be waiting for their own request's answer.
    const timeoutMs = c.providerTimeoutMs;
    const reports = await reconcilePayments(c.reconciler, { minAgeMs: 2 * timeoutMs, timeoutMs }, c.log);
    const changed = Object.values(reports).some((r) => r && (r.confirmed || r.failed));
    if (changed) c.log.info({ reports }, 'payments reconciled');
    return reports;
  },

  async [QUEUES.rollForward](_job, c) {
    // The backstop of groups-close: groups of ended rounds still open are closed first.
    const groups = await closeDueGroups(groupDeps(c));
    if (groups.submitted || groups.cancelled) c.log.info({ groups }, 'groups closed by the roll-forward');
    // A scheduled round goes live once the current one has ended; in demo mode a made-up one follows
    // when none was scheduled.
    const now = c.now();
    const opened = c.demo
      ? await ensureDemoBetslip(c.db, now)
      : ((await promoteScheduled(c.db, now))?.opened ?? null);
    if (opened) c.onOpened?.(opened);
    return { opened };
  },

  async [QUEUES.standingPicks](job, c) {
    const report = await playStandingPicks({ submit: c.reconciler.stakes, notifier: c.notifier }, job.id);
    if (report.accepted || report.refused) c.log.info({ report }, 'standing picks played');
    return report;
  },

  async [QUEUES.groupsClose](job, c) {
    const { sid } = checked(SidJob, job.data);
    const report = await closeRoundGroups(groupDeps(c), sid);
    if (report.submitted || report.cancelled) c.log.info({ sid, report }, 'groups closed');
    return { sid, ...report };
  },

  async [QUEUES.purge](_job, c) {
    const deleted = await purgeKeys(c.db, new Date(c.now().getTime() - KEEP_KEYS_MS));
    if (deleted > 0) c.log.info({ deleted }, 'old idempotency records purged');
    return { deleted };
  },
};
