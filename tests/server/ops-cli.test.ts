// The operator CLI as an operator runs it: separate processes on one embedded database (a temporary
// DATA_DIR), create → publish → set results → settle (enqueueing the notices job), and a second settle
// that pays nothing more.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { CreateBetslipBody } from '../../machines/wire/admin.ts';
import { openDb } from '../../server/db/index.ts';
import { projectRoot } from '../../server/paths.ts';
import { availableCents } from '../../server/wallet/ledger.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'j14-ops-'));
const winner = '26652000001';

async function ops(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/ops/cli.ts', ...args],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
          NODE_ENV: 'development',
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Opens the CLI's database between commands (the embedded database takes one process at a time). */
async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const db = await openDb({ dataDir, databaseUrl: undefined });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('ops CLI', () => {
  it('ships an example betslip the admin API accepts', () => {
    const example = JSON.parse(readFileSync(join(projectRoot, 'server/ops/example-betslip.json'), 'utf8'));
    const check = TypeBoxValidatorCompiler({ schema: CreateBetslipBody, httpPart: 'body' } as never);
    expect((check(example) as { value?: unknown }).value).toBeDefined();
    expect(example.matches).toHaveLength(14);
  });

  it('creates, publishes, enters results and settles a betslip, paying once', {
    timeout: 180_000,
  }, async () => {
    const example = JSON.parse(readFileSync(join(projectRoot, 'server/ops/example-betslip.json'), 'utf8'));
    // The first run creates the database (the slow part), so the clock below starts after it.
    const empty = await ops('list');
    expect(empty.code, empty.stderr).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual([]);
    // Closes a few seconds from now: settlement is refused before the end by the real clock.
    const endAt = new Date(Date.now() + 25_000);
    const file = join(dataDir, 'betslip.json');
    // Its matches kick off at the close (never before it), so their results may be entered from then on.
    const kickOff = endAt.toISOString();
    const matches = example.matches.map((m: object) => ({ ...m, startDate: kickOff }));
    writeFileSync(file, JSON.stringify({ ...example, matches, sid: 'CLI-1', endDate: endAt.toISOString() }));

    const created = await ops('create-betslip', file);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ sid: 'CLI-1' });
    const published = await ops('publish', 'CLI-1');
    expect(published.code, published.stderr).toBe(0);
    expect(JSON.parse(published.stdout)).toMatchObject({ sid: 'CLI-1', status: 'CURRENT' });

    // One submission, all home wins (as if made through the play API before the end).
    await withDb((db) =>
      db.kysely
        .insertInto('submissions')
        .values({
          id: 'cli-sub-1',
          betslip_sid: 'CLI-1',
          msisdn: winner,
          predictions: JSON.stringify(
            Array.from({ length: 14 }, (_, i) => ({ betSlipPosition: i, prediction: 1 })),
          ),
          cost_cents: 200,
          paid_from: 'AIRTIME',
          idempotency_key: 'cli-sub-1',
        })
        .execute(),
    );

    const wait = endAt.getTime() - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
    const first = await ops('set-result', 'CLI-1', '1', 'AWAY_WIN');
    expect(first.code, first.stderr).toBe(0);
    const rest = Array.from({ length: 13 }, (_, i) => [String(i + 2), i === 12 ? 'VOID' : 'HOME_WIN']).flat();
    const early = await ops('settle', 'CLI-1');
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/BETSLIP\.RESULTS_MISSING/);
    expect((await ops('set-result', 'CLI-1', ...rest)).code).toBe(0);
    // Corrected before settling: match 1 was a home win.
    expect((await ops('set-result', 'CLI-1', '1', 'HOME_WIN')).code).toBe(0);

    const settled = await ops('settle', 'CLI-1');
    expect(settled.code, settled.stderr).toBe(0);
    expect(JSON.parse(settled.stdout)).toEqual({ settled: true, winners: 1, paid: 250_000 });
    const again = await ops('settle', 'CLI-1');
    expect(JSON.parse(again.stdout)).toEqual({ settled: true, winners: 1, paid: 0 });

    const listed = await ops('list');
    const cli1 = (
      JSON.parse(listed.stdout) as Array<{ sid: string; status: string; resultsMissing: number }>
    ).find((b) => b.sid === 'CLI-1');
    expect(cli1).toMatchObject({ status: 'SETTLED', resultsMissing: 0 });

    await withDb(async (db) => {
      expect(await availableCents(db.kysely, winner)).toBe(250_000_00);
      const row = await db.kysely
        .selectFrom('slip_results')
        .select(['correct_count', 'prize_won'])
        .where('submission_id', '=', 'cli-sub-1')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ correct_count: 14, prize_won: 'JACKPOT' });
      const actions = await db.kysely
        .selectFrom('operator_audit')
        .select(['actor', 'action'])
        .where('target', '=', 'CLI-1')
        .execute();
      expect(actions.map((a) => a.action)).toEqual(
        expect.arrayContaining(['BETSLIP.CREATE', 'BETSLIP.PUBLISH', 'BETSLIP.RESULT', 'BETSLIP.SETTLE']),
      );
      expect(actions.every((a) => a.actor.startsWith('cli'))).toBe(true);
      // The settlement notices were enqueued with the settlement, once: the server's workers send them.
      const { rows } = await db.executeSql<{ n: number | string }>(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = 'settlement-notices' AND data->>'sid' = $1`,
        ['CLI-1'],
      );
      expect(Number(rows[0]?.n)).toBe(1);
    });
  });

  it('refuses with the message key and exit code 1, and explains its usage with 2', {
    timeout: 60_000,
  }, async () => {
    const missing = await ops('publish', 'NOPE');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('BETSLIP.NOT_FOUND');
    const usage = await ops('set-result', 'CLI-1', '3');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage:');
  });
});
