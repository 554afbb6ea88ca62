// The M-Pesa OpenAPI adapter against its emulator over real HTTP: sessions, the encrypted Bearer, every
// response code, lost and slow answers, duplicates, queries and reversals.
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  conversationId,
  MpesaOpenApi,
  type MpesaOptions,
  reversalConversationId,
  transactionReference,
} from '../../server/rails/mpesa/adapter.ts';
import { MPESA_CODES } from '../../server/rails/mpesa/codes.ts';
import { encryptBearer } from '../../server/rails/mpesa/crypto.ts';
import {
  MpesaEmulator,
  type MpesaEmulatorOptions,
  mpesaEmulatorRoutes,
} from '../../server/rails/mpesa/emulator.ts';
import { paymentOutcome } from '../../server/rails/mpesa/outcome.ts';
import { type Fetch, type RailPayment, sleep } from '../../server/rails/types.ts';

const keyPair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherPublicKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('base64');

const LIVE_MS = 20;

let app: FastifyInstance;
let emulator: MpesaEmulator;
let baseUrl: string;

// The test's undici may leave a connection that never sent a request; only a forced close ends it.
async function start(options: MpesaEmulatorOptions = {}, forceCloseConnections = true) {
  emulator = new MpesaEmulator({
    keyPair,
    apiKey: 'api-key-les',
    serviceProviderCode: '900100',
    latencyMs: 5,
    sessionLiveMs: LIVE_MS,
    sessionTtlMs: 60_000,
    ...options,
  });
  app = Fastify({ forceCloseConnections });
  await app.register(mpesaEmulatorRoutes, { emulator, prefix: '/vodacomLES' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/vodacomLES`;
}

const adapter = (options: Partial<MpesaOptions> = {}) =>
  new MpesaOpenApi({
    baseUrl,
    apiKey: emulator.apiKey,
    publicKey: emulator.publicKeyBase64,
    serviceProviderCode: emulator.serviceProviderCode,
    sessionLiveMs: LIVE_MS,
    timeoutMs: 2000,
    ...options,
  });

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};
const payment = (overrides: Partial<RailPayment> = {}): RailPayment => ({
  reference: `DP-7F3K2Q${next()}`,
  msisdn: '26650000001',
  amountCents: 2500,
  description: 'Deposit',
  ...overrides,
});

const completed = async (reference: string) =>
  (await emulator.payments()).filter(
    (t) =>
      t.reference === transactionReference(reference) && t.status === 'Completed' && t.kind !== 'REVERSAL',
  );

/** A raw call with a live session, for what the adapter never sends. */
async function raw(method: string, path: string, body?: string, authorization?: string) {
  let bearer = authorization;
  if (bearer === undefined) {
    const session = await fetch(`${baseUrl}/getSession/`, {
      headers: { Authorization: `Bearer ${encryptBearer(emulator.publicKeyBase64, emulator.apiKey)}` },
    });
    const id = ((await session.json()) as { output_SessionID: string }).output_SessionID;
    await sleep(LIVE_MS + 5);
    bearer = `Bearer ${encryptBearer(emulator.publicKeyBase64, id)}`;
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: bearer, 'Content-Type': 'application/json', Origin: '*' },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const validC2b = (overrides: Record<string, string> = {}) =>
  JSON.stringify({
    input_Amount: '25.00',
    input_Country: 'LES',
    input_Currency: 'LSL',
    input_CustomerMSISDN: '26650000001',
    input_ServiceProviderCode: '900100',
    input_TransactionReference: 'DP7F3K',
    input_ThirdPartyConversationID: `raw${next()}`,
    input_PurchasedItemsDesc: 'Deposit',
    ...overrides,
  });

beforeEach(async () => {
  await start();
});

afterEach(async () => {
  await app.close();
});

describe('sessions', () => {
  it('opens one session with the encrypted API key and reuses it', async () => {
    const mpesa = adapter();
    expect(await mpesa.checkSession()).toEqual({ ok: true });
    const first = await mpesa.c2b(payment());
    const second = await mpesa.c2b(payment());
    expect(first).toMatchObject({ status: 'CONFIRMED', providerCode: 'INS-0' });
    expect(first.status === 'CONFIRMED' && first.providerRef).toMatch(/^[A-Z0-9]{10}$/);
    expect(second.status).toBe('CONFIRMED');
    expect(emulator.sessionsIssued).toBe(1);
    expect(emulator.sessionRefusals).toBe(0);
  });

  it('shares one getSession between concurrent callers', async () => {
    const mpesa = adapter();
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => mpesa.c2b(payment())));
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('CONFIRMED'));
    expect(emulator.sessionsIssued).toBe(1);
  });

  it('is refused with the wrong public key, and says so', async () => {
    const mpesa = adapter({ publicKey: otherPublicKey });
    expect(await mpesa.checkSession()).toEqual({
      ok: false,
      providerCode: 'INS-2',
      message: 'Invalid API Key',
    });
    expect(await mpesa.c2b(payment())).toEqual({
      status: 'FAILED',
      failureReason: 'PROVIDER_ERROR',
      providerCode: 'INS-2',
    });
    expect(await emulator.payments()).toEqual([]);
  });

  it('is refused with the wrong API key or a public key that is not one', async () => {
    expect(await adapter({ apiKey: 'guessed' }).checkSession()).toMatchObject({
      ok: false,
      providerCode: 'INS-2',
    });
    const broken = await adapter({ publicKey: 'bm90IGEga2V5' }).checkSession();
    expect(broken).toMatchObject({ ok: false, providerCode: null });
    expect(emulator.sessionsIssued).toBe(0);
  });

  it('waits until a new session is live before using it', async () => {
    await app.close();
    await start({ sessionLiveMs: 150 });
    const began = Date.now();
    const outcome = await adapter({ sessionLiveMs: 150 }).c2b(payment());
    expect(outcome.status).toBe('CONFIRMED');
    expect(Date.now() - began).toBeGreaterThanOrEqual(150);
    expect(emulator.sessionRefusals).toBe(0);
  });

  it('a session used before it is live is refused by the emulator (renewed once, then given up)', async () => {
    await app.close();
    await start({ sessionLiveMs: 500 });
    const outcome = await adapter({ sessionLiveMs: 0 }).c2b(payment());
    expect(outcome).toMatchObject({
      status: 'FAILED',
      failureReason: 'PROVIDER_ERROR',
      providerCode: 'INS-2',
    });
    expect(emulator.sessionsIssued).toBe(2);
    expect(emulator.sessionRefusals).toBe(2);
    expect(await emulator.payments()).toEqual([]);
  });

  it('renews a session before its TTL runs out', async () => {
    await app.close();
    await start({ sessionTtlMs: 200 });
    const mpesa = adapter({ sessionTtlMs: 200 });
    expect((await mpesa.c2b(payment())).status).toBe('CONFIRMED');
    await sleep(200);
    expect((await mpesa.c2b(payment())).status).toBe('CONFIRMED');
    expect(emulator.sessionsIssued).toBe(2);
    expect(emulator.sessionRefusals).toBe(0);
  });

  it('renews a refused session once and repeats the call once', async () => {
    await app.close();
    await start({ sessionTtlMs: 500 });
    const mpesa = adapter(); // believes sessions last an hour
    expect((await mpesa.c2b(payment())).status).toBe('CONFIRMED');
    // Counted from here: on a starved machine the first call may already have outlived its session.
    const [issued, refused] = [emulator.sessionsIssued, emulator.sessionRefusals];
    await sleep(600);
    const p = payment();
    expect((await mpesa.c2b(p)).status).toBe('CONFIRMED');
    expect(emulator.sessionsIssued - issued).toBe(1);
    expect(emulator.sessionRefusals - refused).toBe(1);
    expect(await completed(p.reference)).toHaveLength(1);
  });
});

describe('C2B outcomes', () => {
  it('records what was paid', async () => {
    const p = payment({ reference: 'DP-7F3K2Q9A', amountCents: 12345 });
    const outcome = await adapter().c2b(p);
    const [paid] = await completed(p.reference);
    expect(paid).toMatchObject({
      reference: 'DP7F3K2Q9A',
      thirdPartyConversationId: conversationId('DP-7F3K2Q9A'),
      kind: 'C2B',
      msisdn: '26650000001',
      amountCents: 12345,
    });
    expect(outcome).toEqual({ status: 'CONFIRMED', providerRef: paid?.transactionId, providerCode: 'INS-0' });
  });

  it('cancelled by the customer → CANCELLED (a 401 that is not a session refusal)', async () => {
    emulator.outcome = 'cancel';
    expect(await adapter().c2b(payment())).toEqual({
      status: 'CANCELLED',
      failureReason: 'DECLINED',
      providerCode: 'INS-5',
    });
    expect(emulator.sessionRefusals).toBe(0);
    expect(emulator.sessionsIssued).toBe(1);
  });

  it('wrong PIN → FAILED DECLINED INS-6', async () => {
    emulator.outcome = 'wrongPin';
    expect(await adapter().c2b(payment())).toEqual({
      status: 'FAILED',
      failureReason: 'DECLINED',
      providerCode: 'INS-6',
    });
  });

  it('insufficient balance → FAILED INSUFFICIENT_FUNDS INS-2006', async () => {
    emulator.insufficient.add('26650000002');
    const mpesa = adapter();
    expect(await mpesa.c2b(payment({ msisdn: '26650000002' }))).toEqual({
      status: 'FAILED',
      failureReason: 'INSUFFICIENT_FUNDS',
      providerCode: 'INS-2006',
    });
    expect((await mpesa.c2b(payment({ msisdn: '26650000003' }))).status).toBe('CONFIRMED');
  });

  it('INS-9 request timeout → UNKNOWN, then the query says it expired', async () => {
    emulator.outcome = 'timeout';
    const mpesa = adapter();
    const p = payment();
    expect(await mpesa.c2b(p)).toEqual({ status: 'UNKNOWN', providerCode: 'INS-9' });
    expect(await mpesa.query(p.reference)).toEqual({
      status: 'FAILED',
      failureReason: 'NOT_REACHED',
      providerCode: 'Expired',
    });
    expect(await completed(p.reference)).toHaveLength(0);
  });

  it('a lost answer → UNKNOWN; the query finds it paid, exactly once', async () => {
    emulator.outcome = 'never';
    const mpesa = adapter({ timeoutMs: 200 });
    const p = payment();
    expect(await mpesa.c2b(p)).toEqual({ status: 'UNKNOWN', providerCode: null });
    const [paid] = await completed(p.reference);
    expect(await mpesa.query(p.reference)).toEqual({
      status: 'CONFIRMED',
      providerRef: paid?.transactionId,
      providerCode: 'INS-0',
    });
    // The retry of the same payment is a duplicate, answered with the first one's outcome.
    emulator.outcome = 'confirm';
    expect(await mpesa.c2b(p)).toMatchObject({ status: 'CONFIRMED', providerRef: paid?.transactionId });
    expect(await completed(p.reference)).toHaveLength(1);
  });

  it('a slow answer past the read timeout → UNKNOWN, pending, then completed once', async () => {
    emulator.latencyMs = 300;
    const mpesa = adapter({ timeoutMs: 100 });
    const p = payment();
    expect(await mpesa.c2b(p)).toEqual({ status: 'UNKNOWN', providerCode: null });
    expect(await mpesa.query(p.reference)).toEqual({ status: 'PENDING', providerCode: 'Pending' });
    await sleep(300);
    expect((await mpesa.query(p.reference)).status).toBe('CONFIRMED');
    expect(await completed(p.reference)).toHaveLength(1);
  });

  it('the same reference twice → INS-10 → looked up → the same outcome, one payment', async () => {
    const mpesa = adapter();
    const p = payment();
    const first = await mpesa.c2b(p);
    const again = await mpesa.c2b(p);
    expect(first.status).toBe('CONFIRMED');
    expect(again).toEqual(first);
    expect(await completed(p.reference)).toHaveLength(1);
  });

  it('a duplicate while the first waits for the PIN → UNKNOWN INS-10, one payment', async () => {
    emulator.latencyMs = 200;
    const mpesa = adapter();
    const p = payment();
    const first = mpesa.c2b(p);
    await sleep(LIVE_MS + 50);
    expect(await mpesa.c2b(p)).toEqual({ status: 'UNKNOWN', providerCode: 'INS-10' });
    expect((await first).status).toBe('CONFIRMED');
    expect(await completed(p.reference)).toHaveLength(1);
  });

  it('field refusals the adapter can meet → FAILED with the code kept', async () => {
    const mpesa = adapter();
    expect(await mpesa.c2b(payment({ msisdn: '2665000' }))).toEqual({
      status: 'FAILED',
      failureReason: 'DECLINED',
      providerCode: 'INS-2051',
    });
    expect(await mpesa.c2b(payment({ amountCents: 0 }))).toMatchObject({
      failureReason: 'PROVIDER_ERROR',
      providerCode: 'INS-15',
    });
    expect(await adapter({ serviceProviderCode: '111111' }).c2b(payment())).toMatchObject({
      failureReason: 'PROVIDER_ERROR',
      providerCode: 'INS-13',
    });
    expect(await emulator.payments()).toEqual([]);
  });
});

describe('B2C', () => {
  it('pays, and declines at the failure rate', async () => {
    const mpesa = adapter();
    expect((await mpesa.b2c(payment())).status).toBe('CONFIRMED');
    emulator.failureRate = 1;
    expect(await mpesa.b2c(payment())).toEqual({
      status: 'FAILED',
      failureReason: 'DECLINED',
      providerCode: 'INS-6',
    });
    expect((await emulator.payments()).map((t) => [t.kind, t.status])).toEqual([
      ['B2C', 'Completed'],
      ['B2C', 'Failed'],
    ]);
  });

  it('hang: the payment is made, the answer never comes', async () => {
    emulator.hang = true;
    const mpesa = adapter({ timeoutMs: 150 });
    const p = payment();
    expect(await mpesa.b2c(p)).toEqual({ status: 'UNKNOWN', providerCode: null });
    expect((await mpesa.query(p.reference)).status).toBe('CONFIRMED');
    expect(await completed(p.reference)).toHaveLength(1);
  });

  it('closing the emulator ends requests it holds open', async () => {
    await app.close();
    await start({}, false); // what ends the held request is the plugin's preClose hook
    emulator.hang = true;
    emulator.latencyMs = 0;
    const pending = adapter({ timeoutMs: 60_000 }).b2c(payment());
    await sleep(LIVE_MS + 100);
    await app.close();
    expect(await pending).toEqual({ status: 'UNKNOWN', providerCode: null });
  });
});

describe('query', () => {
  it('a made-up reference: INS-23 → UNKNOWN while young, FAILED NOT_REACHED once past the timeout', async () => {
    const mpesa = adapter({ timeoutMs: 1000 });
    expect(await mpesa.query('DP-NEVERSENT')).toEqual({ status: 'UNKNOWN', providerCode: 'INS-23' });
    expect(await mpesa.query('DP-NEVERSENT', Date.now() - 500)).toEqual({
      status: 'UNKNOWN',
      providerCode: 'INS-23',
    });
    expect(await mpesa.query('DP-NEVERSENT', Date.now() - 1500)).toEqual({
      status: 'FAILED',
      failureReason: 'NOT_REACHED',
      providerCode: 'INS-23',
    });
  });

  it('a cancelled payment reads CANCELLED', async () => {
    emulator.outcome = 'cancel';
    const mpesa = adapter();
    const p = payment();
    await mpesa.c2b(p);
    expect(await mpesa.query(p.reference)).toEqual({
      status: 'CANCELLED',
      failureReason: 'DECLINED',
      providerCode: 'Cancelled',
    });
  });
});

describe('reversal', () => {
  it('gives a payment back once; the payment then reads Reversed', async () => {
    const mpesa = adapter();
    const p = payment();
    const paid = await mpesa.c2b(p);
    if (paid.status !== 'CONFIRMED') throw new Error('not paid');
    const reversed = await mpesa.reversal(p.reference, paid.providerRef, 2500);
    expect(reversed).toMatchObject({ status: 'CONFIRMED', providerCode: 'INS-0' });
    expect(reversed.status === 'CONFIRMED' && reversed.providerRef).not.toBe(paid.providerRef);
    expect(await mpesa.query(p.reference)).toMatchObject({ status: 'FAILED', providerCode: 'Reversed' });
    // Repeated: a duplicate conversation, looked up → the same reversal.
    expect(await mpesa.reversal(p.reference, paid.providerRef, 2500)).toEqual(reversed);
    const reversals = (await emulator.payments()).filter((t) => t.kind === 'REVERSAL');
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({ reversedTransactionId: paid.providerRef, amountCents: 2500 });
  });

  it('refuses an unknown transaction (INS-18) and more than was paid (INS-15)', async () => {
    const mpesa = adapter();
    expect(await mpesa.reversal('DP-NOPE', 'AAAAAAAAAA', 100)).toEqual({
      status: 'FAILED',
      failureReason: 'PROVIDER_ERROR',
      providerCode: 'INS-18',
    });
    const p = payment();
    const paid = await mpesa.c2b(p);
    if (paid.status !== 'CONFIRMED') throw new Error('not paid');
    expect(await mpesa.reversal(p.reference, paid.providerRef, 2501)).toMatchObject({
      providerCode: 'INS-15',
    });
    expect((await completed(p.reference)).map((t) => t.status)).toEqual(['Completed']);
  });
});

describe('what the emulator checks', () => {
  it.each([
    ['a transaction reference with a hyphen', { input_TransactionReference: 'DP-7F3K' }, 'INS-17', 400],
    ['a reference over 20', { input_TransactionReference: 'A'.repeat(21) }, 'INS-17', 400],
    ['a conversation ID over 40', { input_ThirdPartyConversationID: 'A'.repeat(41) }, 'INS-19', 400],
    ['an amount without cents', { input_Amount: '25' }, 'INS-15', 400],
    ['another country', { input_Country: 'ZAF' }, 'INS-998', 400],
    ['another currency', { input_Currency: 'ZAR' }, 'INS-21', 400],
    ['a missing field', { input_CustomerMSISDN: '' }, 'INS-20', 400],
  ])('%s → %s', async (_name, overrides, code, status) => {
    const answer = await raw('POST', '/c2bPayment/singleStage/', validC2b(overrides));
    expect(answer).toMatchObject({ status, body: { output_ResponseCode: code } });
    expect(answer.body.output_ResponseDesc).toBe(MPESA_CODES[code as keyof typeof MPESA_CODES].description);
  });

  it('a malformed body → INS-21 400, an empty one → INS-20 400', async () => {
    expect(await raw('POST', '/b2cPayment/', '{"input_Amount":')).toMatchObject({
      status: 400,
      body: { output_ResponseCode: 'INS-21' },
    });
    expect(await raw('POST', '/b2cPayment/', '')).toMatchObject({
      status: 400,
      body: { output_ResponseCode: 'INS-20' },
    });
  });

  it('answers success 201 with the identifiers M-Pesa gives', async () => {
    const answer = await raw(
      'POST',
      '/c2bPayment/singleStage/',
      validC2b({ input_ThirdPartyConversationID: 'abc1' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      output_ResponseCode: 'INS-0',
      output_ResponseDesc: 'Request processed successfully',
      output_ThirdPartyConversationID: 'abc1',
      output_ConversationID: expect.stringMatching(/^[0-9a-f]{32}$/),
      output_TransactionID: expect.stringMatching(/^[A-Z0-9]{10}$/),
    });
    const again = await raw(
      'POST',
      '/c2bPayment/singleStage/',
      validC2b({ input_ThirdPartyConversationID: 'abc1' }),
    );
    expect(again).toMatchObject({ status: 409, body: { output_ResponseCode: 'INS-10' } });
  });

  it('refuses a missing or undecryptable Bearer with 401', async () => {
    expect(await raw('POST', '/b2cPayment/', validC2b(), '')).toMatchObject({
      status: 401,
      body: { output_ResponseCode: 'INS-2' },
    });
    const forged = `Bearer ${encryptBearer(otherPublicKey, 'anything')}`;
    expect((await raw('GET', '/getSession/', undefined, forged)).status).toBe(401);
  });
});

describe('response code mapping', () => {
  it('decides by output_ResponseCode for every code in the table', () => {
    for (const [code, { httpStatus, meaning }] of Object.entries(MPESA_CODES)) {
      const outcome = paymentOutcome({
        httpStatus,
        body: { output_ResponseCode: code, output_TransactionID: 'T1' },
      });
      if (meaning === 'LOOKUP') expect(outcome, code).toBe('LOOKUP');
      else if (meaning === 'CONFIRMED' || meaning === 'CANCELLED' || meaning === 'UNKNOWN')
        expect(outcome, code).toMatchObject({ status: meaning, providerCode: code });
      else expect(outcome, code).toEqual({ status: 'FAILED', failureReason: meaning, providerCode: code });
    }
  });

  it('places the codes as the contract says', () => {
    const meaningOf = (code: keyof typeof MPESA_CODES) => MPESA_CODES[code].meaning;
    expect(meaningOf('INS-9')).toBe('UNKNOWN');
    expect(meaningOf('INS-10')).toBe('LOOKUP');
    expect(meaningOf('INS-2006')).toBe('INSUFFICIENT_FUNDS');
    expect(meaningOf('INS-5')).toBe('CANCELLED');
    for (const code of ['INS-6', 'INS-4', 'INS-995', 'INS-996', 'INS-2051'] as const) {
      expect(meaningOf(code), code).toBe('DECLINED');
    }
    for (const code of ['INS-2', 'INS-13', 'INS-17', 'INS-21', 'INS-998'] as const) {
      expect(meaningOf(code), code).toBe('PROVIDER_ERROR');
    }
  });

  it('never by the HTTP status alone', () => {
    const at = (httpStatus: number, body: Record<string, unknown>) => paymentOutcome({ httpStatus, body });
    expect(at(200, { output_ResponseCode: 'INS-6' })).toMatchObject({
      status: 'FAILED',
      providerCode: 'INS-6',
    });
    expect(at(400, { output_ResponseCode: 'INS-777' })).toMatchObject({
      status: 'FAILED',
      failureReason: 'PROVIDER_ERROR',
      providerCode: 'INS-777',
    });
    expect(at(503, { output_ResponseCode: 'INS-777' })).toEqual({
      status: 'UNKNOWN',
      providerCode: 'INS-777',
    });
    expect(at(502, {})).toEqual({ status: 'UNKNOWN', providerCode: null });
    expect(at(201, { output_ResponseCode: 'INS-0' })).toEqual({ status: 'UNKNOWN', providerCode: 'INS-0' });
    expect(paymentOutcome({ lost: 'socket hang up' })).toEqual({ status: 'UNKNOWN', providerCode: null });
  });

  it('an answer that is not JSON, or a dropped connection → UNKNOWN', async () => {
    const session = new Response(JSON.stringify({ output_ResponseCode: 'INS-0', output_SessionID: 's1' }));
    const answers = [
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
      () => {
        throw new TypeError('fetch failed');
      },
    ];
    for (const next of answers) {
      const fake: Fetch = async (input) =>
        String(input).includes('/getSession/') ? session.clone() : next();
      const mpesa = adapter({ fetch: fake, sessionLiveMs: 0 });
      expect(await mpesa.c2b(payment())).toEqual({ status: 'UNKNOWN', providerCode: null });
    }
  });
});

describe('identifiers', () => {
  it.each([
    'DP-7F3K2Q9A',
    'CO-20250601-7F3K2Q9A',
    'WD-0001-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    '---',
  ])('%s', (reference) => {
    const id = conversationId(reference);
    expect(id).toMatch(/^[A-Za-z0-9]{1,40}$/);
    expect(conversationId(reference)).toBe(id);
    expect(reversalConversationId(reference)).toMatch(/^[A-Za-z0-9]{1,40}$/);
    expect(reversalConversationId(reference)).not.toBe(id);
    expect(transactionReference(reference)).toMatch(/^[A-Za-z0-9]{1,20}$/);
  });

  it('keeps the readable reference and stays unique where separators differ', () => {
    expect(conversationId('DP-7F3K2Q9A').startsWith('DP7F3K2Q9A')).toBe(true);
    expect(transactionReference('DP-7F3K2Q9A')).toBe('DP7F3K2Q9A');
    expect(transactionReference('CO-20250601-7F3K2Q9A')).toBe('CO202506017F3K2Q9A');
    expect(conversationId('DP-7F3K2Q9A')).not.toBe(conversationId('DP7F-3K2Q9A'));
    const long = 'CO-'.padEnd(60, 'X');
    expect(conversationId(long)).not.toBe(conversationId(`${long}Y`));
  });

  it('a long reference goes through end to end', async () => {
    const p = payment({ reference: `CO-20250601-${'Q'.repeat(40)}` });
    expect((await adapter().c2b(p)).status).toBe('CONFIRMED');
    expect(await completed(p.reference)).toHaveLength(1);
  });
});
