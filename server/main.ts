// `npm start` / `npm run server`: configuration → database (migrated) → demo data → app → listen.
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { projectRoot as root } from './paths.ts';
import { seedDemo } from './seed.ts';
import { hasBuild } from './static.ts';

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      // Also stops the job workers (server/jobs/): a job in progress gets a few seconds to finish, then
      // goes back to its queue for another instance.
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
