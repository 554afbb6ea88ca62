// The money-moving wallet routes (CONTRACTS.md "Wallet, subscription and account API"): airtime
// (mobile-money-transaction) and cash-out. Both require an Idempotency-Key; input is checked before
// the key is claimed, and refusals store nothing, so a refused request leaves no row behind.
import type { FastifyPluginAsyncTypebox, TSchema } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { parseAmountCents } from '../../machines/rules/amount.ts';
import { IdempotencyHeaders } from '../../machines/wire/fields.ts';
import { AirtimeAnswer, AirtimeBody, CashOutAnswer, CashOutBody } from '../../machines/wire/wallet.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { answerIdempotent } from '../idempotency/idempotency.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import { AIRTIME_SERVICE, buyAirtime } from './airtime.ts';
import { findWallet } from './mobileWallets.ts';
import { requestCashOut } from './payout.ts';

export interface MoneyRoutesOptions {
  db: Kysely<Database>;
  provider: MobileMoneyProvider;
  timeoutMs: number;
  now: () => Date;
}

/** A money POST's schemas: its body, the Idempotency-Key header, its answer or a refusal. */
const moneyRoute = <Body extends TSchema, Ok extends TSchema>(body: Body, ok: Ok) => ({
  schema: { body, headers: IdempotencyHeaders, response: { 200: ok, '4xx': ErrorResponse } },
});

/** The amount in cents, or a 400 AMOUNT.INVALID refusal (the rule the amount field also applies). */
function amountCentsOf(amount: number | string): number {
  const cents = parseAmountCents(amount);
  if (cents === null) throw new ApiError(400, 'AMOUNT.INVALID');
  return cents;
}

/** The supported wallet `sid` names, or a 400 WALLET.UNKNOWN refusal. */
async function knownWallet(db: Kysely<Database>, sid: string) {
  const wallet = await findWallet(db, sid);
  if (!wallet) throw new ApiError(400, 'WALLET.UNKNOWN');
  return wallet;
}

export const moneyRoutes: FastifyPluginAsyncTypebox<MoneyRoutesOptions> = async (app, opts) => {
  const deps = { db: opts.db, provider: opts.provider, timeoutMs: opts.timeoutMs, now: opts.now };

  app.post('/mobile-money-transaction', moneyRoute(AirtimeBody, AirtimeAnswer), async (request, reply) => {
    const msisdn = request.user.msisdn;
    const { amount, receivingMsisdn, mobileWalletSid, lang } = request.body;
    const amountCents = amountCentsOf(amount);
    const receiving = receivingMsisdn ? normaliseMsisdn(receivingMsisdn) : msisdn;
    if (!receiving) throw new ApiError(400, 'MSISDN.INVALID');
    // The wallet pays: the app no longer asks for a mobile wallet. One an older app still sends must be
    // a known one (as before), but it plays no part in the purchase.
    if (mobileWalletSid !== undefined) await knownWallet(opts.db, mobileWalletSid);
    const order = { amountCents, receivingMsisdn: receiving, walletSid: AIRTIME_SERVICE, lang };
    return answerIdempotent(request, reply, (key) => buyAirtime(deps, msisdn, request.body, order, key));
  });

  app.post('/cash-out', moneyRoute(CashOutBody, CashOutAnswer), async (request, reply) => {
    const msisdn = request.user.msisdn;
    const { amount, mobileWalletSid, lang } = request.body;
    const amountCents = amountCentsOf(amount);
    const wallet = await knownWallet(opts.db, mobileWalletSid);
    // Cash-outs go only where the rail pays out (M-Pesa B2C): refused before anything is withheld.
    if (!opts.provider.offers(wallet.sid).payouts) throw new ApiError(400, 'WALLET.UNKNOWN');
    return answerIdempotent(request, reply, (key) =>
      requestCashOut(deps, msisdn, request.body, { amountCents, wallet, lang }, key),
    );
  });
};
