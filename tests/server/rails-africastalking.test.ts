// Africa's Talking (SMS and airtime): the adapters against the emulator over real HTTP.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmsUnavailableError } from '../../server/providers/sms.ts';
import { AfricasTalkingAirtime, type AirtimePayment } from '../../server/rails/africastalking/airtime.ts';
import {
  AfricasTalkingEmulator,
  africasTalkingEmulatorRoutes,
} from '../../server/rails/africastalking/emulator.ts';
import { AfricasTalkingSms } from '../../server/rails/africastalking/sms.ts';
import { smsParts } from '../../server/rails/gsm7.ts';

const CREDENTIALS = { username: 'jackpot14', apiKey: 'at-test-key' };
let app: FastifyInstance;
let baseUrl: string;
let emulator: AfricasTalkingEmulator;
const hooked: Array<{ msisdn: string; message: string }> = [];
let counter = 0;

beforeAll(async () => {
  app = Fastify();
  emulator = new AfricasTalkingEmulator({
    ...CREDENTIALS,
    onSms: (msisdn, message) => {
      hooked.push({ msisdn, message });
    },
  });
  await app.register(africasTalkingEmulatorRoutes, { prefix: '/dev/rails/at/version1', emulator });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `${address}/dev/rails/at/version1`;
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  emulator.hang = false;
  emulator.failureRate = 0;
  emulator.smsFailure.clear();
});

const sms = (timeoutMs = 2000) =>
  new AfricasTalkingSms({ baseUrl, ...CREDENTIALS, senderId: 'JACKPOT14', timeoutMs });
const airtime = (timeoutMs = 2000) => new AfricasTalkingAirtime({ baseUrl, ...CREDENTIALS, timeoutMs });
const inbox = (to: string) => emulator.messages.filter((m) => m.to === to);

describe('AfricasTalkingSms', () => {
  it('sends (statusCode 101), the text converted to GSM-7, into the outbox and the hook', async () => {
    await sms().send({ to: '26650000011', text: 'Lumela — “Jackpot” ’14’: ho bapala… š ō ê' });
    const [sent] = inbox('+26650000011');
    expect(sent).toMatchObject({
      message: 'Lumela - "Jackpot" \'14\': ho bapala... s o e',
      from: 'JACKPOT14',
    });
    expect(hooked).toContainEqual({ msisdn: '26650000011', message: sent?.message });
  });

  it('throws SmsUnavailableError for a number the network refuses (406), and sends nothing', async () => {
    emulator.smsFailure.add('26650000012');
    await expect(sms().send({ to: '26650000012', text: 'hello' })).rejects.toBeInstanceOf(
      SmsUnavailableError,
    );
    expect(inbox('+26650000012')).toHaveLength(0);
  });

  it('throws SmsUnavailableError on a wrong apiKey and when the emulator does not answer in time', async () => {
    const wrong = new AfricasTalkingSms({ baseUrl, username: 'jackpot14', apiKey: 'nope' });
    await expect(wrong.send({ to: '26650000013', text: 'x' })).rejects.toBeInstanceOf(SmsUnavailableError);
    emulator.hang = true;
    await expect(sms(200).send({ to: '26650000013', text: 'x' })).rejects.toBeInstanceOf(SmsUnavailableError);
  });

  it('cuts a too long text to 3 GSM parts, ending with "..."', async () => {
    const text = `${'Ntho e telele haholo. '.repeat(40)}END`;
    await sms().send({ to: '26650000014', text });
    const [sent] = inbox('+26650000014');
    expect(sent?.message.endsWith('...')).toBe(true);
    expect(sent?.message).not.toContain('END');
    expect(smsParts(sent?.message ?? '')).toBe(3);
    expect(sent?.message.length).toBeLessThanOrEqual(459);
  });

  it('the emulator refuses more than 3 parts (502) and answers XML without Accept: application/json', async () => {
    const post = (accept: string | undefined, message: string) =>
      fetch(`${baseUrl}/messaging`, {
        method: 'POST',
        headers: {
          apiKey: CREDENTIALS.apiKey,
          'content-type': 'application/x-www-form-urlencoded',
          ...(accept ? { accept } : {}),
        },
        body: new URLSearchParams({ username: CREDENTIALS.username, to: '+26650000015', message }).toString(),
      });
    const xml = await post(undefined, 'hello');
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    const text = await xml.text();
    expect(text).toMatch(/<AfricasTalkingResponse><SMSMessageData>.*<statusCode>101<\/statusCode>/);
    const long = await post('application/json', 'x'.repeat(460));
    const body = (await long.json()) as { SMSMessageData: { Recipients: Array<{ statusCode: number }> } };
    expect(body.SMSMessageData.Recipients[0]?.statusCode).toBe(502);
    expect(inbox('+26650000015')).toHaveLength(1);
  });
});

describe('AfricasTalkingAirtime', () => {
  const payment = (overrides: Partial<AirtimePayment> = {}): AirtimePayment => ({
    reference: `AIR-${++counter}`,
    msisdn: '26650000021',
    receivingMsisdn: '26650000022',
    amountCents: 1000,
    description: 'Airtime',
    ...overrides,
  });
  const sentFor = (reference: string) => emulator.airtimeSent.filter((r) => r.idempotencyKey === reference);

  it('Sent → CONFIRMED with the requestId; status agrees', async () => {
    const p = payment();
    const outcome = await airtime().send(p);
    const [sent] = sentFor(p.reference);
    expect(sent).toMatchObject({ phoneNumber: '+26650000022', amount: 10 });
    expect(outcome).toEqual({ status: 'CONFIRMED', providerRef: sent?.requestId, providerCode: 'Sent' });
    expect(await airtime().status(p.reference)).toEqual({
      status: 'CONFIRMED',
      providerRef: sent?.requestId,
      providerCode: 'Success',
    });
    expect((await airtime().find(sent?.requestId ?? '')).status).toBe('CONFIRMED');
  });

  it('Failed → FAILED: DECLINED for the recipient, PROVIDER_ERROR for a system error', async () => {
    const tooMuch = payment({ amountCents: 10_000_01 });
    expect(await airtime().send(tooMuch)).toEqual({
      status: 'FAILED',
      failureReason: 'DECLINED',
      providerCode: 'Value Outside The Allowed Limits',
    });
    emulator.failureRate = 1;
    expect(await airtime().send(payment())).toEqual({
      status: 'FAILED',
      failureReason: 'PROVIDER_ERROR',
      providerCode: 'System Error',
    });
    expect(sentFor(tooMuch.reference)).toHaveLength(0);
  });

  it('a lost answer is UNKNOWN; a retry with the same reference sends nothing more; status finds it', async () => {
    emulator.hang = true;
    const p = payment();
    expect(await airtime(200).send(p)).toEqual({ status: 'UNKNOWN', providerCode: null });
    expect(sentFor(p.reference)).toHaveLength(1);
    emulator.hang = false;
    const retry = await airtime().send(p);
    expect(retry.status).toBe('CONFIRMED');
    expect(sentFor(p.reference)).toHaveLength(1);
    expect(await airtime().status(p.reference)).toMatchObject({ status: 'CONFIRMED' });
  });

  it('a purchase that never reached AT is FAILED NOT_REACHED by status; a wrong apiKey is FAILED', async () => {
    expect(await airtime().status('never-sent')).toEqual({
      status: 'FAILED',
      failureReason: 'NOT_REACHED',
      providerCode: 'NOT_FOUND',
    });
    const wrong = new AfricasTalkingAirtime({ baseUrl, username: 'jackpot14', apiKey: 'nope' });
    const p = payment();
    expect((await wrong.send(p)).status).toBe('FAILED');
    expect(sentFor(p.reference)).toHaveLength(0);
  });

  it('an unreachable service is UNKNOWN, never FAILED', async () => {
    const nowhere = new AfricasTalkingAirtime({
      baseUrl: 'http://127.0.0.1:1',
      ...CREDENTIALS,
      timeoutMs: 500,
    });
    expect(await nowhere.send(payment())).toEqual({ status: 'UNKNOWN', providerCode: null });
    expect((await nowhere.status('x')).status).toBe('UNKNOWN');
  });
});
