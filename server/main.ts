// `npm start` / `npm run server`: configuration → database (migrated) → demo data → app → listen.
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { projectRoot as root } from './paths.ts';
import { seedDemo } from './seed.ts';
import { hasBuild } from './static.ts';
import { startReconciler } from './wallet/reconcile.ts';

/** How often the closing-soon check runs; a reminder may be up to this much under an hour early. */
const REMINDER_INTERVAL_MS = 60_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Refusing to start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const db = await openDb(config);
  await migrate(db);
  if (config.demo) await seedDemo(db, config);

  // DIST_DIR serves another build (parallel test runs build into their own folders).
  const dist = process.env.DIST_DIR || join(root, 'dist');
  const app = await buildApp({ config, db, staticRoot: hasBuild(dist) ? dist : undefined });
  if (!hasBuild(dist)) app.log.warn('dist/ not built: serving the API only (run `npm run build`)');

  // Payments the provider did not answer in time, or whose request died, are settled in the background
  // (every instance may run it: each settlement is a guarded transition).
  const stopReconciler =
    config.reconcileIntervalMs > 0
      ? startReconciler(app.reconcilerDeps, {
          intervalMs: config.reconcileIntervalMs,
          timeoutMs: config.mobileMoney.timeoutMs,
          log: app.log,
        })
      : () => {};
  // Closing-soon reminders: each run finds subscribers who have not played a betslip closing within the
  // hour; push_notices makes each reminder go out once however many instances run this.
  const remind = () =>
    app.push.notifier
      .remindClosingSoon(new Date())
      .then((sent) => sent > 0 && app.log.info({ sent }, 'closing-soon reminders sent'))
      .catch((error: unknown) => app.log.error({ err: error }, 'closing-soon reminders failed'));
  const reminders = setInterval(remind, REMINDER_INTERVAL_MS);
  reminders.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(reminders);
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      stopReconciler();
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`listening on http://${shownHost}:${config.port}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
