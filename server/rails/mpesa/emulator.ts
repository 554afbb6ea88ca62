// An emulator of the Vodacom M-Pesa OpenAPI, faithful to what the adapter relies on: the encrypted
// Bearer, sessions that are refused before they are live and after they expire, field checks, duplicate
// ThirdPartyConversationIDs (INS-10, never a second payment) and payments that complete even when the
// answer is lost. Served by the demo server under /dev/rails/mpesa and as its own process.

import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { memoryStore, type RailStore, sleep } from '../types.ts';
import { MPESA_CODES, type MpesaCodeName } from './codes.ts';
import { decryptBearer } from './crypto.ts';
import {
  field,
  type Input,
  parseInput,
  paymentChecks,
  queryChecks,
  refusal,
  reversalChecks,
} from './fields.ts';

export type MpesaTransactionStatus =
  | 'Completed'
  | 'Cancelled'
  | 'Failed'
  | 'Expired'
  | 'Reversed'
  | 'Pending';

export interface MpesaTransaction {
  /** input_TransactionReference (a reversal: the reversed payment's). */
  reference: string;
  thirdPartyConversationId: string;
  conversationId: string;
  kind: 'C2B' | 'B2C' | 'REVERSAL';
  msisdn: string;
  amountCents: number;
  status: MpesaTransactionStatus;
  transactionId: string;
  /** A reversal: the TransactionID it gave back. */
  reversedTransactionId?: string;
  createdAt: number;
}

export type C2bOutcome = 'confirm' | 'cancel' | 'wrongPin' | 'timeout' | 'never';

/** What the emulator answers: a JSON body with its status, or nothing ever (the answer is lost). */
export interface EmulatorReply {
  httpStatus: number;
  body: Record<string, string>;
}
export type EmulatorAnswer = EmulatorReply | 'hang';

export interface MpesaEmulatorOptions {
  apiKey?: string;
  serviceProviderCode?: string;
  keyPair?: { publicKey: KeyObject; privateKey: KeyObject };
  /** Transactions by ThirdPartyConversationID. */
  store?: RailStore<MpesaTransaction>;
  /** TransactionID → ThirdPartyConversationID (queries and reversals name a transaction by either). */
  transactionIds?: RailStore<string>;
  random?: () => number;
  now?: () => number;
  latencyMs?: number;
  sessionLiveMs?: number;
  sessionTtlMs?: number;
}

/** How long past its latency a Pending payment may wait before a query takes it as cut off. */
const ORPHAN_GRACE_MS = 2_000;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
// M-Pesa receipts look like "5C1400CVRO": ten upper-case letters and digits.
const receipt = () => hex(8).toUpperCase().slice(0, 10);
const cents = (amount: string) => Math.round(Number(amount) * 100);

export class MpesaEmulator {
  readonly apiKey: string;
  readonly serviceProviderCode: string;
  /** What the portal shows: base64 DER SubjectPublicKeyInfo. */
  readonly publicKeyBase64: string;
  latencyMs: number;
  outcome: C2bOutcome = 'confirm';
  /** C2B and B2C take the payment and never answer. */
  hang = false;
  /** Share of B2C payments declined (INS-6). */
  failureRate = 0;
  /** Customers whose C2B payments answer INS-2006. */
  insufficient = new Set<string>();
  sessionLiveMs: number;
  sessionTtlMs: number;
  /** C2B and B2C payments this instance completed, in order (tests assert nobody is paid twice). */
  readonly completed: MpesaTransaction[] = [];
  /** Sessions issued and session refusals (401), for tests. */
  sessionsIssued = 0;
  sessionRefusals = 0;

  private readonly privateKey: KeyObject;
  private readonly store: RailStore<MpesaTransaction>;
  private readonly transactionIds: RailStore<string>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly sessions = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  /** Payments this instance is deciding right now (waiting on the "customer"). */
  private readonly deciding = new Set<string>();
  private readonly created: string[] = [];

  constructor(options: MpesaEmulatorOptions = {}) {
    const keys = options.keyPair ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = keys.privateKey;
    this.publicKeyBase64 = keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    this.apiKey = options.apiKey ?? hex(16);
    this.serviceProviderCode = options.serviceProviderCode ?? '000000';
    this.store = options.store ?? memoryStore();
    this.transactionIds = options.transactionIds ?? memoryStore();
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.latencyMs = options.latencyMs ?? 1000;
    this.sessionLiveMs = options.sessionLiveMs ?? 30_000;
    this.sessionTtlMs = options.sessionTtlMs ?? 3_600_000;
  }

  /** Every transaction this emulator created, as it stands now (what was paid, reversed, refused). */
  async payments(): Promise<MpesaTransaction[]> {
    const found = await Promise.all(this.created.map((key) => this.store.get(key)));
    return found.filter((t): t is MpesaTransaction => t !== undefined);
  }

  getSession(authorization: string | undefined): EmulatorAnswer {
    if (this.secret(authorization) !== this.apiKey) return answer('INS-2', {});
    const id = hex(16);
    this.sessions.set(id, this.now());
    this.sessionsIssued += 1;
    return answer('INS-0', { output_SessionID: id });
  }

  async pay(kind: 'C2B' | 'B2C', authorization: string | undefined, raw: unknown): Promise<EmulatorAnswer> {
    const refused = this.refuseSession(authorization);
    if (refused) return refused;
    const input = parseInput(raw);
    const description = kind === 'C2B' ? 'input_PurchasedItemsDesc' : 'input_PaymentItemsDesc';
    const invalid = refusal(input, paymentChecks(this.serviceProviderCode, description));
    if (invalid || !input) return answer(invalid ?? 'INS-21', echo(input));
    const created = await this.create(input, {
      reference: field(input, 'input_TransactionReference'),
      kind,
      msisdn: field(input, 'input_CustomerMSISDN'),
      amountCents: cents(field(input, 'input_Amount')),
    });
    if ('httpStatus' in created) return created;
    // The customer's PIN prompt (C2B) or the transfer (B2C); it goes on if our client has gone.
    this.deciding.add(created.thirdPartyConversationId);
    let code: MpesaCodeName;
    let done: MpesaTransaction;
    try {
      await sleep(this.latencyMs);
      [done, code] = await this.finish(created);
    } finally {
      this.deciding.delete(created.thirdPartyConversationId);
    }
    if (this.hang || (kind === 'C2B' && this.outcome === 'never')) return 'hang';
    return answer(code, identify(done));
  }

  async query(authorization: string | undefined, raw: unknown): Promise<EmulatorAnswer> {
    const refused = this.refuseSession(authorization);
    if (refused) return refused;
    const input = parseInput(raw);
    const invalid = refusal(input, queryChecks(this.serviceProviderCode));
    if (invalid || !input) return answer(invalid ?? 'INS-21', echo(input));
    let found = await this.find(field(input, 'input_QueryReference'));
    if (!found) return answer('INS-23', echo(input));
    // Left Pending by an emulator that stopped mid-payment (the demo server killed with it): Vodacom would
    // have finished it, so it is finished now, once nobody here is still working on it.
    const orphan =
      found.status === 'Pending' &&
      !this.deciding.has(found.thirdPartyConversationId) &&
      this.now() - found.createdAt > this.latencyMs + ORPHAN_GRACE_MS;
    if (orphan) [found] = await this.finish(found);
    return answer(
      'INS-0',
      {
        output_ResponseTransactionStatus: found.status,
        output_TransactionID: found.transactionId,
        output_ConversationID: found.conversationId,
        output_ThirdPartyConversationID: field(input, 'input_ThirdPartyConversationID'),
      },
      200,
    );
  }

  async reversal(authorization: string | undefined, raw: unknown): Promise<EmulatorAnswer> {
    const refused = this.refuseSession(authorization);
    if (refused) return refused;
    const input = parseInput(raw);
    const invalid = refusal(input, reversalChecks(this.serviceProviderCode));
    if (invalid || !input) return answer(invalid ?? 'INS-21', echo(input));
    // A repeated reversal is a duplicate before anything else, as a repeated payment is.
    if (await this.store.get(field(input, 'input_ThirdPartyConversationID'))) {
      return answer('INS-10', { ...echo(input), output_ConversationID: hex(16) });
    }
    const original = await this.find(field(input, 'input_TransactionID'));
    // Only a completed payment can be given back (INS-18: no such transaction to reverse).
    if (!original || original.kind === 'REVERSAL' || original.status !== 'Completed') {
      return answer('INS-18', echo(input));
    }
    const amountCents = cents(field(input, 'input_ReversalAmount'));
    if (amountCents > original.amountCents) return answer('INS-15', echo(input));
    const created = await this.create(input, {
      reference: original.reference,
      kind: 'REVERSAL',
      msisdn: original.msisdn,
      amountCents,
      reversedTransactionId: original.transactionId,
    });
    if ('httpStatus' in created) return created;
    const done: MpesaTransaction = { ...created, status: 'Completed' };
    await this.store.set(done.thirdPartyConversationId, done);
    await this.store.set(original.thirdPartyConversationId, { ...original, status: 'Reversed' });
    return answer('INS-0', identify(done), 200);
  }

  /** Records a new Pending transaction, or answers INS-10 when its conversation was seen before. */
  private async create(
    input: Input,
    details: Pick<
      MpesaTransaction,
      'reference' | 'kind' | 'msisdn' | 'amountCents' | 'reversedTransactionId'
    >,
  ): Promise<MpesaTransaction | EmulatorReply> {
    const key = field(input, 'input_ThirdPartyConversationID');
    const duplicate = () => answer('INS-10', { ...echo(input), output_ConversationID: hex(16) });
    // Claimed before the first await, so two concurrent requests cannot both pass the check.
    if (this.inFlight.has(key)) return duplicate();
    this.inFlight.add(key);
    try {
      if (await this.store.get(key)) return duplicate();
      const transaction: MpesaTransaction = {
        ...details,
        thirdPartyConversationId: key,
        conversationId: randomUUID().replaceAll('-', ''),
        status: details.kind === 'REVERSAL' ? 'Completed' : 'Pending',
        transactionId: receipt(),
        createdAt: this.now(),
      };
      await this.store.set(key, transaction);
      await this.transactionIds.set(transaction.transactionId, key);
      this.created.push(key);
      return transaction;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Decides a Pending payment and records the outcome. */
  private async finish(t: MpesaTransaction): Promise<[MpesaTransaction, MpesaCodeName]> {
    const [status, code] = this.decide(t);
    const done = { ...t, status };
    await this.store.set(done.thirdPartyConversationId, done);
    if (status === 'Completed') this.completed.push(done);
    return [done, code];
  }

  /** What happens to a payment; a hanging emulator decides the same way and only keeps the answer back. */
  private decide(t: MpesaTransaction): [MpesaTransactionStatus, MpesaCodeName] {
    if (t.kind === 'B2C')
      return this.random() < this.failureRate ? ['Failed', 'INS-6'] : ['Completed', 'INS-0'];
    if (this.insufficient.has(t.msisdn)) return ['Failed', 'INS-2006'];
    switch (this.outcome) {
      case 'cancel':
        return ['Cancelled', 'INS-5'];
      case 'wrongPin':
        return ['Failed', 'INS-6'];
      case 'timeout':
        return ['Expired', 'INS-9'];
      default:
        return ['Completed', 'INS-0'];
    }
  }

  /** By ThirdPartyConversationID, else by TransactionID. */
  private async find(reference: string): Promise<MpesaTransaction | undefined> {
    const direct = await this.store.get(reference);
    if (direct) return direct;
    const key = await this.transactionIds.get(reference);
    return key === undefined ? undefined : this.store.get(key);
  }

  private secret(authorization: string | undefined): string | null {
    const bearer = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    return bearer ? decryptBearer(this.privateKey, bearer) : null;
  }

  /**
   * A session ID that does not decrypt, is unknown, is not live yet or has expired: 401 INS-2 ("Invalid
   * API Key", the gateway's one authentication refusal), with a description saying which.
   */
  private refuseSession(authorization: string | undefined): EmulatorReply | null {
    const id = this.secret(authorization);
    const createdAt = id === null ? undefined : this.sessions.get(id);
    const age = createdAt === undefined ? null : this.now() - createdAt;
    const why =
      age === null
        ? 'Invalid Session ID'
        : age < this.sessionLiveMs
          ? 'Session ID not yet active'
          : age >= this.sessionTtlMs
            ? 'Session ID expired'
            : null;
    if (why === null) return null;
    this.sessionRefusals += 1;
    return { httpStatus: 401, body: { output_ResponseCode: 'INS-2', output_ResponseDesc: why } };
  }
}

/** An answer carrying `code`, with the HTTP status M-Pesa gives it (INS-0: 201 unless told). */
function answer(code: MpesaCodeName, fields: Record<string, string>, okStatus = 201): EmulatorReply {
  const known = MPESA_CODES[code];
  return {
    httpStatus: code === 'INS-0' ? okStatus : known.httpStatus,
    body: { output_ResponseCode: code, output_ResponseDesc: known.description, ...fields },
  };
}

const echo = (input: Input | null): Record<string, string> => {
  const thirdParty = input?.input_ThirdPartyConversationID;
  return typeof thirdParty === 'string' ? { output_ThirdPartyConversationID: thirdParty } : {};
};

const identify = (t: MpesaTransaction): Record<string, string> => ({
  output_ConversationID: t.conversationId,
  output_ThirdPartyConversationID: t.thirdPartyConversationId,
  output_TransactionID: t.transactionId,
});

/** The M-Pesa OpenAPI paths, relative to the prefix the plugin is registered at. */
export const mpesaEmulatorRoutes: FastifyPluginAsync<{ emulator: MpesaEmulator }> = async (
  app,
  { emulator },
) => {
  // Bodies are parsed by the emulator so a malformed one answers INS-21 as M-Pesa does, never a 500.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // Requests whose answer is lost stay open until the client gives up or the server closes.
  const held = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of held) response.destroy();
  });

  const send = (reply: FastifyReply, result: EmulatorAnswer) => {
    if (result !== 'hang') return reply.code(result.httpStatus).send(result.body);
    reply.hijack();
    held.add(reply.raw);
    reply.raw.once('close', () => held.delete(reply.raw));
    return reply;
  };
  const auth = (request: FastifyRequest) => request.headers.authorization;

  app.get('/getSession/', async (request, reply) => send(reply, emulator.getSession(auth(request))));
  app.post('/c2bPayment/singleStage/', async (request, reply) =>
    send(reply, await emulator.pay('C2B', auth(request), request.body)),
  );
  app.post('/b2cPayment/', async (request, reply) =>
    send(reply, await emulator.pay('B2C', auth(request), request.body)),
  );
  app.get('/queryTransactionStatus/', async (request, reply) =>
    send(reply, await emulator.query(auth(request), request.query)),
  );
  app.put('/reversal/', async (request, reply) =>
    send(reply, await emulator.reversal(auth(request), request.body)),
  );
};
