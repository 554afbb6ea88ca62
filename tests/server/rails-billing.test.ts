// Carrier billing (GSMA OneAPI Payment): the adapter against the operator emulator over real HTTP.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChargeRequest } from '../../server/providers/operatorBilling.ts';
import { clientCorrelatorOf, endUserOf, OneApiBilling } from '../../server/rails/billing/adapter.ts';
import { BillingEmulator, billingEmulatorRoutes } from '../../server/rails/billing/emulator.ts';

const TOKEN = 'billing-test-token';
let app: FastifyInstance;
let baseUrl: string;
let emulator: BillingEmulator;
let billing: OneApiBilling;
let counter = 0;

beforeAll(async () => {
  app = Fastify();
  emulator = new BillingEmulator({ token: TOKEN });
  await app.register(billingEmulatorRoutes, { prefix: '/dev/rails/billing/payment', emulator });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `${address}/dev/rails/billing/payment`;
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  emulator.hang = false;
  emulator.failureRate = 0;
  emulator.insufficient.clear();
  billing = new OneApiBilling({ baseUrl, token: TOKEN, timeoutMs: 2000 });
});

const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  msisdn: '26650000001',
  amountCents: 200,
  reference: `submit:26650000001:key-${++counter}`,
  serviceId: 'jackpot14',
  description: 'Jackpot 14 betslip J14',
  ...overrides,
});

const chargesOf = (reference: string) => emulator.charges.filter((c) => c.referenceCode === reference);

describe('OneApiBilling against the emulator', () => {
  it('charges and reports CHARGED with the serverReferenceCode', async () => {
    const r = request();
    const result = await billing.charge(r);
    expect(result.status).toBe('CHARGED');
    const [charge] = chargesOf(r.reference);
    expect(charge).toMatchObject({
      msisdn: '26650000001',
      amount: '2.00',
      clientCorrelator: clientCorrelatorOf(r.reference),
    });
    expect(result).toEqual({ status: 'CHARGED', providerRef: charge?.serverReferenceCode });
    expect(await billing.status(r.reference)).toEqual(result);
  });

  it('answers INSUFFICIENT_AIRTIME (POL1000) and charges nothing', async () => {
    emulator.insufficient.add('26650000002');
    const r = request({ msisdn: '26650000002' });
    expect(await billing.charge(r)).toEqual({ status: 'INSUFFICIENT_AIRTIME' });
    expect(chargesOf(r.reference)).toHaveLength(0);
    expect(await billing.status(r.reference)).toEqual({ status: 'NOT_CHARGED' });
    // A refusal is not remembered: after a top-up the same reference is charged.
    emulator.insufficient.clear();
    expect((await billing.charge(r)).status).toBe('CHARGED');
  });

  it('a repeated clientCorrelator charges once and answers the same serverReferenceCode', async () => {
    const r = request();
    const answers = await Promise.all([billing.charge(r), billing.charge(r), billing.charge(r)]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.status).toBe('CHARGED');
    expect(chargesOf(r.reference)).toHaveLength(1);
  });

  it('a lost answer throws (unknown), and status then finds the charge', async () => {
    emulator.hang = true;
    const r = request();
    const hasty = new OneApiBilling({ baseUrl, token: TOKEN, timeoutMs: 200 });
    await expect(hasty.charge(r)).rejects.toThrow(/failed/);
    emulator.hang = false;
    const [charge] = chargesOf(r.reference);
    expect(await billing.status(r.reference)).toEqual({
      status: 'CHARGED',
      providerRef: charge?.serverReferenceCode,
    });
    // The retry answers the original transaction, never a second charge.
    expect(await billing.charge(r)).toEqual({ status: 'CHARGED', providerRef: charge?.serverReferenceCode });
    expect(chargesOf(r.reference)).toHaveLength(1);
  });

  it('refunds a charge: REFUNDED, status REFUNDED, a later charge refused, a second refund a no-op', async () => {
    const r = request();
    expect((await billing.charge(r)).status).toBe('CHARGED');
    expect(await billing.refund(r.reference)).toEqual({ status: 'REFUNDED' });
    expect(await billing.status(r.reference)).toEqual({ status: 'REFUNDED' });
    expect(emulator.refunds.filter((x) => x === r.reference)).toHaveLength(1);
    expect(await billing.charge(r)).toEqual({ status: 'FAILED', reason: 'REFUNDED' });
    expect(await billing.refund(r.reference)).toEqual({ status: 'REFUNDED' });
    expect(emulator.refunds.filter((x) => x === r.reference)).toHaveLength(1);
    expect(chargesOf(r.reference)).toHaveLength(1);
  });

  it('a refund of a reference never charged is a no-op, and a late charge for it is refused', async () => {
    const r = request();
    expect(await billing.refund(r.reference)).toEqual({ status: 'REFUNDED' });
    expect(await billing.status(r.reference)).toEqual({ status: 'NOT_CHARGED' });
    expect(await billing.charge(r)).toEqual({ status: 'FAILED', reason: 'REFUNDED' });
    expect(chargesOf(r.reference)).toHaveLength(0);
    expect(emulator.refunds).not.toContain(r.reference);
  });

  it('a wrong token is refused: nothing charged, status cannot tell (throws)', async () => {
    const wrong = new OneApiBilling({ baseUrl, token: 'wrong', timeoutMs: 2000 });
    const r = request();
    expect(await wrong.charge(r)).toEqual({ status: 'FAILED', reason: 'POL0001' });
    await expect(wrong.status(r.reference)).rejects.toThrow();
    expect(chargesOf(r.reference)).toHaveLength(0);
  });

  it('a technical refusal (SVC0001) is FAILED with its messageId, nothing charged', async () => {
    emulator.failureRate = 1;
    const r = request();
    expect(await billing.charge(r)).toEqual({ status: 'FAILED', reason: 'SVC0001' });
    expect(chargesOf(r.reference)).toHaveLength(0);
  });

  it('an unreachable operator throws, never FAILED (the caller must not release the stake)', async () => {
    const nowhere = new OneApiBilling({
      baseUrl: 'http://127.0.0.1:1/payment',
      token: TOKEN,
      timeoutMs: 500,
    });
    await expect(nowhere.charge(request())).rejects.toThrow();
    await expect(nowhere.status('x')).rejects.toThrow();
  });

  it('the emulator refuses invalid input with OneAPI service exceptions', async () => {
    const post = (endUser: string, tx: object) =>
      fetch(`${baseUrl}/${encodeURIComponent(endUser)}/transactions/amount`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amountTransaction: tx }),
      });
    const tx = (amount: string, currency = 'LSL', endUserId = endUserOf('26650000001')) => ({
      endUserId,
      clientCorrelator: `c-${++counter}`,
      referenceCode: `r-${counter}`,
      transactionOperationStatus: 'Charged',
      paymentAmount: { chargingInformation: { amount, currency, description: 'x' } },
    });
    const bad = [
      await post(endUserOf('26650000001'), tx('2.001')),
      await post(endUserOf('26650000001'), tx('0.00')),
      await post(endUserOf('26650000001'), tx('2.00', 'ZAR')),
      await post(endUserOf('26650000001'), tx('2.00', 'LSL', endUserOf('26650000009'))),
      await post('tel:+27820000001', tx('2.00', 'LSL', 'tel:+27820000001')),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    const ids = await Promise.all(
      bad.map(async (r) => (await r.json()) as { requestError: { serviceException: { messageId: string } } }),
    );
    expect(ids.map((b) => b.requestError.serviceException.messageId)).toEqual([
      'SVC0007',
      'SVC0007',
      'SVC0007',
      'SVC0004',
      'SVC0004',
    ]);
    expect(emulator.charges.filter((c) => c.referenceCode.startsWith('r-'))).toHaveLength(0);
  });
});
