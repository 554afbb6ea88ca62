// A server killed (SIGKILL) while submissions are being paid, then restarted on the same database, leaves
// the ledger consistent: every stored submission has exactly its stake, every stake its submission, every
// 200 the client saw is stored, and replaying every request afterwards charges nothing twice. Runs the real
// server as a child process on the embedded database and, when reachable, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { type BenchDatabase, fillDatabase } from '../bench/fixture.ts';
import { currentSlip, postWithKey, signInBench, submissionBody } from '../bench/load.ts';
import { startServer } from '../bench/process.ts';
import { itOnEachDatabase } from '../support/eachDatabase.ts';
import { freePort } from '../support/serverProcess.ts';

const SUBSCRIBERS = 8;
const REQUESTS = 120;

interface Sent {
  key: string;
  token: string;
  status: number | 'network';
  submissionId?: string;
}

async function submit(url: string, body: string, token: string, key: string): Promise<Sent> {
  const path = '/api/protected/submit-online-betslip';
  const answer = await postWithKey<{ submissionId: string }>(url, path, token, key, body);
  return { key, token, status: answer.status, submissionId: answer.body.submissionId };
}

async function crashAndCheck(target: BenchDatabase) {
  await fillDatabase(target, { subscribers: SUBSCRIBERS, stored: 0 });
  const port = await freePort();
  let server = await startServer(port, target.env);
  const tokens = await signInBench(server.url, SUBSCRIBERS);
  const body = submissionBody((await currentSlip(server.url, tokens[0]!)).slip);

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
  }
}

describe('a server killed mid-submission', () => {
  itOnEachDatabase((database) => `leaves ${database} consistent`, crashAndCheck, 180_000);
});
