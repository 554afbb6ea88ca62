// The EcoCash adapter against its emulator over real HTTP, with our notify route on the same server: the
// asynchronous charge (PENDING, then the notification), failures, duplicates, auth, refunds, timeouts.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EcoCashApi, type EcoCashApiOptions } from '../../server/rails/ecocash/adapter.ts';
import {
  EcoCashEmulator,
  type EmulatedTransaction,
  ecocashEmulatorRoutes,
} from '../../server/rails/ecocash/emulator.ts';
import { ECOCASH_NOTIFY_PATH, ecocashNotifyRoute } from '../../server/rails/ecocash/notify.ts';
import { clientCorrelator, readTransaction } from '../../server/rails/ecocash/protocol.ts';
import { memoryStore, type RailStatus } from '../../server/rails/types.ts';

const SECRET = 'notify-secret';
const PREFIX = '/ecocash/payment/v1';
const MERCHANT = { merchantCode: '42424', merchantPin: '1357', merchantNumber: '26658000000' };

let app: FastifyInstance;
let origin: string;
let emulator: EcoCashEmulator;
const results: Array<{ reference: string; msisdn: string; status: RailStatus }> = [];
let counter = 0;

const reference = () => `J14-TEST-${Date.now().toString(36)}-${++counter}`;
const payment = (msisdn = '26650000001', amountCents = 2500) => ({
  reference: reference(),
  msisdn,
  amountCents,
  description: 'Wallet deposit',
});

function api(overrides: Partial<EcoCashApiOptions> = {}) {
  return new EcoCashApi({
    baseUrl: `${origin}${PREFIX}`,
    username: 'j14',
    password: 'pw',
    ...MERCHANT,
    notifyUrl: `${origin}${ECOCASH_NOTIFY_PATH}?secret=${SECRET}`,
    timeoutMs: 5000,
    ...overrides,
  });
}

beforeAll(async () => {
  emulator = new EcoCashEmulator({ username: 'j14', password: 'pw', ...MERCHANT, retryDelayMs: 20 });
  app = Fastify();
  await app.register(ecocashEmulatorRoutes, { prefix: PREFIX, emulator });
  await app.register(ecocashNotifyRoute, {
    secret: SECRET,
    onResult: async (ref, msisdn, status) => {
      results.push({ reference: ref, msisdn, status });
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await emulator.settled();
  await app.close();
});

beforeEach(async () => {
  await emulator.settled();
  emulator.latencyMs = 20;
  emulator.outcome = 'confirm';
  emulator.notify = true;
  emulator.answerDelayMs = 0;
  emulator.deliver = undefined;
  emulator.insufficient.clear();
});

describe('EcoCash charge', () => {
  it('answers PENDING, then the notification confirms it (onResult once, COMPLETED)', async () => {
    const p = payment();
    const first = await api().charge(p);
    expect(first).toEqual({ status: 'PENDING', providerCode: 'PENDING SUBSCRIBER VALIDATION' });
    await emulator.settled();
    const mine = results.filter((r) => r.reference === p.reference);
    expect(mine).toHaveLength(1);
    const charge = emulator.completed.find((c) => c.referenceCode === p.reference);
    expect(charge?.amountCents).toBe(2500);
    expect(mine[0]).toEqual({
      reference: p.reference,
      msisdn: p.msisdn,
      status: { status: 'CONFIRMED', providerRef: charge?.ecocashReference, providerCode: 'COMPLETED' },
    });
    expect(charge?.ecocashReference).toMatch(/^MP\d{6}\.\d{4}\.[A-Z]\d{5}$/);
    expect(await api().status(p.reference, p.msisdn)).toMatchObject({
      status: 'CONFIRMED',
      providerRef: charge?.ecocashReference,
    });
  });

  it('a subscriber who declines: FAILED DECLINED, and nothing is charged', async () => {
    emulator.outcome = 'cancel';
    const p = payment();
    expect((await api().charge(p)).status).toBe('PENDING');
    await emulator.settled();
    const notified = results.find((r) => r.reference === p.reference);
    expect(notified?.status).toMatchObject({ status: 'FAILED', failureReason: 'DECLINED' });
    expect(emulator.completed.some((c) => c.referenceCode === p.reference)).toBe(false);
  });

  it('a short wallet: FAILED INSUFFICIENT_FUNDS', async () => {
    const p = payment('26650000077');
    emulator.insufficient.add(p.msisdn);
    await api().charge(p);
    await emulator.settled();
    expect(results.find((r) => r.reference === p.reference)?.status).toEqual({
      status: 'FAILED',
      failureReason: 'INSUFFICIENT_FUNDS',
      providerCode: 'INSUFFICIENT_FUNDS',
    });
    expect(await api().status(p.reference, p.msisdn)).toMatchObject({ failureReason: 'INSUFFICIENT_FUNDS' });
  });

  it("'never': no notification, only the status query tells it completed", async () => {
    emulator.outcome = 'never';
    emulator.latencyMs = 200;
    const p = payment();
    expect((await api().charge(p)).status).toBe('PENDING');
    expect((await api().status(p.reference, p.msisdn)).status).toBe('PENDING');
    await emulator.settled();
    expect(results.some((r) => r.reference === p.reference)).toBe(false);
    expect(emulator.notifications.some((n) => n.body.referenceCode === p.reference)).toBe(false);
    expect(await api().status(p.reference, p.msisdn)).toMatchObject({ status: 'CONFIRMED' });
  });

  it('a repeated clientCorrelator answers the original transaction: one charge', async () => {
    emulator.latencyMs = 200;
    const p = payment();
    const [a, b] = await Promise.all([api().charge(p), api().charge(p)]);
    const c = await api().charge({ ...p, amountCents: 9900 });
    expect([a.status, b.status, c.status]).toEqual(['PENDING', 'PENDING', 'PENDING']);
    await emulator.settled();
    const charges = emulator.completed.filter((x) => x.referenceCode === p.reference);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.amountCents).toBe(2500);
    expect(await api().charge(p)).toMatchObject({ status: 'CONFIRMED' });
    expect(emulator.completed.filter((x) => x.referenceCode === p.reference)).toHaveLength(1);
  });

  it('retries a notification until it gets 200', async () => {
    const answers = [500, 0, 200];
    const seen: string[] = [];
    emulator.deliver = async (url) => {
      seen.push(url);
      return answers.shift() ?? 200;
    };
    const p = payment();
    await api().charge(p);
    await emulator.settled();
    expect(seen).toHaveLength(3);
    expect(seen[0]).toContain(`?secret=${SECRET}`);
  });

  it('bad Basic auth: refused, FAILED PROVIDER_ERROR with the fault code, nothing charged', async () => {
    const p = payment();
    const status = await api({ password: 'wrong' }).charge(p);
    expect(status).toEqual({ status: 'FAILED', failureReason: 'PROVIDER_ERROR', providerCode: 'POL0001' });
    expect(await api().status(p.reference, p.msisdn)).toEqual({ status: 'UNKNOWN', providerCode: 'SVC0001' });
    expect(await api({ password: 'wrong' }).checkAccount()).toMatchObject({ ok: false });
    expect(await api().checkAccount()).toMatchObject({ ok: true });
  });

  it('a wrong merchant PIN or a malformed body is a 400 fault, never a 500', async () => {
    expect(await api({ merchantPin: '0000' }).charge(payment())).toMatchObject({
      status: 'FAILED',
      providerCode: 'SVC0003',
    });
    expect(await api().charge(payment('26750000001'))).toMatchObject({
      status: 'FAILED',
      providerCode: 'SVC0002',
    });
    const auth = `Basic ${Buffer.from('j14:pw').toString('base64')}`;
    for (const body of ['{not json', '[]', '{"merchantCode":"42424","merchantPin":"1357"}']) {
      const res = await fetch(`${origin}${PREFIX}/transactions/amount`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBeLessThan(500);
      expect(res.status).not.toBe(200);
      expect(await res.json()).toHaveProperty('requestError');
    }
  });

  it('an emulator slower than the adapter timeout: UNKNOWN, and the charge is found later', async () => {
    emulator.answerDelayMs = 400;
    const p = payment();
    const started = Date.now();
    expect(await api({ timeoutMs: 100 }).charge(p)).toEqual({ status: 'UNKNOWN', providerCode: null });
    expect(Date.now() - started).toBeLessThan(390);
    emulator.answerDelayMs = 0;
    await emulator.settled();
    expect((await api().status(p.reference, p.msisdn)).status).toBe('CONFIRMED');
  });

  it('a provider that cannot be reached: UNKNOWN', async () => {
    expect(await api({ baseUrl: 'http://127.0.0.1:1/payment/v1' }).charge(payment())).toEqual({
      status: 'UNKNOWN',
      providerCode: null,
    });
  });
});

describe('EcoCash status, refund, duplicates', () => {
  it('the status of an unknown correlator is UNKNOWN', async () => {
    expect(await api().status('J14-NEVER-SENT', '26650000001')).toEqual({
      status: 'UNKNOWN',
      providerCode: 'SVC0001',
    });
  });

  it('refunds a completed charge once, and not more than was charged', async () => {
    const p = payment('26650000002', 5000);
    await api().charge(p);
    await emulator.settled();
    const charge = emulator.completed.find((c) => c.referenceCode === p.reference);
    if (!charge) throw new Error('not charged');
    const refund = await api().refund(p.reference, p.msisdn, charge.ecocashReference, 2000);
    expect(refund).toMatchObject({ status: 'CONFIRMED' });
    if (refund.status !== 'CONFIRMED') return;
    expect(refund.providerRef).not.toBe(charge.ecocashReference);
    // The same refund again (its answer lost): the original refund, not a second one.
    expect(await api().refund(p.reference, p.msisdn, charge.ecocashReference, 2000)).toEqual(refund);
    const mine = emulator.refunds.filter((r) => r.originalEcocashReference === charge.ecocashReference);
    expect(mine).toEqual([
      {
        clientCorrelator: expect.any(String),
        originalEcocashReference: charge.ecocashReference,
        amountCents: 2000,
      },
    ]);
    // Another refund of the same payment for more than is left is refused.
    const other = await api().refund(`${p.reference}-B`, p.msisdn, charge.ecocashReference, 3100);
    expect(other).toMatchObject({ status: 'FAILED', failureReason: 'PROVIDER_ERROR' });
    // Of an unknown transaction: refused.
    expect(await api().refund(reference(), p.msisdn, 'MP000000.0000.X00000', 100)).toMatchObject({
      status: 'FAILED',
    });
  });

  it('an EcoCash duplicate-correlator fault is looked up with a status query', async () => {
    const calls: string[] = [];
    const fake: typeof fetch = async (input, init) => {
      calls.push(`${init?.method} ${String(input)}`);
      if (init?.method === 'POST') {
        return Response.json(
          {
            requestError: { serviceException: { messageId: 'SVC0005', text: 'Duplicate clientCorrelator' } },
          },
          { status: 400 },
        );
      }
      return Response.json({
        clientCorrelator: 'X',
        referenceCode: 'J14-DUP',
        endUserId: '26650000001',
        transactionOperationStatus: 'COMPLETED',
        ecocashReference: 'MP250101.0000.A00001',
      });
    };
    const status = await api({ baseUrl: 'https://ecocash.example/payment/v1', fetch: fake }).charge({
      reference: 'J14-DUP',
      msisdn: '26650000001',
      amountCents: 100,
      description: 'x',
    });
    expect(status).toEqual({
      status: 'CONFIRMED',
      providerRef: 'MP250101.0000.A00001',
      providerCode: 'COMPLETED',
    });
    expect(calls).toEqual([
      'POST https://ecocash.example/payment/v1/transactions/amount',
      `GET https://ecocash.example/payment/v1/26650000001/transactions/amount/${clientCorrelator('J14-DUP')}`,
    ]);
  });

  it('sends the EcoCash charge body', async () => {
    let sent: Record<string, unknown> = {};
    const fake: typeof fetch = async (_input, init) => {
      sent = JSON.parse(String(init?.body));
      return Response.json({ ...sent, transactionOperationStatus: 'PENDING SUBSCRIBER VALIDATION' });
    };
    await api({ fetch: fake }).charge({
      reference: 'J14-0004-7F3K2Q',
      msisdn: '26650000001',
      amountCents: 2550,
      description: 'Deposit',
    });
    expect(sent).toMatchObject({
      clientCorrelator: 'J140004' + '7F3K2Q',
      referenceCode: 'J14-0004-7F3K2Q',
      tranType: 'MER',
      endUserId: '26650000001',
      transactionOperationStatus: 'Charged',
      paymentAmount: {
        charginginformation: { amount: 25.5, currency: 'LSL', description: 'Deposit' },
        chargeMetaData: { channel: 'WEB', purchaseCategoryCode: 'Online Payment', onBeHalfOf: 'Jackpot 14' },
      },
      merchantCode: '42424',
      merchantPin: '1357',
      merchantNumber: '26658000000',
      currencyCode: 'LSL',
      countryCode: 'LS',
    });
    expect(sent.notifyUrl).toContain(`${ECOCASH_NOTIFY_PATH}?secret=`);
  });
});

describe('EcoCash notify route', () => {
  const body = {
    clientCorrelator: 'J14X',
    referenceCode: 'J14-X',
    endUserId: '26650000001',
    transactionOperationStatus: 'COMPLETED',
    ecocashReference: 'MP250101.0000.A00009',
  };
  const post = (query: string, payload: unknown = body) =>
    fetch(`${origin}${ECOCASH_NOTIFY_PATH}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });

  it('refuses a wrong or missing secret with 401 and calls nothing', async () => {
    const before = results.length;
    for (const query of ['', '?secret=wrong', `?secret=${SECRET}x`, `?secret=${SECRET}&secret=${SECRET}`]) {
      const res = await post(query);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'CALLBACK.SIGNATURE_INVALID' });
    }
    // Unverified, even a body that is not JSON is 401, not 400.
    const junk = await fetch(`${origin}${ECOCASH_NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(junk.status).toBe(401);
    expect(results.length).toBe(before);
  });

  it('a verified body that is not a transaction is 400; a good one is 200 and reported', async () => {
    const before = results.length;
    expect((await post(`?secret=${SECRET}`, { hello: 'world' })).status).toBe(400);
    expect(results.length).toBe(before);
    const ok = await post(`?secret=${SECRET}`);
    expect(ok.status).toBe(200);
    expect(results.at(-1)).toEqual({
      reference: 'J14-X',
      msisdn: '26650000001',
      status: readTransaction(body),
    });
  });

  it('an allow-list refuses another address', async () => {
    const seen: string[] = [];
    const guarded = Fastify();
    await guarded.register(ecocashNotifyRoute, {
      allow: ['10.1.2.3'],
      onResult: async (ref) => {
        seen.push(ref);
      },
    });
    const inject = (remoteAddress: string) =>
      guarded.inject({ method: 'POST', url: ECOCASH_NOTIFY_PATH, remoteAddress, payload: body });
    expect((await inject('10.9.9.9')).statusCode).toBe(401);
    expect(seen).toEqual([]);
    expect((await inject('10.1.2.3')).statusCode).toBe(200);
    expect(seen).toEqual(['J14-X']);
    await guarded.close();
  });

  it('with neither a secret nor an allow-list every notification is refused', async () => {
    const open = Fastify();
    await open.register(ecocashNotifyRoute, { onResult: async () => undefined });
    const res = await open.inject({ method: 'POST', url: ECOCASH_NOTIFY_PATH, payload: body });
    expect(res.statusCode).toBe(401);
    await open.close();
  });
});

describe('EcoCash emulator restarted mid-answer', () => {
  it('finishes a charge its previous run left pending, once nobody is answering it', async () => {
    const store = memoryStore<EmulatedTransaction>();
    const credentials = { username: 'j14', password: 'pw', ...MERCHANT, store };
    const before = new EcoCashEmulator({ ...credentials, latencyMs: 60_000, notify: false });
    const auth = `Basic ${Buffer.from('j14:pw').toString('base64')}`;
    const correlator = clientCorrelator('J14-ORPHAN-1');
    const taken = await before.charge(auth, {
      clientCorrelator: correlator,
      notifyUrl: 'http://127.0.0.1:9/notify',
      referenceCode: 'J14-ORPHAN-1',
      tranType: 'MER',
      endUserId: '26650000077',
      remarks: 'deposit',
      transactionOperationStatus: 'Charged',
      paymentAmount: {
        charginginformation: { amount: 5, currency: 'LSL', description: 'deposit' },
        chargeMetaData: { channel: 'WEB', purchaseCategoryCode: 'Online Payment', onBeHalfOf: 'Jackpot 14' },
      },
      ...MERCHANT,
      currencyCode: 'LSL',
      countryCode: 'LS',
    });
    expect(taken.status).toBe(200);
    // The process died while the subscriber was on the prompt; a new one starts on the same memory.
    const after = new EcoCashEmulator({ ...credentials, latencyMs: 0, notify: false });
    expect((await after.query(auth, '26650000077', correlator)).body).toMatchObject({
      transactionOperationStatus: 'PENDING SUBSCRIBER VALIDATION',
    });
    const saved = (await store.get(correlator)) as EmulatedTransaction;
    await store.set(correlator, { ...saved, createdAt: Date.now() - 10_000 });
    expect((await after.query(auth, '26650000077', correlator)).body).toMatchObject({
      transactionOperationStatus: 'COMPLETED',
    });
    expect(after.completed.map((c) => c.clientCorrelator)).toEqual([correlator]);
  });
});
