// Background work as pg-boss jobs (DESIGN.md "Scaling out"): each job runs once however many instances
// are up, a failed one is retried with backoff, one that keeps failing is dead-lettered and logged, and
// a stopping instance finishes (or hands back) what it holds. What runs when is in queues.ts, what each
// job does in handlers.ts. Three modes:
//   work     the server: installs pg-boss and the queues, schedules the periodic jobs, runs workers;
//   enqueue  the operator CLI: installs and sends (a server's workers do the work);
//   off      test apps that do not exercise background work: nothing is installed or sent (installing
//            pg-boss takes seconds on a fresh embedded database).
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/index.ts';
import { bossSchema, createBoss, createQueues, inTransaction, stableJobId } from './boss.ts';
import { FANOUT_BATCH, type FanoutJob, handlers, type JobContext, type Logger } from './handlers.ts';
import { CRON, QUEUES, type QueueName, type QueueTuning, queueOptions } from './queues.ts';

export { QUEUES, type QueueName } from './queues.ts';

export type JobsMode = 'work' | 'enqueue' | 'off';

/** Timings tests shorten; production uses the defaults. */
export interface JobsTuning extends Partial<QueueTuning> {
  /** How often every idle worker asks for a job (default 2 s, 10 s for cron-driven queues). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (their worker died) are failed and so retried (pg-boss default 120 s). */
  maintenanceIntervalSeconds?: number;
  /** Subscribers per push-fanout job. */
  fanoutBatch?: number;
  /** How long stopping waits for jobs in progress before failing them back to the queue. */
  stopTimeoutMs?: number;
}

export interface JobsOptions {
  db: Db;
  /** PostgreSQL: pg-boss connects with it; unset on the embedded database. */
  databaseUrl: string | undefined;
  mode: JobsMode;
  log: Logger;
  /** payments-reconcile runs every this many ms, at most once a second (0: never). */
  reconcileIntervalMs: number;
  /** Demo mode: the current betslip is rolled forward each minute. */
  demo: boolean;
  tuning?: JobsTuning;
}

/** What handlers need from the app, given when the workers start. */
export type WorkContext = Omit<JobContext, 'fanOut' | 'log' | 'fanoutBatch' | 'demo'>;

export interface Jobs {
  readonly mode: JobsMode;
  /** The started pg-boss (tests look at queues through it); undefined when off or not started. */
  readonly boss: PgBoss | undefined;
  /** Starts pg-boss; in 'work' mode `context` is required and the workers and schedules start too. */
  start(context?: WorkContext): Promise<void>;
  /** Stops the workers gracefully: jobs in progress get `stopTimeoutMs` to finish, then are retried elsewhere. */
  stop(): Promise<void>;
  /**
   * Sends a job now (tests and operators: what a schedule would send), or for later with a Date
   * `startAfter` (this instance's workers are woken when it falls due); null when not sent.
   */
  send(queue: QueueName, data?: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Enqueues `sid`'s settlement notices, inside `trx` (the settling transaction) when given. Once per sid. */
  settlementNotices(sid: string, trx?: Kysely<Database>): Promise<void>;
  /** Lets this instance's idle workers of `queue` look for work now rather than at their next poll. */
  wake(queue: QueueName): void;
}

/** Workers per queue on one instance: a big fan-out proceeds two batches at a time on each. */
const WORKERS: Partial<Record<QueueName, number>> = { [QUEUES.pushFanout]: 2 };

/**
 * How often an idle worker polls, in seconds. Work sent by this instance wakes its worker at once; the
 * cron-driven queues can wait a few seconds, and fewer polls leave the embedded database to requests.
 */
const POLL_SECONDS: Partial<Record<QueueName, number>> = {
  [QUEUES.dead]: 10,
  [QUEUES.remindersCheck]: 10,
  [QUEUES.rollForward]: 10,
  [QUEUES.standingPicks]: 10,
  [QUEUES.purge]: 10,
};
const DEFAULT_POLL_SECONDS = 2;
/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Every job's data names its queue, so a dead letter says where it came from. */
const tagged = (queue: QueueName, data: object = {}) => ({ ...data, queue });

export function createJobs(options: JobsOptions): Jobs {
  const { db, log, mode } = options;
  const tuning = options.tuning ?? {};
  let boss: PgBoss | undefined;
  let ticker: NodeJS.Timeout | undefined;
  const workerIds = new Map<QueueName, string[]>();
  /** Wake-ups of this instance's workers when a delayed job falls due (cleared on stop). */
  const alarms = new Set<NodeJS.Timeout>();

  const wake = (queue: QueueName) => {
    for (const id of workerIds.get(queue) ?? []) boss?.notifyWorker(id);
  };

  /**
   * Wakes `queue`'s workers just after `at`, so a delayed job runs when it falls due rather than at the
   * next poll (up to 10 s later for the cron-driven queues). Only this instance's: another instance
   * finds the job at its own poll. Past the timer's range, the polls alone find it.
   */
  const wakeAt = (queue: QueueName, at: Date) => {
    const delay = at.getTime() - Date.now() + 250;
    if (delay <= 0) return wake(queue);
    if (delay > MAX_TIMER_MS) return;
    const alarm = setTimeout(() => {
      alarms.delete(alarm);
      wake(queue);
    }, delay);
    alarm.unref();
    alarms.add(alarm);
  };

  async function work(
    started: PgBoss,
    queue: QueueName,
    run: (job: PgBoss.JobWithMetadata<unknown>) => Promise<unknown>,
  ) {
    const ids = workerIds.get(queue) ?? [];
    workerIds.set(queue, ids);
    for (let n = 0; n < (WORKERS[queue] ?? 1); n++) {
      let id: string | undefined;
      id = await started.work(
        queue,
        {
          includeMetadata: true,
          batchSize: 1,
          pollingIntervalSeconds:
            tuning.pollingIntervalSeconds ?? POLL_SECONDS[queue] ?? DEFAULT_POLL_SECONDS,
        },
        async ([job]) => {
          if (!job) return;
          try {
            return await run(job);
          } catch (error) {
            log.warn(
              { err: error, queue, jobId: job.id, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 },
              'job failed: retried with backoff until its attempts run out, then dead-lettered',
            );
            throw error;
          } finally {
            // More may be waiting: look again at once instead of after the polling interval.
            if (id) started.notifyWorker(id);
          }
        },
      );
      ids.push(id);
    }
  }

  async function startWork(started: PgBoss, context: WorkContext) {
    const jobContext: JobContext = {
      ...context,
      log,
      demo: options.demo,
      fanoutBatch: tuning.fanoutBatch ?? FANOUT_BATCH,
      async fanOut(jobs) {
        if (jobs.length === 0) return;
        await started.insert(
          jobs.map(({ id, data }) => ({
            name: QUEUES.pushFanout,
            id,
            data: tagged(QUEUES.pushFanout, data),
          })),
        );
        wake(QUEUES.pushFanout);
      },
    };
    await work(started, QUEUES.dead, async (job) => {
      log.error({ data: job.data, error: job.output }, 'job failed for good (dead-lettered)');
    });
    for (const [queue, handler] of Object.entries(handlers) as Array<
      [QueueName, (typeof handlers)[keyof typeof handlers]]
    >)
      await work(started, queue, (job) => handler(job, jobContext));
    for (const [queue, cron] of Object.entries(CRON) as Array<[QueueName, string]>)
      await started.schedule(queue, cron, tagged(queue), { tz: 'UTC' });
    // Cron has a one-minute granularity: reconciliation is sent by every instance on its own timer,
    // throttled so that each interval's slot holds one job whichever instance sends it first.
    if (options.reconcileIntervalMs > 0) {
      const seconds = Math.max(1, Math.round(options.reconcileIntervalMs / 1000));
      const tick = () =>
        started
          .sendThrottled(QUEUES.reconcile, tagged(QUEUES.reconcile), {}, seconds, QUEUES.reconcile)
          .then((id) => id && wake(QUEUES.reconcile))
          .catch((error: unknown) => log.error({ err: error }, 'could not send payments-reconcile'));
      ticker = setInterval(tick, options.reconcileIntervalMs);
      ticker.unref();
      void tick();
    }
  }

  return {
    mode,
    get boss() {
      return boss;
    },
    async start(context) {
      if (mode === 'off' || boss) return;
      const schema = await bossSchema(db);
      const started = createBoss(db, options.databaseUrl, schema, {
        supervise: mode === 'work',
        maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds,
      });
      // Unhandled, an 'error' event would end the process; pg-boss reports and carries on.
      started.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await started.start();
      boss = started;
      // Created once per database; updated at every start so a changed setting takes effect.
      const queues = queueOptions(tuning);
      await createQueues(started, schema, queues);
      for (const queue of queues) await started.updateQueue(queue.name, { ...queue });
      if (mode === 'work') {
        if (!context) throw new Error('jobs.start: workers need their context');
        await startWork(started, context);
      }
    },
    async stop() {
      clearInterval(ticker);
      for (const alarm of alarms) clearTimeout(alarm);
      alarms.clear();
      const stopping = boss;
      boss = undefined;
      workerIds.clear();
      await stopping?.stop({
        graceful: true,
        timeout: tuning.stopTimeoutMs ?? 8000,
        close: true,
        wait: true,
      });
    },
    async send(queue, data, sendOptions) {
      if (mode === 'off') return null;
      if (!boss) throw new Error('jobs not started');
      const id = await boss.send(queue, tagged(queue, data), sendOptions ?? {});
      const startAfter = sendOptions?.startAfter;
      if (id) startAfter instanceof Date ? wakeAt(queue, startAfter) : wake(queue);
      return id;
    },
    async settlementNotices(sid, trx) {
      if (mode === 'off') return;
      // Thrown inside the settling transaction, this rolls the settlement back: no notice is ever lost.
      if (!boss) throw new Error('jobs not started');
      await boss.send(QUEUES.settlementNotices, tagged(QUEUES.settlementNotices, { sid }), {
        id: stableJobId(QUEUES.settlementNotices, sid),
        ...(trx && { db: inTransaction(trx) }),
      });
    },
    wake,
  };
}

export type { FanoutJob };
