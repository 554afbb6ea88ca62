// An emulator of the EcoCash Instant Payment API, protocol-faithful so the adapter is tested against the
// protocol, not against itself: Basic auth, merchant code and PIN, field formats, the asynchronous
// "PENDING SUBSCRIBER VALIDATION" answer, the notification to notifyUrl (retried until it gets 200),
// status queries, refunds, and a repeated clientCorrelator that answers the original (never a second
// charge). What it remembers lives in a RailStore, as EcoCash would remember it across our restarts.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { memoryStore, type RailStore, sleep } from '../types.ts';
import { type CheckedRequest, checkRequest } from './emulatorChecks.ts';
import {
  basicAuth,
  COUNTRY,
  CURRENCY,
  type EcoCashFault,
  type EcoCashTransaction,
  PENDING_STATUS,
  policyFault,
  serviceFault,
} from './protocol.ts';

/** What the emulator keeps per transaction: the body it answers, and what it needs to act. */
/** How long past its latency a pending charge may wait before a query takes it as cut off. */
const ORPHAN_GRACE_MS = 2_000;

export interface EmulatedTransaction {
  kind: 'charge' | 'refund';
  wire: EcoCashTransaction;
  amountCents: number;
  refundedCents: number;
  /** Epoch ms it was taken (an emulator that restarts finishes what it left pending). */
  createdAt?: number;
}

export interface EmulatorAnswer {
  status: number;
  body: EcoCashTransaction | EcoCashFault;
}

export interface EcoCashEmulatorOptions {
  username: string;
  password: string;
  merchantCode: string;
  merchantPin: string;
  store?: RailStore<EmulatedTransaction>;
  latencyMs?: number;
  outcome?: 'confirm' | 'cancel' | 'never';
  notify?: boolean;
  deliver?: (url: string, body: object) => Promise<number>;
  /** Notification attempts while the answer is not 200, and the wait between them. */
  notifyAttempts?: number;
  retryDelayMs?: number;
}

export interface CompletedCharge {
  clientCorrelator: string;
  referenceCode: string;
  endUserId: string;
  amountCents: number;
  ecocashReference: string;
}

export interface CompletedRefund {
  clientCorrelator: string;
  originalEcocashReference: string;
  amountCents: number;
}

/** The secondary key under which a transaction is found by its EcoCash reference (refunds). */
const byReference = (ecocashReference: string) => `ref:${ecocashReference}`;

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** What the subscriber's answer on the phone makes of a pending charge. */
function subscriberAnswer(short: boolean, outcome: EcoCashEmulator['outcome']): Partial<EcoCashTransaction> {
  if (short) {
    return {
      transactionOperationStatus: 'FAILED',
      responseCode: 'INSUFFICIENT_FUNDS',
      responseMessage: 'Insufficient funds',
    };
  }
  if (outcome === 'cancel') {
    return {
      transactionOperationStatus: 'FAILED',
      responseCode: 'DECLINED',
      responseMessage: 'Subscriber declined the payment',
    };
  }
  return { transactionOperationStatus: 'COMPLETED', responseCode: 'COMPLETED' };
}

/** The default delivery: POST the JSON to notifyUrl; 0 when it could not be delivered at all. */
async function postJson(url: string, body: object): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export class EcoCashEmulator {
  /** Before the subscriber answers on the phone (and the notification is sent). */
  latencyMs: number;
  /** 'never': the payment completes but no notification is sent; only a status query tells. */
  outcome: 'confirm' | 'cancel' | 'never';
  /** Subscribers whose wallet is short: their charges fail with insufficient funds. */
  readonly insufficient = new Set<string>();
  notify: boolean;
  deliver?: (url: string, body: object) => Promise<number>;
  /** Held before the HTTP answer of a charge (after it is recorded): a slow provider. */
  answerDelayMs = 0;
  /** Charges completed (money taken), in order: for tests. */
  readonly completed: CompletedCharge[] = [];
  readonly refunds: CompletedRefund[] = [];
  /** Every notification attempt and the status it got. */
  readonly notifications: Array<{ url: string; body: EcoCashTransaction; status: number }> = [];

  private readonly store: RailStore<EmulatedTransaction>;
  private readonly authorization: string;
  private readonly notifyAttempts: number;
  private readonly retryDelayMs: number;
  private readonly running = new Set<Promise<void>>();
  /** Charges this instance is answering right now. */
  private readonly answering = new Set<string>();
  /** Serializes the read-then-write of new transactions, so concurrent duplicates charge once. */
  private queue: Promise<unknown> = Promise.resolve();
  private sequence = 0;

  constructor(private readonly options: EcoCashEmulatorOptions) {
    this.store = options.store ?? memoryStore();
    this.authorization = basicAuth(options.username, options.password);
    this.latencyMs = options.latencyMs ?? 1000;
    this.outcome = options.outcome ?? 'confirm';
    this.notify = options.notify ?? true;
    this.deliver = options.deliver;
    this.notifyAttempts = options.notifyAttempts ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
  }

  /** Resolves when every subscriber answer and notification started so far is done (tests). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  async charge(authorization: string | undefined, body: unknown): Promise<EmulatorAnswer> {
    const refused = this.refuse(authorization, body);
    if (refused) return refused;
    const checked = checkRequest(body, 'charge');
    if (!checked.ok) return { status: 400, body: checked.fault };
    const { request } = checked;
    const txn = await this.exclusive(async () => {
      const known = await this.store.get(request.clientCorrelator);
      if (known) return known;
      const created = { ...this.newTransaction('charge', request, PENDING_STATUS), createdAt: Date.now() };
      await this.save(created);
      this.answering.add(created.wire.clientCorrelator);
      this.track(this.answer(created).finally(() => this.answering.delete(created.wire.clientCorrelator)));
      return created;
    });
    if (this.answerDelayMs > 0) await sleep(this.answerDelayMs);
    return { status: 200, body: txn.wire };
  }

  async query(
    authorization: string | undefined,
    msisdn: string,
    correlator: string,
  ): Promise<EmulatorAnswer> {
    if (!this.sameAuth(authorization)) {
      return { status: 401, body: policyFault('POL0001', 'Authentication failed') };
    }
    const txn = correlator.startsWith('ref:') ? undefined : await this.store.get(correlator);
    if (!txn || txn.wire.endUserId !== msisdn) {
      return { status: 404, body: serviceFault('SVC0001', `No transaction ${correlator} for ${msisdn}`) };
    }
    // Left pending by an emulator that stopped mid-answer (the demo server killed with it): the subscriber
    // answered meanwhile, as they would have at EcoCash.
    const orphan =
      txn.wire.transactionOperationStatus === PENDING_STATUS &&
      !this.answering.has(correlator) &&
      Date.now() - (txn.createdAt ?? 0) > this.latencyMs + ORPHAN_GRACE_MS;
    if (orphan) {
      await this.answer({ ...txn, wire: { ...txn.wire, notifyUrl: undefined } }, 0);
      return { status: 200, body: (await this.store.get(correlator))?.wire ?? txn.wire };
    }
    return { status: 200, body: txn.wire };
  }

  async refund(authorization: string | undefined, body: unknown): Promise<EmulatorAnswer> {
    const refused = this.refuse(authorization, body);
    if (refused) return refused;
    const checked = checkRequest(body, 'refund');
    if (!checked.ok) return { status: 400, body: checked.fault };
    const { request } = checked;
    return this.exclusive(async (): Promise<EmulatorAnswer> => {
      const known = await this.store.get(request.clientCorrelator);
      if (known) return { status: 200, body: known.wire };
      const original = await this.store.get(byReference(request.originalEcocashReference ?? ''));
      if (
        original?.kind !== 'charge' ||
        original.wire.transactionOperationStatus !== 'COMPLETED' ||
        original.wire.endUserId !== request.endUserId
      ) {
        return { status: 400, body: serviceFault('SVC0001', 'Original transaction not found') };
      }
      if (request.amountCents > original.amountCents - original.refundedCents) {
        return {
          status: 400,
          body: serviceFault('SVC0001', 'Refund amount exceeds the original transaction'),
        };
      }
      const refund = this.newTransaction('refund', request, 'COMPLETED');
      await this.save(refund);
      await this.save({ ...original, refundedCents: original.refundedCents + request.amountCents });
      this.refunds.push({
        clientCorrelator: request.clientCorrelator,
        originalEcocashReference: original.wire.ecocashReference ?? '',
        amountCents: request.amountCents,
      });
      return { status: 200, body: refund.wire };
    });
  }

  /** Basic auth (401), then the merchant: an unknown code is 401, a wrong PIN 400. */
  private refuse(authorization: string | undefined, body: unknown): EmulatorAnswer | undefined {
    if (!this.sameAuth(authorization)) {
      return { status: 401, body: policyFault('POL0001', 'Authentication failed') };
    }
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (fields.merchantCode !== this.options.merchantCode) {
      return { status: 401, body: policyFault('POL0002', 'Merchant not authorised') };
    }
    if (fields.merchantPin !== this.options.merchantPin) {
      return { status: 400, body: serviceFault('SVC0003', 'Invalid merchant PIN') };
    }
    return undefined;
  }

  private sameAuth(authorization: string | undefined): boolean {
    return typeof authorization === 'string' && sameText(authorization, this.authorization);
  }

  private newTransaction(
    kind: 'charge' | 'refund',
    request: CheckedRequest,
    status: string,
  ): EmulatedTransaction {
    const ecocashReference = this.nextReference();
    const amount = request.amountCents / 100;
    const wire: EcoCashTransaction = {
      clientCorrelator: request.clientCorrelator,
      referenceCode: request.referenceCode,
      endUserId: request.endUserId,
      tranType: kind === 'charge' ? 'MER' : 'REF',
      transactionOperationStatus: status,
      notifyUrl: request.notifyUrl,
      ecocashReference,
      serverReferenceCode: `${Date.now()}${this.sequence}`,
      originalEcocashReference: request.originalEcocashReference,
      paymentAmount: {
        charginginformation: {
          amount,
          currency: CURRENCY,
          description: kind === 'charge' ? 'Payment' : 'Refund',
        },
        chargeMetaData: { channel: 'WEB', purchaseCategoryCode: 'Online Payment', onBeHalfOf: 'Jackpot 14' },
        totalAmountCharged: amount,
      },
      merchantCode: request.merchantCode,
      currencyCode: CURRENCY,
      countryCode: COUNTRY,
    };
    return { kind, wire, amountCents: request.amountCents, refundedCents: 0 };
  }

  /** EcoCash's reference style, e.g. `MP250614.1032.A00001`. */
  private nextReference(): string {
    this.sequence += 1;
    const iso = new Date().toISOString();
    const date = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
    const time = `${iso.slice(11, 13)}${iso.slice(14, 16)}`;
    const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
    return `MP${date}.${time}.${letter}${String(this.sequence).padStart(5, '0')}`;
  }

  private async save(txn: EmulatedTransaction): Promise<void> {
    await this.store.set(txn.wire.clientCorrelator, txn);
    if (txn.wire.ecocashReference) await this.store.set(byReference(txn.wire.ecocashReference), txn);
  }

  /** The subscriber answers on the phone after latencyMs; EcoCash then notifies (unless 'never'). */
  private async answer(pending: EmulatedTransaction, latencyMs = this.latencyMs): Promise<void> {
    await sleep(latencyMs);
    const short = this.insufficient.has(pending.wire.endUserId);
    const wire: EcoCashTransaction = { ...pending.wire, ...subscriberAnswer(short, this.outcome) };
    await this.save({ ...pending, wire });
    if (wire.transactionOperationStatus === 'COMPLETED') {
      this.completed.push({
        clientCorrelator: wire.clientCorrelator,
        referenceCode: wire.referenceCode,
        endUserId: wire.endUserId,
        amountCents: pending.amountCents,
        ecocashReference: wire.ecocashReference ?? '',
      });
    }
    if (!this.notify || this.outcome === 'never' || !wire.notifyUrl) return;
    await this.sendNotification(wire.notifyUrl, wire);
  }

  private async sendNotification(url: string, wire: EcoCashTransaction): Promise<void> {
    const deliver = this.deliver ?? postJson;
    for (let attempt = 1; attempt <= this.notifyAttempts; attempt++) {
      const status = await deliver(url, wire).catch(() => 0);
      this.notifications.push({ url, body: wire, status });
      if (status === 200) return;
      if (attempt < this.notifyAttempts) await sleep(this.retryDelayMs);
    }
  }

  private track(work: Promise<void>): void {
    // A store that fails mid-answer leaves the payment pending, as a lost answer at EcoCash would.
    const done = work.catch(() => undefined).finally(() => this.running.delete(done));
    this.running.add(done);
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

/** The emulator's HTTP face, relative to its prefix (…/payment/v1). */
export const ecocashEmulatorRoutes: FastifyPluginAsync<{ emulator: EcoCashEmulator }> = async (app, opts) => {
  const { emulator } = opts;
  // A body that is not JSON reaches the checks as `null` and gets EcoCash's 400, never Fastify's.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, null);
    }
  });
  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(status).send(serviceFault('SVC0001', error.message ?? 'Service error'));
  });

  const send = (reply: FastifyReply, answer: EmulatorAnswer) => reply.code(answer.status).send(answer.body);

  app.post('/transactions/amount', async (request, reply) =>
    send(reply, await emulator.charge(request.headers.authorization, request.body)),
  );
  app.get<{ Params: { msisdn: string; clientCorrelator: string } }>(
    '/:msisdn/transactions/amount/:clientCorrelator',
    async (request, reply) =>
      send(
        reply,
        await emulator.query(
          request.headers.authorization,
          request.params.msisdn,
          request.params.clientCorrelator,
        ),
      ),
  );
  app.post('/transactions/refund', async (request, reply) =>
    send(reply, await emulator.refund(request.headers.authorization, request.body)),
  );
};
