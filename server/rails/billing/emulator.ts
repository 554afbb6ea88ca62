// An emulator of the operator's OneAPI Payment endpoint, served by the demo server under
// /dev/rails/billing and by tests. It keeps what an operator keeps (transactions by clientCorrelator)
// in a RailStore, so it survives our process as the real one would. Beyond OneAPI, as our gateway
// offers: `GET /transactions/amount/{clientCorrelator}` (status by correlator, no end user needed) and
// `DELETE /transactions/amount/{clientCorrelator}` (voids a correlator never charged: its late charge
// is then refused).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { memoryStore, type RailStore, sleep } from '../types.ts';
import type { AmountTransaction, OneApiFault, RequestError } from './adapter.ts';

/** A transaction by correlator (`tx:`), or the correlator of a serverReferenceCode (`srv:`). */
export type BillingRecord =
  | { kind: 'transaction'; transaction: AmountTransaction }
  | { kind: 'server-ref'; clientCorrelator: string };

/** A charge the emulator made, for tests (like OperatorBillingSimulator's `charges`). */
export interface EmulatedCharge {
  msisdn: string;
  amount: string;
  description: string;
  clientCorrelator: string;
  referenceCode: string;
  serverReferenceCode: string;
}

export interface BillingEmulatorOptions {
  token: string;
  latencyMs?: number;
  /** Probability (0..1) that a charge is refused for a technical reason (503 SVC0001, nothing charged). */
  failureRate?: number;
  random?: () => number;
  /** Msisdns (266XXXXXXXX) without airtime: POL1000. */
  insufficient?: Iterable<string>;
  /** Takes the charge but never answers. */
  hang?: boolean;
  store?: RailStore<BillingRecord>;
}

/** What a route sends: a status and a JSON body, or nothing ever (hang). */
export type EmulatorAnswer = { status: number; body?: unknown } | 'HANG';

const END_USER = /^tel:\+266\d{8}$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

const fault = (status: number, kind: keyof RequestError['requestError'], f: OneApiFault) => ({
  status,
  body: { requestError: { [kind]: f } },
});
const invalid = (part: string, value: unknown) =>
  fault(400, 'serviceException', {
    messageId: part === 'chargingInformation' ? 'SVC0007' : 'SVC0002',
    text:
      part === 'chargingInformation'
        ? 'Invalid charging information'
        : 'Invalid input value for message part %1',
    variables: [part, String(value)],
  });
const notFound = (correlator: string) =>
  fault(404, 'serviceException', {
    messageId: 'SVC0002',
    text: 'Invalid input value for message part %1: no such transaction',
    variables: ['clientCorrelator', correlator],
  });

export class BillingEmulator {
  readonly token: string;
  latencyMs: number;
  failureRate: number;
  random: () => number;
  readonly insufficient: Set<string>;
  hang: boolean;
  readonly store: RailStore<BillingRecord>;
  readonly charges: EmulatedCharge[] = [];
  /** referenceCodes of the charges this process refunded. */
  readonly refunds: string[] = [];
  /** Store reads and writes run one at a time, so two requests with one correlator charge once. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: BillingEmulatorOptions) {
    this.token = options.token;
    this.latencyMs = options.latencyMs ?? 0;
    this.failureRate = options.failureRate ?? 0;
    this.random = options.random ?? Math.random;
    this.insufficient = new Set(options.insufficient ?? []);
    this.hang = options.hang ?? false;
    this.store = options.store ?? memoryStore();
  }

  authorized = (header: string | undefined) => header === `Bearer ${this.token}`;

  /** POST /{endUser}/transactions/amount: a charge or a refund. */
  async post(endUser: string, body: unknown): Promise<EmulatorAnswer> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const tx = (body as { amountTransaction?: Partial<AmountTransaction> } | null)?.amountTransaction;
    const checked = this.#check(endUser, tx);
    if ('status' in checked) return checked;
    const answer = await this.#exclusive(async () => {
      const previous = await this.#transaction(checked.clientCorrelator);
      // The same correlator again: the original transaction as it stands, never a second one.
      if (previous) return { status: 201, body: { amountTransaction: previous } };
      return checked.transactionOperationStatus === 'Charged' ? this.#charge(checked) : this.#refund(checked);
    });
    return this.hang && checked.transactionOperationStatus === 'Charged' ? 'HANG' : answer;
  }

  /** GET /transactions/amount/{clientCorrelator} */
  async find(correlator: string): Promise<EmulatorAnswer> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const tx = await this.#transaction(correlator);
    return tx ? { status: 200, body: { amountTransaction: tx } } : notFound(correlator);
  }

  /** DELETE /transactions/amount/{clientCorrelator}: void a correlator never charged. */
  async void(correlator: string): Promise<EmulatorAnswer> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    return this.#exclusive(async () => {
      const tx = await this.#transaction(correlator);
      if (tx?.serverReferenceCode) {
        return fault(409, 'serviceException', {
          messageId: 'SVC0002',
          text: 'Invalid input value for message part %1: charged, refund it instead',
          variables: ['clientCorrelator', correlator],
        });
      }
      if (!tx) {
        await this.#save({
          endUserId: '',
          clientCorrelator: correlator,
          referenceCode: '',
          transactionOperationStatus: 'Refunded',
          paymentAmount: { chargingInformation: { amount: '0.00', currency: 'LSL', description: 'void' } },
        });
      }
      return { status: 204 };
    });
  }

  async #charge(tx: AmountTransaction): Promise<EmulatorAnswer> {
    const msisdn = tx.endUserId.slice('tel:+'.length);
    if (this.insufficient.has(msisdn)) {
      return fault(403, 'policyException', {
        messageId: 'POL1000',
        text: 'User has insufficient credit for transaction',
      });
    }
    if (this.random() < this.failureRate) {
      return fault(503, 'serviceException', {
        messageId: 'SVC0001',
        text: 'A service error occurred: %1',
        variables: ['charging unavailable'],
      });
    }
    const serverReferenceCode = `OP${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    const charged = { ...tx, serverReferenceCode };
    await this.#save(charged);
    await this.store.set(`srv:${serverReferenceCode}`, {
      kind: 'server-ref',
      clientCorrelator: tx.clientCorrelator,
    });
    const info = tx.paymentAmount.chargingInformation;
    this.charges.push({
      msisdn,
      amount: info.amount,
      description: info.description,
      clientCorrelator: tx.clientCorrelator,
      referenceCode: tx.referenceCode,
      serverReferenceCode,
    });
    return { status: 201, body: { amountTransaction: charged } };
  }

  async #refund(tx: AmountTransaction): Promise<EmulatorAnswer> {
    const code = tx.originalServerReferenceCode;
    const link = code ? await this.store.get(`srv:${code}`) : undefined;
    const original = link?.kind === 'server-ref' ? await this.#transaction(link.clientCorrelator) : undefined;
    if (!original || original.endUserId !== tx.endUserId) return invalid('originalServerReferenceCode', code);
    if (original.transactionOperationStatus !== 'Charged') {
      return fault(403, 'policyException', {
        messageId: 'POL0001',
        text: 'A policy error occurred: already refunded',
      });
    }
    if (
      Number(tx.paymentAmount.chargingInformation.amount) !==
      Number(original.paymentAmount.chargingInformation.amount)
    ) {
      return invalid('chargingInformation', tx.paymentAmount.chargingInformation.amount);
    }
    await this.#save({ ...original, transactionOperationStatus: 'Refunded' });
    const refund = {
      ...tx,
      serverReferenceCode: `OPR${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`,
    };
    await this.#save(refund);
    this.refunds.push(original.referenceCode);
    return { status: 201, body: { amountTransaction: refund } };
  }

  /** The request's transaction when it is well formed, or the fault to answer. */
  #check(
    endUser: string,
    tx: Partial<AmountTransaction> | undefined,
  ): AmountTransaction | { status: number; body: unknown } {
    if (!tx || typeof tx !== 'object') return invalid('amountTransaction', undefined);
    if (!END_USER.test(endUser) || tx.endUserId !== endUser) {
      return fault(400, 'serviceException', {
        messageId: 'SVC0004',
        text: 'No valid addresses provided in message part %1',
        variables: ['endUserId'],
      });
    }
    for (const part of ['clientCorrelator', 'referenceCode'] as const) {
      const value = tx[part];
      if (typeof value !== 'string' || value.length === 0 || value.length > 256) return invalid(part, value);
    }
    const status = tx.transactionOperationStatus;
    if (status !== 'Charged' && status !== 'Refunded') return invalid('transactionOperationStatus', status);
    const info = tx.paymentAmount?.chargingInformation;
    const amount = typeof info?.amount === 'number' ? String(info.amount) : info?.amount;
    if (
      info?.currency !== 'LSL' ||
      typeof amount !== 'string' ||
      !AMOUNT.test(amount) ||
      !(Number(amount) > 0) ||
      typeof info.description !== 'string'
    ) {
      return invalid('chargingInformation', amount);
    }
    // Kept as the decimal string OneAPI shows, whether it came as a string or a number.
    const paymentAmount = { ...tx.paymentAmount, chargingInformation: { ...info, amount } };
    return { ...tx, paymentAmount } as AmountTransaction;
  }

  async #transaction(correlator: string): Promise<AmountTransaction | undefined> {
    const record = await this.store.get(`tx:${correlator}`);
    return record?.kind === 'transaction' ? record.transaction : undefined;
  }

  #save = (transaction: AmountTransaction) =>
    this.store.set(`tx:${transaction.clientCorrelator}`, { kind: 'transaction', transaction });

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

/** Sends an answer; a hang hijacks the reply and never writes (the client gives up). */
export function sendAnswer(reply: FastifyReply, answer: EmulatorAnswer): FastifyReply {
  if (answer === 'HANG') {
    reply.hijack();
    return reply;
  }
  return reply.code(answer.status).send(answer.body);
}

/** The OneAPI routes, relative to the prefix they are registered under (e.g. /dev/rails/billing). */
export const billingEmulatorRoutes: FastifyPluginAsync<{ emulator: BillingEmulator }> = async (
  app,
  { emulator },
) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!emulator.authorized(request.headers.authorization)) {
      return reply.code(401).send({
        requestError: {
          policyException: { messageId: 'POL0001', text: 'A policy error occurred: invalid credentials' },
        },
      });
    }
  });
  app.post<{ Params: { endUser: string } }>('/:endUser/transactions/amount', async (request, reply) =>
    sendAnswer(reply, await emulator.post(request.params.endUser, request.body)),
  );
  app.get<{ Params: { correlator: string } }>('/transactions/amount/:correlator', async (request, reply) =>
    sendAnswer(reply, await emulator.find(request.params.correlator)),
  );
  app.delete<{ Params: { correlator: string } }>('/transactions/amount/:correlator', async (request, reply) =>
    sendAnswer(reply, await emulator.void(request.params.correlator)),
  );
};
