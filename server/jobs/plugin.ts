// Registers the jobs with the app (a plugin registered by server/app.ts): `app.jobs`, started when the
// app is ready and stopped gracefully when it closes (SIGTERM in main.ts closes it).
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createJobs, type Jobs, type JobsMode, type JobsTuning, QUEUES } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work (server/jobs/): settlement enqueues its notices here. */
    jobs: Jobs;
  }
}

export interface JobsAppOptions {
  /** 'work' (the default: a server instance), 'enqueue' or 'off' (tests that do not exercise jobs). */
  mode?: JobsMode;
  tuning?: JobsTuning;
}

export interface JobsPluginOptions {
  config: Config;
  db: Db;
  now: () => Date;
  jobs?: JobsAppOptions;
}

const jobsPlugin: FastifyPluginAsync<JobsPluginOptions> = async (app, options) => {
  const { config, db, now } = options;
  const jobs = createJobs({
    db,
    databaseUrl: config.databaseUrl,
    mode: options.jobs?.mode ?? 'work',
    log: app.log,
    reconcileIntervalMs: config.reconcileIntervalMs,
    demo: config.demo,
    tuning: options.jobs?.tuning,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () =>
    jobs.start({
      db: db.kysely,
      now,
      notifier: app.push.notifier,
      reconciler: app.reconcilerDeps,
      providerTimeoutMs: config.mobileMoney.timeoutMs,
      onOpened: (sid) => app.events.emit('betslip.changed', { sid }),
    }),
  );
  app.addHook('onClose', () => jobs.stop());
  // The notices job was enqueued by the settling transaction, now committed: no need to wait for a poll.
  app.events.on('betslip.settled', () => jobs.wake(QUEUES.settlementNotices));
};

/** The handlers send with push's notifier and reconcile with play-and-wallet's providers. */
export const backgroundJobs = fp(jobsPlugin, {
  name: 'jobs',
  fastify: '5.x',
  dependencies: ['push', 'play-and-wallet'],
  decorators: { fastify: ['events'] },
});
