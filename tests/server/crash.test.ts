// A server killed (SIGKILL) while submissions are being paid, then restarted on the same database, leaves
// the ledger consistent: every stored submission has exactly its stake, every stake its submission, every
// 200 the client saw is stored, and replaying every request afterwards charges nothing twice. Runs the real
// server as a child process on the embedded database and, when reachable, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  BENCH_PASSWORD,
  type BenchDatabase,
  benchMsisdn,
  embeddedDatabase,
  fillDatabase,
  postgresDatabase,
} from '../bench/fixture.ts';
import { signIn, submissionBody } from '../bench/load.ts';
import { startServer } from '../bench/process.ts';
import { freePort } from '../support/serverProcess.ts';
import { onPostgres, postgresSkipped } from './postgresTarget.ts';

const SUBSCRIBERS = 8;
const REQUESTS = 120;

interface Sent {
  key: string;
  token: string;
  status: number | 'network';
  submissionId?: string;
}

async function submit(url: string, body: string, token: string, key: string): Promise<Sent> {
  try {
    const res = await fetch(`${url}/api/protected/submit-online-betslip`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body,
    });
    const json = (await res.json().catch(() => ({}))) as { submissionId?: string };
    return { key, token, status: res.status, submissionId: json.submissionId };
  } catch {
    return { key, token, status: 'network' };
  }
}

async function crashAndCheck(target: BenchDatabase, port: number) {
  await fillDatabase(target, { subscribers: SUBSCRIBERS, stored: 0 });
  let server = await startServer(port, target.env);
  const tokens: string[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) tokens.push(await signIn(server.url, benchMsisdn(i), BENCH_PASSWORD));
  const slip = await fetch(`${server.url}/api/protected/fetch-current-betslip`, {
    headers: { authorization: `Bearer ${tokens[0]}` },
  }).then((r) => r.json());
  const body = submissionBody(slip);

  // Requests in flight from 8 clients; the kill lands once some have been answered.
  const sent: Promise<Sent>[] = [];
  let answered = 0;
  const killed = (async () => {
    while (answered < 15) await new Promise((r) => setTimeout(r, 5));
    await server.kill();
  })();
  await Promise.all(
    tokens.map(async (token) => {
      for (let i = 0; i < REQUESTS / SUBSCRIBERS; i++) {
        const one = submit(server.url, body, token, randomUUID());
        sent.push(one);
        if ((await one).status === 'network') return;
        answered += 1;
      }
    }),
  );
  await killed;
  const results = await Promise.all(sent);
  const accepted = results.filter((r) => r.status === 200);
  expect(accepted.length).toBeGreaterThanOrEqual(15);
  expect(results.some((r) => r.status === 'network')).toBe(true);

  // Restarted on the same data: every request replayed with its key is charged at most once.
  server = await startServer(port, target.env);
  try {
    for (const r of results) {
      const again = await submit(server.url, body, r.token, r.key);
      if (r.status === 200) expect(again.submissionId).toBe(r.submissionId);
      // An abandoned claim answers 409 until it goes stale; anything else is the first or the stored answer.
      expect([200, 409]).toContain(again.status);
    }
  } finally {
    await server.stop();
  }

  const db = await target.open();
  try {
    const k = db.kysely;
    const orphanSubmissions = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM submissions s
      WHERE NOT EXISTS (SELECT 1 FROM wallet_moves m WHERE m.msisdn = s.msisdn AND m.kind = 'STAKE'
        AND m.idempotency_key = 'stake:' || s.idempotency_key AND m.amount_cents = -s.cost_cents)`.execute(k);
    const orphanStakes = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM wallet_moves m WHERE m.kind = 'STAKE' AND NOT EXISTS (
        SELECT 1 FROM submissions s WHERE s.msisdn = m.msisdn AND 'stake:' || s.idempotency_key = m.idempotency_key)`.execute(
      k,
    );
    expect(orphanSubmissions.rows[0]?.n).toBe(0);
    expect(orphanStakes.rows[0]?.n).toBe(0);
    const ids = accepted.map((r) => r.submissionId!);
    const stored = await k.selectFrom('submissions').select('id').where('id', 'in', ids).execute();
    expect(stored).toHaveLength(ids.length);
    // Balances: the credit minus exactly the stored submissions' costs.
    const balances = await sql<{ msisdn: string; balance: string; spent: string }>`
      SELECT w.msisdn, (SELECT sum(amount_cents) FROM wallet_moves m WHERE m.msisdn = w.msisdn)::text AS balance,
        (SELECT coalesce(sum(cost_cents), 0) FROM submissions s WHERE s.msisdn = w.msisdn)::text AS spent
      FROM wallets w WHERE w.msisdn LIKE '26659%'`.execute(k);
    for (const b of balances.rows) expect(Number(b.balance)).toBe(100_000_000 - Number(b.spent));
  } finally {
    await db.close();
    await target.dispose();
  }
}

describe('a server killed mid-submission', () => {
  it('leaves the embedded database consistent', async () => {
    await crashAndCheck(embeddedDatabase(), await freePort());
  }, 180_000);

  // Skipped, with the reason in its name, where PostgreSQL does not answer (tests/server/postgresTarget.ts).
  it.skipIf(postgresSkipped)(
    onPostgres('leaves PostgreSQL consistent'),
    async () => {
      await crashAndCheck(await postgresDatabase(), await freePort());
    },
    180_000,
  );
});
