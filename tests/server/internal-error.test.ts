// Our own bug (a handler that throws) answers 500 in the API's error shape and says nothing about why:
// no message, no stack, no SQL. The log has the details.
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { testConfig } from './helper.ts';

it('answers a thrown bug with 500 ERRORS.INTERNAL and no internals', async () => {
  const db = await openDb({ dataDir: 'memory://', databaseUrl: undefined });
  await migrate(db);
  const app = await buildApp({ config: testConfig(), db, jobs: { mode: 'off' } });
  app.get('/api/boom', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/server/x.ts:12');
  });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      messageKey: 'ERRORS.INTERNAL',
      message: 'Internal Server Error',
    });
    expect(res.body).not.toMatch(/secret_table|srv|\.ts|stack/);
  } finally {
    await app.close();
    await db.close();
  }
});
