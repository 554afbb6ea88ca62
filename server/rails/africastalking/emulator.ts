// An emulator of Africa's Talking's SMS and airtime APIs, served by the demo server under /dev/rails/at
// and by tests. Like the real service it checks the `apiKey` header and the username, answers XML to a
// request without `Accept: application/json`, and reports each recipient's fate in the body. Choices
// where AT documents nothing precise: airtime is 1 to 10000 LSL with at most 2 decimals; an SMS longer
// than 3 GSM parts is refused per recipient with statusCode 502 (RejectedByGateway); an Idempotency-Key
// is remembered for good (AT: 5 minutes) and its first answer repeated; the transaction find also
// accepts that key as `transactionId` (our gateway's way to find a purchase whose answer was lost).
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { smsParts } from '../gsm7.ts';
import { memoryStore, type RailStore, sleep } from '../types.ts';
import type { AirtimeAnswer, AirtimeEntry, FindAnswer } from './airtime.ts';
import type { AtRecipient, AtSmsAnswer } from './sms.ts';

export interface AirtimeRecord {
  requestId: string;
  phoneNumber: string;
  amount: number;
  status: 'Sent' | 'Failed';
  errorMessage: string;
  idempotencyKey: string | null;
  at: string;
}

/** A purchase by requestId (`tx:`), or the answer given to an Idempotency-Key (`key:`). */
export type AtRecord =
  | { kind: 'airtime'; record: AirtimeRecord }
  | { kind: 'key'; status: number; body: AirtimeAnswer; requestIds: string[] };

export interface EmulatedSms {
  /** As sent: +266XXXXXXXX. */
  to: string;
  message: string;
  from: string | undefined;
  at: Date;
}

export interface AfricasTalkingEmulatorOptions {
  username: string;
  apiKey: string;
  latencyMs?: number;
  /** Probability (0..1) that a recipient fails for a technical reason (SMS 500, airtime 'System Error'). */
  failureRate?: number;
  random?: () => number;
  /** Takes the request (sends the SMS or the airtime) but never answers. */
  hang?: boolean;
  /** Numbers (266… or +266…) whose SMS is refused: 406 UserInBlacklist. */
  smsFailure?: Iterable<string>;
  /** Called with the msisdn (266XXXXXXXX) and text of every SMS sent, before the answer. */
  onSms?: (msisdn: string, message: string) => void | Promise<void>;
  store?: RailStore<AtRecord>;
}

export type AtAnswer = { status: number; body: object | string } | 'HANG';

const PHONE = /^\+266\d{8}$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const SENDER = /^([A-Za-z0-9 ]{1,11}|\d{3,15})$/;
// Any positive amount to the cent: the wallet decides what may be bought; only the top is capped here.
export const MIN_AIRTIME = 0.01;
export const MAX_AIRTIME = 10_000;
export const MAX_PARTS = 3;
const SMS_PART_COST = 0.25;
const DISCOUNT = 0.04;

const lsl = (amount: number) => `LSL ${amount.toFixed(4)}`;
const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** AT's per-recipient SMS codes used here. */
const SMS_STATUS = {
  101: 'Success',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  406: 'UserInBlacklist',
  500: 'InternalServerError',
  502: 'RejectedByGateway',
} as const;

export class AfricasTalkingEmulator {
  readonly username: string;
  readonly apiKey: string;
  /** Before an airtime or query answer. */
  latencyMs: number;
  /** Before an SMS answer (apart: the demo's payment latency need not slow its one-time codes). */
  smsLatencyMs = 0;
  failureRate: number;
  random: () => number;
  hang: boolean;
  readonly smsFailure: Set<string>;
  onSms: AfricasTalkingEmulatorOptions['onSms'];
  readonly store: RailStore<AtRecord>;
  readonly messages: EmulatedSms[] = [];
  /** Airtime actually sent by this process, for tests. */
  readonly airtimeSent: AirtimeRecord[] = [];
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: AfricasTalkingEmulatorOptions) {
    this.username = options.username;
    this.apiKey = options.apiKey;
    this.latencyMs = options.latencyMs ?? 0;
    this.failureRate = options.failureRate ?? 0;
    this.random = options.random ?? Math.random;
    this.hang = options.hang ?? false;
    this.smsFailure = new Set(options.smsFailure ?? []);
    this.onSms = options.onSms;
    this.store = options.store ?? memoryStore();
  }

  /** POST /messaging (form fields). */
  async sms(form: Record<string, string | undefined>): Promise<AtAnswer> {
    if (this.smsLatencyMs > 0) await sleep(this.smsLatencyMs);
    if (form.username !== this.username) return unauthorized();
    const message = form.message ?? '';
    const numbers = (form.to ?? '').split(',').map((n) => n.trim());
    if (!message || numbers.every((n) => !n)) {
      return { status: 400, body: 'Request is missing required form field' };
    }
    const recipients: AtRecipient[] = [];
    for (const number of numbers) {
      const statusCode = this.#smsStatus(number, message, form.from);
      const parts = smsParts(message);
      const sent = statusCode === 101;
      recipients.push({
        statusCode,
        number,
        status: SMS_STATUS[statusCode],
        cost: sent ? lsl(parts * SMS_PART_COST) : '0',
        messageId: sent ? id('ATXid_') : 'None',
      });
      if (!sent) continue;
      this.messages.push({ to: number, message, from: form.from, at: new Date() });
      await this.onSms?.(number.slice(1), message);
    }
    if (this.hang) return 'HANG';
    const sent = recipients.filter((r) => r.statusCode === 101);
    const cost = sent.reduce((sum, r) => sum + Number(r.cost.slice(4)), 0);
    const body: AtSmsAnswer = {
      SMSMessageData: {
        Message: `Sent to ${sent.length}/${recipients.length} Total Cost: ${sent.length ? lsl(cost) : '0'}`,
        Recipients: recipients,
      },
    };
    return { status: 201, body };
  }

  #smsStatus(number: string, message: string, from: string | undefined): keyof typeof SMS_STATUS {
    if (from !== undefined && !SENDER.test(from)) return 402;
    if (!PHONE.test(number)) return 403;
    if (this.smsFailure.has(number) || this.smsFailure.has(number.slice(1))) return 406;
    if (smsParts(message) > MAX_PARTS) return 502;
    if (this.random() < this.failureRate) return 500;
    return 101;
  }

  /** POST /airtime/send (JSON); one Idempotency-Key is answered once, then repeated. */
  async airtime(body: unknown, idempotencyKey: string | undefined): Promise<AtAnswer> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const request = body as { username?: unknown; recipients?: unknown } | null;
    if (request?.username !== this.username) return unauthorized();
    const recipients = request.recipients;
    if (!Array.isArray(recipients) || recipients.length === 0 || recipients.length > 10) {
      return { status: 400, body: airtimeAnswer([], 'Invalid request: recipients') };
    }
    const answer = await this.#exclusive(async () => {
      if (idempotencyKey) {
        const before = await this.store.get(`key:${idempotencyKey}`);
        if (before?.kind === 'key') return { status: before.status, body: before.body };
      }
      const entries: AirtimeEntry[] = [];
      for (const recipient of recipients) entries.push(await this.#topUp(recipient, idempotencyKey ?? null));
      const body = airtimeAnswer(entries, 'None');
      if (idempotencyKey) {
        const requestIds = entries.map((e) => e.requestId).filter(Boolean);
        await this.store.set(`key:${idempotencyKey}`, { kind: 'key', status: 201, body, requestIds });
      }
      return { status: 201, body };
    });
    return this.hang ? 'HANG' : answer;
  }

  async #topUp(recipient: unknown, idempotencyKey: string | null): Promise<AirtimeEntry> {
    const r = (recipient ?? {}) as { phoneNumber?: unknown; currencyCode?: unknown; amount?: unknown };
    const phoneNumber = typeof r.phoneNumber === 'string' ? r.phoneNumber : '';
    const text =
      typeof r.amount === 'number' ? String(r.amount) : typeof r.amount === 'string' ? r.amount : '';
    const amount = Number(text);
    const error = !PHONE.test(phoneNumber)
      ? 'Invalid Phone Number'
      : r.currencyCode !== 'LSL'
        ? 'Invalid Currency Code'
        : !AMOUNT.test(text) || amount < MIN_AIRTIME || amount > MAX_AIRTIME
          ? 'Value Outside The Allowed Limits'
          : this.random() < this.failureRate
            ? 'System Error'
            : null;
    const record: AirtimeRecord = {
      requestId: id('ATQid_'),
      phoneNumber,
      amount: Number.isFinite(amount) ? amount : 0,
      status: error ? 'Failed' : 'Sent',
      errorMessage: error ?? 'None',
      idempotencyKey,
      at: new Date().toISOString(),
    };
    await this.store.set(`tx:${record.requestId}`, { kind: 'airtime', record });
    if (!error) this.airtimeSent.push(record);
    return {
      phoneNumber,
      amount: lsl(record.amount),
      discount: lsl(error ? 0 : record.amount * DISCOUNT),
      status: record.status,
      requestId: record.requestId,
      errorMessage: record.errorMessage,
    };
  }

  /** POST (or GET) /query/transaction/find by AT's requestId or by the purchase's Idempotency-Key. */
  async find(username: unknown, transactionId: unknown): Promise<AtAnswer> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    if (username !== this.username) return unauthorized();
    const key = typeof transactionId === 'string' ? transactionId : '';
    let found = key ? await this.store.get(`tx:${key}`) : undefined;
    if (!found && key) {
      const byKey = await this.store.get(`key:${key}`);
      const first = byKey?.kind === 'key' ? byKey.requestIds[0] : undefined;
      found = first ? await this.store.get(`tx:${first}`) : undefined;
    }
    if (found?.kind !== 'airtime') {
      const body: FindAnswer = { status: 'Failed', errorMessage: 'Could not find transaction' };
      return { status: 200, body };
    }
    const { record } = found;
    const body: FindAnswer = {
      status: 'Success',
      data: {
        transactionId: record.requestId,
        status: record.status === 'Sent' ? 'Success' : 'Failed',
        ...(record.status === 'Failed' ? { errorMessage: record.errorMessage } : {}),
        value: lsl(record.amount),
        destination: record.phoneNumber,
      },
    };
    return { status: 200, body };
  }

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

const unauthorized = (): AtAnswer => ({ status: 401, body: 'The supplied authentication is invalid' });

function airtimeAnswer(entries: AirtimeEntry[], errorMessage: string): AirtimeAnswer {
  const sent = entries.filter((e) => e.status === 'Sent');
  const total = (field: 'amount' | 'discount') => sent.reduce((sum, e) => sum + Number(e[field].slice(4)), 0);
  return {
    errorMessage,
    numSent: sent.length,
    totalAmount: lsl(total('amount')),
    totalDiscount: lsl(total('discount')),
    responses: entries,
  };
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The XML AT answers without `Accept: application/json` (arrays as repeated singular elements). */
export function toXml(name: string, value: unknown): string {
  if (Array.isArray(value)) {
    const item = name.replace(/s$/, '');
    return `<${name}>${value.map((v) => toXml(item, v)).join('')}</${name}>`;
  }
  if (value !== null && typeof value === 'object') {
    const inner = Object.entries(value).map(([k, v]) => toXml(k, v));
    return `<${name}>${inner.join('')}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function send(request: FastifyRequest, reply: FastifyReply, answer: AtAnswer): FastifyReply {
  if (answer === 'HANG') {
    reply.hijack(); // the socket stays open until the client gives up
    return reply;
  }
  if (typeof answer.body === 'string') return reply.code(answer.status).type('text/plain').send(answer.body);
  if (!(request.headers.accept ?? '').includes('application/json')) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>${toXml('AfricasTalkingResponse', answer.body)}`;
    return reply.code(answer.status).type('application/xml').send(xml);
  }
  return reply.code(answer.status).send(answer.body);
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** AT's routes, relative to the prefix they are registered under (e.g. /dev/rails/at). */
export const africasTalkingEmulatorRoutes: FastifyPluginAsync<{ emulator: AfricasTalkingEmulator }> = async (
  app,
  { emulator },
) => {
  // Only this scope reads form bodies (AT's SMS API), with node's own URLSearchParams.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (header(request, 'apikey') !== emulator.apiKey) return send(request, reply, unauthorized());
  });
  app.post('/messaging', async (request, reply) =>
    send(request, reply, await emulator.sms((request.body ?? {}) as Record<string, string>)),
  );
  app.post('/airtime/send', async (request, reply) =>
    send(request, reply, await emulator.airtime(request.body, header(request, 'idempotency-key'))),
  );
  app.post('/query/transaction/find', async (request, reply) => {
    const body = (request.body ?? {}) as { username?: unknown; transactionId?: unknown };
    return send(request, reply, await emulator.find(body.username, body.transactionId));
  });
  // The account's balance (what a preflight asks: it reaches the account and moves nothing).
  app.get('/user', async (request, reply) => {
    const { username } = request.query as { username?: unknown };
    if (username !== emulator.username) return send(request, reply, unauthorized());
    return send(request, reply, { status: 200, body: { UserData: { balance: 'LSL 1000.0000' } } });
  });
  app.get('/query/transaction/find', async (request, reply) => {
    const query = request.query as { username?: unknown; transactionId?: unknown };
    return send(request, reply, await emulator.find(query.username, query.transactionId));
  });
};
