// An airtime purchase whose server is killed (SIGKILL) while the provider is still working on it: after
// a restart, reconciliation asks the provider what became of it and gives the money back, and the
// client's retry with the same Idempotency-Key gets that final answer within seconds, not minutes.
// Runs the real server as a child process on the embedded database and, when reachable, on PostgreSQL.
import { describe, expect } from 'vitest';
import { BENCH_PASSWORD, type BenchDatabase, benchMsisdn, fillDatabase } from '../bench/fixture.ts';
import { postWithKey, signIn } from '../bench/load.ts';
import { startServer } from '../bench/process.ts';
import { itOnEachDatabase } from '../support/eachDatabase.ts';
import { freePort } from '../support/serverProcess.ts';
import { sleep } from '../support/wait.ts';

const buy = (url: string, token: string, key: string) =>
  postWithKey<{ messageKey: string; status: string }>(
    url,
    '/api/protected/mobile-money-transaction',
    token,
    key,
    JSON.stringify({ lang: 'en', amount: 7.25, receivingMsisdn: null, mobileWalletSid: 'MPESA' }),
  );

const balance = async (url: string, token: string) =>
  (
    await fetch(`${url}/api/protected/fetch-wallet-info`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())
  ).totalAvailableAmount as number;

async function killMidPurchase(target: BenchDatabase) {
  const port = await freePort();
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
  }
}

describe('a server killed while airtime is being bought', () => {
  itOnEachDatabase(
    (database) => `gives the money back after a restart, on ${database}`,
    killMidPurchase,
    120_000,
  );
});
