// An airtime purchase whose server is killed (SIGKILL) while the provider is still working on it: after
// a restart, reconciliation asks the provider what became of it and gives the money back, and the
// client's retry with the same Idempotency-Key gets that final answer within seconds, not minutes.
// Runs the real server as a child process on the embedded database and, when reachable, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import {
  BENCH_PASSWORD,
  type BenchDatabase,
  benchMsisdn,
  embeddedDatabase,
  fillDatabase,
  postgresDatabase,
} from '../bench/fixture.ts';
import { signIn } from '../bench/load.ts';
import { startServer } from '../bench/process.ts';
import { freePort } from '../support/serverProcess.ts';
import { onPostgres, postgresSkipped } from './postgresTarget.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  messageKey?: string;
  status?: string;
}

async function buy(url: string, token: string, key: string) {
  try {
    const res = await fetch(`${url}/api/protected/mobile-money-transaction`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify({ lang: 'en', amount: 7.25, receivingMsisdn: null, mobileWalletSid: 'MPESA' }),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  } catch {
    return { status: 'network' as const, body: {} as Answer };
  }
}

const balance = async (url: string, token: string) =>
  (
    await fetch(`${url}/api/protected/fetch-wallet-info`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())
  ).totalAvailableAmount as number;

async function killMidPurchase(target: BenchDatabase, port: number) {
  await fillDatabase(target, { subscribers: 1, stored: 0 });
  const msisdn = benchMsisdn(0);
  // The provider takes 3 s; the request would wait 5 s for it.
  let server = await startServer(port, {
    ...target.env,
    MOBILE_MONEY_LATENCY_MS: '3000',
    MOBILE_MONEY_TIMEOUT_MS: '5000',
  });
  try {
    const token = await signIn(server.url, msisdn, BENCH_PASSWORD);
    const before = await balance(server.url, token);
    const cut = buy(server.url, token, 'K');
    await sleep(1000);
    await server.kill();
    expect((await cut).status).toBe('network');

    // Restarted with a quick reconciler (a payment is reconciled once older than twice the provider wait).
    server = await startServer(port, {
      ...target.env,
      MOBILE_MONEY_LATENCY_MS: '0',
      MOBILE_MONEY_TIMEOUT_MS: '500',
      RECONCILE_INTERVAL_MS: '200',
    });
    const fresh = await signIn(server.url, msisdn, BENCH_PASSWORD);
    const started = Date.now();
    let answer = await buy(server.url, fresh, 'K');
    while (answer.body.messageKey === 'IDEMPOTENCY.IN_PROGRESS' && Date.now() - started < 20_000) {
      await sleep(250);
      answer = await buy(server.url, fresh, 'K');
    }
    expect(answer).toMatchObject({ status: 200, body: { messageKey: 'AIRTIME.FAILED', status: 'FAILED' } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await balance(server.url, fresh)).toBe(before);
  } finally {
    await server.stop();
    await target.dispose();
  }
}

describe('a server killed while airtime is being bought', () => {
  it('gives the money back after a restart, on the embedded database', async () => {
    await killMidPurchase(embeddedDatabase(), await freePort());
  }, 120_000);

  // Skipped, with the reason in its name, where PostgreSQL does not answer (tests/server/postgresTarget.ts).
  it.skipIf(postgresSkipped)(
    onPostgres('gives the money back after a restart, on PostgreSQL'),
    async () => {
      await killMidPurchase(await postgresDatabase(), await freePort());
    },
    120_000,
  );
});
