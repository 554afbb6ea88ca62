// The query layer: migrations are idempotent, PGlite transactions are serialized, a failed transaction
// frees the connection, and several app instances on one database share the realm key. The embedded
// database starts with the configured memory settings (PGLITE_SHARED_BUFFERS, PGLITE_WORK_MEM), on a
// new cluster and on an existing one, without writing them into it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Db, openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createClock, describeEachDb, testConfig } from './helper.ts';

describe('embedded database memory settings', () => {
  const settings = async (db: Db) => {
    const { rows } = await db.executeSql<{ name: string; setting: string }>(
      "SELECT name, current_setting(name) AS setting FROM unnest(ARRAY['shared_buffers', 'work_mem']) AS name",
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  };

  it('starts PGlite with the defaults, or with PGLITE_SHARED_BUFFERS and PGLITE_WORK_MEM', async () => {
    const plain = await openDb({ dataDir: 'memory://', databaseUrl: undefined });
    try {
      expect(await settings(plain)).toEqual({ shared_buffers: '32MB', work_mem: '4MB' });
    } finally {
      await plain.close();
    }
    const configured = await openDb(
      loadConfig({ DATA_DIR: 'memory://', PGLITE_SHARED_BUFFERS: '16MB', PGLITE_WORK_MEM: '2MB' }),
    );
    try {
      expect(await settings(configured)).toEqual({ shared_buffers: '16MB', work_mem: '2MB' });
    } finally {
      await configured.close();
    }
  });

  it('applies them to an existing cluster each time it is opened, without storing them in it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'jackpot14-pglite-settings-'));
    try {
      const open = (env: Record<string, string>) => openDb(loadConfig({ DATA_DIR: dataDir, ...env }));
      const first = await open({ PGLITE_SHARED_BUFFERS: '8MB', PGLITE_WORK_MEM: '1MB' });
      await first.close();
      const again = await open({ PGLITE_SHARED_BUFFERS: '24MB' });
      try {
        expect(await settings(again)).toEqual({ shared_buffers: '24MB', work_mem: '4MB' });
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describeEachDb('database', (t) => {
  it('runs migrations once: a second run does nothing', async () => {
    expect(await migrate(t().db)).toEqual([]);
  });

  it('serializes concurrent transactions (no lost updates)', async () => {
    const { db } = t();
    const { kysely } = db;
    await sql`CREATE TABLE counter (n integer NOT NULL)`.execute(kysely);
    await sql`INSERT INTO counter VALUES (0)`.execute(kysely);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        kysely.transaction().execute(async (trx) => {
          // Read-modify-write: interleaved transactions would lose increments; on PostgreSQL the row
          // lock (FOR UPDATE) does what PGlite's single connection does.
          const { rows } = await sql<{ n: number }>`SELECT n FROM counter FOR UPDATE`.execute(trx);
          await new Promise((r) => setTimeout(r, 2));
          await sql`UPDATE counter SET n = ${(rows[0]?.n ?? 0) + 1}`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`SELECT n FROM counter`.execute(kysely);
    expect(rows[0]?.n).toBe(10);
  });

  it('rolls back a failed transaction and keeps working', async () => {
    const { kysely } = t().db;
    await sql`CREATE TABLE kept (n integer NOT NULL)`.execute(kysely);
    await sql`INSERT INTO kept VALUES (0)`.execute(kysely);
    await expect(
      kysely.transaction().execute(async (trx) => {
        await sql`INSERT INTO kept VALUES (100)`.execute(trx);
        await sql`SELECT no_such_column FROM kept`.execute(trx);
      }),
    ).rejects.toThrow();
    const { rows } = await sql<{ c: number | string }>`SELECT count(*) AS c FROM kept`.execute(kysely);
    expect(Number(rows[0]?.c)).toBe(1);
  });

  it('runs plain statements through executeSql (for pg-boss)', async () => {
    const { rows } = await t().db.executeSql<{ x: number }>('SELECT $1::int AS x', [7]);
    expect(rows).toEqual([{ x: 7 }]);
  });

  it('shares one signing key between instances on the same database', async () => {
    const { db, app } = t();
    const second = await buildApp({
      config: testConfig(),
      db,
      now: createClock().now,
      jobs: { mode: 'off' },
    });
    try {
      const certs = '/auth/realms/commxp/protocol/openid-connect/certs';
      const a = (await app.inject({ method: 'GET', url: certs })).json();
      const b = (await second.inject({ method: 'GET', url: certs })).json();
      expect(b).toEqual(a);
      expect(a.keys).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
