// The money-moving wallet routes (CONTRACTS.md "Wallet, subscription and account API"): airtime
// (mobile-money-transaction) and cash-out. Both require an Idempotency-Key; input is checked before
// the key is claimed, and refusals store nothing, so a refused request leaves no row behind.
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import { refusal } from '../play/refusal.ts';
import { Refusal, SubmitHeaders } from '../play/schemas.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import { buyAirtime } from './airtime.ts';
import { parseAmountCents } from './amount.ts';
import { findWallet } from './mobileWallets.ts';
import { requestCashOut } from './payout.ts';
import { Refused } from './refused.ts';

export interface MoneyRoutesOptions {
  db: Kysely<Database>;
  provider: MobileMoneyProvider;
  timeoutMs: number;
  now: () => Date;
}

/** A number, or the amount field as typed with everything but digits and the dot removed. */
const Amount = Type.Union([Type.Number(), Type.String({ maxLength: 32 })]);
const Lang = Type.Optional(Type.String({ maxLength: 8 }));
const WalletSid = Type.String({ maxLength: 32 });

const AirtimeBody = Type.Object({
  lang: Lang,
  amount: Amount,
  /** null (or absent) = for the subscriber; else the friend's number in any usual spelling. */
  receivingMsisdn: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  mobileWalletSid: WalletSid,
});

const CashOutBody = Type.Object({ lang: Lang, amount: Amount, mobileWalletSid: WalletSid });

const AirtimeAnswer = Type.Object({
  message: Type.String(),
  messageKey: Type.Union([Type.Literal('AIRTIME.SUCCESS'), Type.Literal('AIRTIME.FAILED')]),
  status: Type.Union([Type.Literal('CONFIRMED'), Type.Literal('FAILED')]),
});

const CashOutAnswer = Type.Object({
  message: Type.String(),
  messageKey: Type.Union([
    Type.Literal('CASHOUT.CONFIRMED'),
    Type.Literal('CASHOUT.PENDING'),
    Type.Literal('CASHOUT.FAILED'),
  ]),
  status: Type.Union([Type.Literal('CONFIRMED'), Type.Literal('PENDING'), Type.Literal('FAILED')]),
  reference: Type.String(),
});

const refuse = (reply: FastifyReply, statusCode: number, messageKey: string) =>
  reply.code(statusCode).send(refusal(statusCode, messageKey).body as never);

type Answer = { statusCode: number; body: unknown; replayed: boolean };

/** Sends an idempotent answer, or the refusal the handler threw. */
async function answer(reply: FastifyReply, run: () => Promise<Answer>) {
  try {
    const result = await run();
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(result.statusCode).send(result.body as never);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return reply.code(error.response.statusCode).send(error.response.body as never);
  }
}

export const moneyRoutes: FastifyPluginAsyncTypebox<MoneyRoutesOptions> = async (app, opts) => {
  const deps = { db: opts.db, provider: opts.provider, timeoutMs: opts.timeoutMs, now: opts.now };

  app.post(
    '/mobile-money-transaction',
    {
      schema: {
        body: AirtimeBody,
        headers: SubmitHeaders,
        response: { 200: AirtimeAnswer, '4xx': Refusal },
      },
    },
    async (request, reply) => {
      const msisdn = request.user.msisdn;
      const { amount, receivingMsisdn, mobileWalletSid, lang } = request.body;
      const amountCents = parseAmountCents(amount);
      if (amountCents === null) return refuse(reply, 400, 'AMOUNT.INVALID');
      const receiving = receivingMsisdn ? normaliseMsisdn(receivingMsisdn) : msisdn;
      if (!receiving) return refuse(reply, 400, 'MSISDN.INVALID');
      const wallet = await findWallet(opts.db, mobileWalletSid);
      if (!wallet) return refuse(reply, 400, 'WALLET.UNKNOWN');
      const order = { amountCents, receivingMsisdn: receiving, walletSid: wallet.sid, lang };
      const key = request.headers['idempotency-key'];
      return answer(reply, () => buyAirtime(deps, msisdn, request.body, order, key));
    },
  );

  app.post(
    '/cash-out',
    {
      schema: {
        body: CashOutBody,
        headers: SubmitHeaders,
        response: { 200: CashOutAnswer, '4xx': Refusal },
      },
    },
    async (request, reply) => {
      const msisdn = request.user.msisdn;
      const { amount, mobileWalletSid, lang } = request.body;
      const amountCents = parseAmountCents(amount);
      if (amountCents === null) return refuse(reply, 400, 'AMOUNT.INVALID');
      const wallet = await findWallet(opts.db, mobileWalletSid);
      if (!wallet) return refuse(reply, 400, 'WALLET.UNKNOWN');
      const key = request.headers['idempotency-key'];
      return answer(reply, () =>
        requestCashOut(deps, msisdn, request.body, { amountCents, wallet, lang }, key),
      );
    },
  );
};
