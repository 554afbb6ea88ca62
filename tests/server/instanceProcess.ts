// One server instance as a child process for tests/server/instances.test.ts: the app server/main.ts
// serves, on the test's PostgreSQL schema (TEST_SCHEMA, migrated by the test) with the jobs' timings
// shortened (JOBS_TUNING, JSON), so that the test can kill it (SIGKILL) in the middle of a job.
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDb } from '../../server/db/index.ts';

const config = loadConfig();
const db = await openDb(config, { schema: process.env.TEST_SCHEMA });
const app = await buildApp({
  config,
  db,
  jobs: { mode: 'work', tuning: JSON.parse(process.env.JOBS_TUNING ?? '{}') },
});
await app.listen({ port: config.port, host: config.host });
