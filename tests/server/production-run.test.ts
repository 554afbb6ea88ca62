// The product in production mode, end to end, on the real rails adapters: a fresh PostgreSQL database,
// the M-Pesa, carrier-billing and Africa's Talking emulators each as its own process (as a provider would
// be: reached over HTTP with the credentials it printed), the server as a child process with
// NODE_ENV=production, and the operator's command line. The preflight reaches the rails; the first admin is
// added on the command line; a round is built and published through the admin API; a subscriber registers
// with the code the SMS provider was asked to send, subscribes, deposits by M-Pesa C2B, plays one slip from
// the wallet and one charged to airtime, wins, and cashes out by M-Pesa B2C. No /dev route and no demo
// account exist; /metrics answers with its token; every balance is the sum of its moves.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';
import { OneApiBilling } from '../../server/rails/billing/adapter.ts';
import { MpesaOpenApi } from '../../server/rails/mpesa/adapter.ts';
import { type RailEmulatorProcess, spawnRailEmulator } from '../support/railEmulatorProcess.ts';
import { BETSLIP_PARAMS } from '../support/rounds.ts';
import { type ServerProcess, spawnServer } from '../support/serverProcess.ts';
import { sleep } from '../support/wait.ts';
import { onPostgres, postgresSkipped, TEST_DATABASE_URL } from './postgresTarget.ts';

const TOKEN_PATH = '/auth/realms/commxp/protocol/openid-connect/token';
const SECRETS = {
  MOBILE_CLIENT_SECRET: `mobile-${randomUUID()}`,
  WEBSITE_CLIENT_SECRET: `website-${randomUUID()}`,
  OTP_PEPPER: `pepper-${randomUUID()}`,
  MOBILE_MONEY_CALLBACK_SECRET: `callback-${randomUUID()}`,
  METRICS_TOKEN: `metrics-${randomUUID()}`,
};
const ADMIN = { username: 'alice', password: `alice${randomUUID().slice(0, 8)}1` };
const SUBSCRIBER = { msisdn: '26658880001', password: 'winner123' };
/** From the round's creation to its close: the subscriber registers, deposits and plays meanwhile. */
const ROUND_MS = 40_000;
/** The round's results as pick digits: 1 home, 3 draw, 2 away (one per match, in order). */
const RESULTS = [1, 3, 2, 1, 1, 2, 3, 1, 2, 3, 1, 1, 2, 1];
const WIRE: Record<number, string> = { 1: 'HOME_WIN', 2: 'AWAY_WIN', 3: 'DRAW' };
const PRIZES = [
  { prizeType: 14, amount: 1000 },
  { prizeType: 13, amount: 500 },
  { prizeType: 12, amount: 200 },
  { prizeType: 7, amount: 40 },
  { prizeType: 6, amount: 20 },
];

const dbName = `j14_prod_${process.pid}_${randomUUID().slice(0, 8).replaceAll('-', '')}`;
const databaseUrl = (() => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
/** DATA_DIR (the receipt key and VAPID keys the server keeps there). */
let dataDir: string | undefined;
let created = false;
const emulators: RailEmulatorProcess[] = [];
let server: ServerProcess | undefined;
let database: pg.Client | undefined;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await server?.stop().catch(() => {});
  await Promise.all(emulators.map((e) => e.stop().catch(() => {})));
  await database?.end().catch(() => {});
  if (created) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field and checked
  json: any;
  text: string;
  headers: Headers;
}

/** One request to the server; a JSON body is sent as JSON, the answer parsed when it is JSON. */
async function call(
  method: string,
  path: string,
  options: { token?: string; authorization?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  if (!server) throw new Error('no server');
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.authorization) headers.authorization = options.authorization;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** The password grant of the mobile client, with its configured secret. */
async function grant(username: string, password: string): Promise<Answer> {
  if (!server) throw new Error('no server');
  const res = await fetch(server.url + TOKEN_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basic('mobile', SECRETS.MOBILE_CLIENT_SECRET),
    },
    body: new URLSearchParams({ grant_type: 'password', username, password, client_id: 'mobile' }).toString(),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text), text, headers: res.headers };
}

async function signIn(username: string, password: string): Promise<string> {
  const answer = await grant(username, password);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.access_token as string;
}

/** Asks `read` until `done` says yes, or fails with the last answer after `timeoutMs`. */
async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not done after ${timeoutMs} ms, last ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

/** The operator's command line on the server's database, `stdin` typed into it. */
function ops(args: string[], env: Record<string, string>, stdin = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Predictions as the submission body carries them (0-based positions). */
const dtos = (predictions: number[]) =>
  predictions.map((prediction, betSlipPosition) => ({ betSlipPosition, prediction }));

/** M amounts compared in cents (wire amounts have at most two decimals). */
const cents = (m: number) => Math.round(m * 100);

it.skipIf(postgresSkipped)(
  onPostgres('runs in production mode on the real rails against rail emulator processes'),
  { timeout: 240_000 },
  async () => {
    const started = Date.now();
    // 1. A fresh database, and the three providers as their own processes.
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    created = true;
    dataDir = mkdtempSync(join(tmpdir(), 'j14-prod-'));
    const [mpesa, billing, at] = await Promise.all([
      spawnRailEmulator('mpesa', { MPESA_SESSION_LIVE_MS: '200', EMULATOR_LATENCY_MS: '100' }),
      spawnRailEmulator('billing', { EMULATOR_LATENCY_MS: '50' }),
      spawnRailEmulator('at', {}),
    ]);
    emulators.push(mpesa, billing, at);
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://jackpot14.test',
      ...SECRETS,
      MPESA_BASE_URL: mpesa.url,
      MPESA_API_KEY: mpesa.credentials.apiKey!,
      MPESA_PUBLIC_KEY: mpesa.credentials.publicKey!,
      MPESA_SERVICE_PROVIDER_CODE: mpesa.credentials.serviceProviderCode!,
      MPESA_SESSION_LIVE_MS: '300',
      MPESA_TIMEOUT_MS: '5000',
      BILLING_BASE_URL: billing.url,
      BILLING_TOKEN: billing.credentials.token!,
      AT_BASE_URL: at.url,
      AT_USERNAME: at.credentials.username!,
      AT_API_KEY: at.credentials.apiKey!,
      SMS_SENDER_ID: 'Jackpot14',
      RECONCILE_INTERVAL_MS: '1000',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'warn',
    };

    // 2. The server, in production: no operator, no demo account. The preflight (it reaches the rails,
    // not the database) runs meanwhile.
    const checking = ops(['check'], env);
    server = await spawnServer({ script: 'server/main.ts', env });
    const demoAdmin = await grant('admin', 'admin1234');
    // Keycloak's answer to unknown credentials.
    expect(demoAdmin.status, demoAdmin.text).toBe(401);
    expect(demoAdmin.json.error).toBe('invalid_grant');
    expect((await grant('26650000001', 'demo1234')).status).toBe(401);
    database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    // Nobody at all: no operator, no demo subscriber.
    expect((await database.query('SELECT username FROM users')).rows).toEqual([]);

    // 3. The preflight reaches every configured rail; the first admin is added on the command line.
    const check = await checking;
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/ok\s+M-Pesa \(Vodacom OpenAPI\): session opened/);
    expect(check.stdout).toMatch(/ok\s+Carrier billing \(OneAPI\)/);
    expect(check.stdout).toMatch(/ok\s+Africa's Talking/);
    const added = await ops(['add-operator', ADMIN.username, 'ROLE_ADMIN'], env, `${ADMIN.password}\n`);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toEqual({ username: ADMIN.username, roles: ['ROLE_ADMIN'] });

    // 4. alice builds a round that closes in ROUND_MS, every match kicking off at the close, and publishes it.
    const alice = await signIn(ADMIN.username, ADMIN.password);
    const endAt = new Date(Date.now() + ROUND_MS);
    const example = JSON.parse(
      readFileSync(join(projectRoot, 'server/ops/example-betslip.json'), 'utf8'),
    ) as { matches: Array<Record<string, string>> };
    const round = await call('POST', '/api/admin/betslips', {
      token: alice,
      body: {
        sid: 'PROD-1',
        endDate: endAt.toISOString(),
        matches: example.matches.map((m) => ({ ...m, startDate: endAt.toISOString() })),
        betslipParams: BETSLIP_PARAMS,
        prizes: PRIZES,
      },
    });
    expect(round.status, round.text).toBe(201);
    expect(round.json).toEqual({ sid: 'PROD-1' });
    const published = await call('POST', '/api/admin/betslips/PROD-1/publish', { token: alice });
    expect(published.status, published.text).toBe(200);
    expect(published.json).toMatchObject({ sid: 'PROD-1', status: 'CURRENT' });

    // 5. A subscriber registers with the code sent through Africa's Talking, signs in and subscribes.
    const website = basic('website', SECRETS.WEBSITE_CLIENT_SECRET);
    const requested = await call('POST', '/api/web-registration/request-otp', {
      authorization: website,
      body: { msisdn: SUBSCRIBER.msisdn, lang: 'en' },
    });
    expect(requested.status, requested.text).toBe(200);
    const sms = await until(
      async () =>
        (await (await fetch(`${at.url}/_emulator/sms?msisdn=${SUBSCRIBER.msisdn}`)).json()) as Array<{
          to: string;
          message: string;
        }>,
      (list) => list.length > 0,
      10_000,
      'the OTP SMS',
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe(`+${SUBSCRIBER.msisdn}`);
    const code = /\b(\d{6})\b/.exec(sms[0]!.message)?.[1];
    expect(code, sms[0]!.message).toBeDefined();
    const site = await call('GET', '/api/public/site');
    expect(site.status).toBe(200);
    const registered = await call('POST', '/api/web-registration/register', {
      authorization: website,
      body: {
        msisdn: SUBSCRIBER.msisdn,
        lang: 'en',
        submittedOtp: code,
        userInput: SUBSCRIBER.password,
        ageConfirmed: true,
        termsVersion: site.json.termsVersion,
      },
    });
    expect(registered.status, registered.text).toBe(201);
    const token = await signIn(SUBSCRIBER.msisdn, SUBSCRIBER.password);
    const terms = await call('GET', '/api/protected/terms-status', { token });
    expect(terms.status, terms.text).toBe(200);
    if (terms.json.mustAccept) {
      const accepted = await call('POST', '/api/protected/accept-terms', {
        token,
        body: { version: terms.json.version },
      });
      expect(accepted.status, accepted.text).toBe(200);
    }
    const subscribed = await call('POST', '/api/protected/toggle-subscription', {
      token,
      body: { msisdn: SUBSCRIBER.msisdn, lang: 'en', enableSubscription: true },
    });
    expect(subscribed.status, subscribed.text).toBe(200);
    expect(subscribed.json).toEqual({ isSubscribed: true });

    // 6. M 50 in by M-Pesa C2B: 202 at once, CONFIRMED once the emulator process answered.
    const deposit = await call('POST', '/api/protected/deposit', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { lang: 'en', amount: 50, mobileWalletSid: 'MPESA' },
    });
    expect(deposit.status, deposit.text).toBe(202);
    expect(deposit.json).toMatchObject({ status: 'PENDING', messageKey: 'DEPOSIT.PENDING' });
    const depositId = deposit.json.depositId as string;
    const confirmed = await until(
      () => call('GET', `/api/protected/deposits/${depositId}`, { token }),
      (a) => a.status === 200 && a.json.status !== 'PENDING',
      20_000,
      'the deposit',
    );
    expect(confirmed.json).toMatchObject({ status: 'CONFIRMED', amount: 50, failureReason: null });
    expect(confirmed.json.providerReceipt).toMatch(/^\w+$/);
    // The M-Pesa process itself knows the payment, under the same receipt.
    const mpesaApi = new MpesaOpenApi({
      baseUrl: mpesa.url,
      apiKey: mpesa.credentials.apiKey!,
      publicKey: mpesa.credentials.publicKey!,
      serviceProviderCode: mpesa.credentials.serviceProviderCode!,
      sessionLiveMs: 300,
      timeoutMs: 5000,
    });
    expect(await mpesaApi.query(confirmed.json.reference)).toMatchObject({
      status: 'CONFIRMED',
      providerRef: confirmed.json.providerReceipt,
    });
    let wallet = await call('GET', '/api/protected/fetch-wallet-info', { token });
    expect(wallet.json.totalAvailableAmount).toBe(50);

    // 7. A slip from the wallet (two triples and a double holding the results: M 36, M 14 left), then one
    // the wallet cannot cover (three doubles, M 16, every pick wrong): charged to airtime.
    const current = await call('GET', '/api/protected/fetch-current-betslip', { token });
    expect(current.status, current.text).toBe(200);
    expect(current.json.sid).toBe('PROD-1');
    const winning = RESULTS.map((r, i) => (i < 2 ? 123 : i === 2 ? Number(`${r}${r === 1 ? 3 : 1}`) : r));
    const wrong = (r: number) => (r % 3) + 1;
    const losing = RESULTS.map((r, i) => {
      if (i >= 3 && i < 6) {
        const [a, b] = [1, 2, 3].filter((d) => d !== r);
        return Number(`${a}${b}`);
      }
      return wrong(r);
    });
    const play = (predictions: number[], betSlipCost: number) =>
      call('POST', '/api/protected/submit-online-betslip', {
        token,
        headers: { 'idempotency-key': randomUUID() },
        body: {
          msisdn: SUBSCRIBER.msisdn,
          lang: 'en',
          betSlipSid: 'PROD-1',
          positionAndPredictionDtos: dtos(predictions),
          betSlipCost,
        },
      });
    const fromWallet = await play(winning, 36);
    expect(fromWallet.status, fromWallet.text).toBe(200);
    expect(fromWallet.json).toMatchObject({
      messageKey: 'SUBMISSION.ACCEPTED',
      paidFrom: 'WALLET',
      amount: 36,
    });
    wallet = await call('GET', '/api/protected/fetch-wallet-info', { token });
    expect(wallet.json.totalAvailableAmount).toBe(14);
    const fromAirtime = await play(losing, 16);
    expect(fromAirtime.status, fromAirtime.text).toBe(200);
    expect(fromAirtime.json).toMatchObject({
      messageKey: 'SUBMISSION.ACCEPTED',
      paidFrom: 'AIRTIME',
      amount: 16,
    });
    expect(fromAirtime.json.receipt.reference).toMatch(/^PROD-1-/);
    wallet = await call('GET', '/api/protected/fetch-wallet-info', { token });
    expect(wallet.json.totalAvailableAmount).toBe(14);
    // The billing process charged it, under the reference the server keeps.
    const stakes = await database.query(`SELECT reference, status, provider_ref FROM airtime_stakes`);
    expect(stakes.rows).toEqual([
      { reference: expect.any(String), status: 'CONFIRMED', provider_ref: expect.any(String) },
    ]);
    const oneApi = new OneApiBilling({
      baseUrl: billing.url,
      token: billing.credentials.token!,
      timeoutMs: 5000,
    });
    expect(await oneApi.status(stakes.rows[0].reference)).toEqual({
      status: 'CHARGED',
      providerRef: stakes.rows[0].provider_ref,
    });

    // 8. After the close (which is also every kick-off): the results, the preview, the settlement.
    const slackMs = endAt.getTime() - Date.now();
    expect(
      slackMs,
      'the round is about to close before the subscriber played: raise ROUND_MS',
    ).toBeGreaterThan(2000);
    const early = await call('POST', '/api/admin/betslips/PROD-1/results', {
      token: alice,
      body: { position: 1, result: WIRE[RESULTS[0]!] },
    });
    expect(early.status, early.text).toBe(409);
    expect(early.json.messageKey).toBe('RESULT.TOO_EARLY');
    await sleep(Math.max(0, endAt.getTime() - Date.now()) + 500);
    const closed = await play(winning, 36);
    expect(closed.status, closed.text).toBe(409);
    expect(closed.json.messageKey).toBe('BETSLIP.CLOSED');
    const results = await call('POST', '/api/admin/betslips/PROD-1/results', {
      token: alice,
      body: { results: RESULTS.map((r, i) => ({ position: i + 1, result: WIRE[r] })) },
    });
    expect(results.status, results.text).toBe(200);
    const preview = await call('GET', '/api/admin/betslips/PROD-1/settlement-preview', { token: alice });
    expect(preview.status, preview.text).toBe(200);
    const jackpot = preview.json.tiers.find((t: { prizeType: number }) => t.prizeType === 14);
    expect(jackpot).toMatchObject({ winners: 1, amountEach: 1000 });
    const before = (await call('GET', '/api/protected/fetch-wallet-info', { token })).json;
    const settled = await call('POST', '/api/admin/betslips/PROD-1/settle', { token: alice });
    expect(settled.status, settled.text).toBe(200);
    expect(settled.json).toMatchObject({ settled: true, winners: 1 });
    const paidCents = cents(settled.json.paid as number);
    expect(paidCents).toBe(cents(preview.json.totalPayout));
    expect(paidCents).toBeGreaterThanOrEqual(1000_00);
    wallet = await call('GET', '/api/protected/fetch-wallet-info', { token });
    expect(cents(wallet.json.totalAvailableAmount)).toBe(cents(before.totalAvailableAmount) + paidCents);
    expect(cents(wallet.json.totalWonAmount)).toBe(paidCents);
    const past = await call('POST', '/api/protected/fetch-past-submitted-betslips', { token, body: {} });
    expect(past.status, past.text).toBe(200);
    const won = (past.json as Array<{ sid: string; amountWon: number }>)
      .filter((s) => s.sid === 'PROD-1')
      .reduce((sum, s) => sum + cents(s.amountWon), 0);
    expect(won).toBe(paidCents);
    const again = await call('POST', '/api/admin/betslips/PROD-1/settle', { token: alice });
    expect(again.json).toMatchObject({ settled: true, paid: 0 });

    // 9. The winner cashes out M 100 by M-Pesa B2C.
    const cashOut = await call('POST', '/api/protected/cash-out', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { lang: 'en', amount: 100, mobileWalletSid: 'MPESA' },
    });
    expect(cashOut.status, cashOut.text).toBe(200);
    expect(['CONFIRMED', 'PENDING']).toContain(cashOut.json.status);
    const paidOut = await until(
      () => database!.query(`SELECT status, provider_ref, reference FROM cash_outs`),
      (r) => r.rows[0]?.status !== 'PENDING',
      20_000,
      'the cash-out',
    );
    expect(paidOut.rows).toEqual([
      { status: 'CONFIRMED', provider_ref: expect.any(String), reference: cashOut.json.reference },
    ]);
    expect(await mpesaApi.query(cashOut.json.reference)).toMatchObject({
      status: 'CONFIRMED',
      providerRef: paidOut.rows[0].provider_ref,
    });
    wallet = await call('GET', '/api/protected/fetch-wallet-info', { token });
    expect(cents(wallet.json.totalAvailableAmount)).toBe(
      cents(before.totalAvailableAmount) + paidCents - 100_00,
    );
    expect(wallet.json.currentlyWithheldAmount).toBe(0);
    expect(wallet.json.totalWithdrawnAmount).toBe(100);

    // 10. Production serves no /dev route; /metrics answers its token only.
    expect((await call('GET', `/dev/sms?msisdn=${SUBSCRIBER.msisdn}`)).status).toBe(404);
    expect((await call('GET', '/dev/rails/mpesa/getSession/')).status).toBe(404);
    expect((await call('GET', '/metrics')).status).not.toBe(200);
    const metrics = await call('GET', '/metrics', { token: SECRETS.METRICS_TOKEN });
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('j14_payments_pending');

    // 11. Every balance is the sum of its moves, none is negative, and confirmed deposits are the deposits.
    const wallets = await database.query<{ msisdn: string; total: string }>(
      `SELECT w.msisdn, coalesce(sum(m.amount_cents), 0)::text AS total
         FROM (SELECT msisdn FROM wallets UNION SELECT msisdn FROM wallet_moves) AS w
         LEFT JOIN wallet_moves m ON m.msisdn = w.msisdn
        GROUP BY w.msisdn`,
    );
    expect(wallets.rows.map((r) => r.msisdn)).toContain(SUBSCRIBER.msisdn);
    for (const row of wallets.rows) {
      const seen = await call('GET', `/api/admin/subscribers/${row.msisdn}/wallet`, { token: alice });
      expect(seen.status, seen.text).toBe(200);
      expect(cents(seen.json.totalAvailableAmount), row.msisdn).toBe(Number(row.total));
      expect(Number(row.total)).toBeGreaterThanOrEqual(0);
    }
    // Not even for a moment: the running balance of every wallet, move by move, never went below zero.
    const dips = await database.query(
      `SELECT msisdn, balance FROM (
         SELECT msisdn, sum(amount_cents) OVER (PARTITION BY msisdn ORDER BY id) AS balance FROM wallet_moves
       ) AS running WHERE balance < 0`,
    );
    expect(dips.rows).toEqual([]);
    const own = await call('GET', '/api/protected/fetch-wallet-info', { token });
    const ownTotal = wallets.rows.find((r) => r.msisdn === SUBSCRIBER.msisdn)!.total;
    expect(cents(own.json.totalAvailableAmount)).toBe(Number(ownTotal));
    for (const move of own.json.walletMovesDto as Array<{ balanceAfter: number }>)
      expect(move.balanceAfter).toBeGreaterThanOrEqual(0);
    const reasons = (own.json.walletMovesDto as Array<{ reason: string; amount: number }>).map(
      (m) => `${m.reason} ${m.amount}`,
    );
    expect(reasons).toContain('DEPOSIT 50');
    const deposits = await database.query<{ confirmed: string; moved: string }>(
      `SELECT (SELECT coalesce(sum(amount_cents), 0) FROM deposits WHERE status = 'CONFIRMED')::text AS confirmed,
              (SELECT coalesce(sum(amount_cents), 0) FROM wallet_moves WHERE kind = 'DEPOSIT')::text AS moved`,
    );
    expect(deposits.rows[0]).toEqual({ confirmed: '5000', moved: '5000' });
    console.info(
      `production run: ${((Date.now() - started) / 1000).toFixed(1)} s; played ${(slackMs / 1000).toFixed(1)} s ` +
        `before the close; cash-out answered ${cashOut.json.status}`,
    );
  },
);
