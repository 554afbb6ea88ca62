// Deposits, the subscriber's side (CONTRACTS.md "Deposits"): POST deposit asks the provider to prompt
// the subscriber's phone and answers 202 PENDING with our reference; GET deposits/:depositId tells what
// became of it (own deposits only). The provider's answer arrives at the callback route
// (depositCallbackRoute.ts) or through reconciliation; neither this route nor a timeout settles it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { parseAmountCents } from '../../machines/rules/amount.ts';
import { IdempotencyHeaders } from '../../machines/wire/fields.ts';
import { DepositAccepted, DepositBody, DepositParams, DepositView } from '../../machines/wire/wallet.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { answerIdempotent, runIdempotent } from '../idempotency/idempotency.ts';
import { withTimeout } from '../lib/withTimeout.ts';
import type { MobileMoneyProvider } from '../providers/mobileMoney.ts';
import {
  createDeposit,
  DEPOSIT_ROUTE,
  type Deposit,
  findDeposit,
  recordProviderRequest,
  refuseDeposit,
} from './deposits.ts';
import { findWallet } from './mobileWallets.ts';

export interface DepositRoutesOptions {
  db: Kysely<Database>;
  provider: MobileMoneyProvider;
  timeoutMs: number;
  now: () => Date;
  /**
   * Whether a deposit fits the subscriber's weekly deposit limit, asked inside the deposit's transaction
   * with the wallet locked. Responsible play owns the limits (play/limits.ts `depositAllowed`); it is
   * passed in so that the wallet does not import play, which builds on the wallet.
   */
  depositAllowed: (trx: Kysely<Database>, msisdn: string, amountCents: number, now: Date) => Promise<boolean>;
}

/** A deposit as the subscriber sees it (a flag is for the operator: the subscriber sees it pending). */
export const depositView = (d: Deposit) => ({
  depositId: d.id,
  reference: d.reference,
  amount: d.amountCents / 100,
  status: d.status,
  providerRequestId: d.providerRequestId,
  providerReceipt: d.providerReceipt,
  mobileWalletSid: d.walletSid,
  createDate: d.createdAt.toISOString(),
  failureReason:
    d.status === 'FAILED' || d.status === 'CANCELLED' ? (d.failureReason ?? 'PROVIDER_ERROR') : null,
  providerCode: d.providerCode,
});

export const depositRoutes: FastifyPluginAsyncTypebox<DepositRoutesOptions> = async (app, opts) => {
  const { db, provider } = opts;

  app.post(
    '/deposit',
    {
      schema: {
        body: DepositBody,
        headers: IdempotencyHeaders,
        response: { 202: DepositAccepted, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const msisdn = request.user.msisdn;
      const amountCents = parseAmountCents(request.body.amount);
      if (amountCents === null) throw new ApiError(400, 'AMOUNT.INVALID');
      const wallet = await findWallet(db, request.body.mobileWalletSid);
      if (!wallet || !provider.offers(wallet.sid).deposits) throw new ApiError(400, 'WALLET.UNKNOWN');
      const now = opts.now();
      return answerIdempotent(request, reply, (key) =>
        runIdempotent(
          db,
          { msisdn, route: DEPOSIT_ROUTE, key },
          request.body,
          async () => {
            const deposit = await createDeposit(
              db,
              { msisdn, amountCents, walletSid: wallet.sid, idempotencyKey: key },
              async (trx) => {
                if (!(await opts.depositAllowed(trx, msisdn, amountCents, now))) {
                  throw new ApiError(403, 'DEPOSIT.LIMIT_REACHED');
                }
              },
            );
            // The prompt is asked for after the PENDING row is committed, so any answer finds it; no
            // answer in time leaves it PENDING for the callback or the status query.
            const asked = await withTimeout(
              provider.requestDeposit({
                reference: deposit.reference,
                msisdn,
                walletSid: wallet.sid,
                amountCents,
              }),
              opts.timeoutMs,
            );
            if (asked !== 'TIMEOUT') {
              if (asked.status === 'ACCEPTED')
                await recordProviderRequest(db, deposit.id, asked.providerRequestId);
              else
                await refuseDeposit(db, deposit.id, asked.reason, {
                  failureReason: asked.failureReason,
                  providerCode: asked.providerCode,
                });
            }
            const current = (await findDeposit(db, deposit.id)) ?? deposit;
            return {
              statusCode: 202,
              body: {
                depositId: current.id,
                reference: current.reference,
                status: current.status,
                messageKey: `DEPOSIT.${current.status}`,
              },
            };
          },
          now,
        ),
      );
    },
  );

  app.get(
    '/deposits/:depositId',
    {
      schema: {
        params: DepositParams,
        response: { 200: DepositView, '4xx': ErrorResponse },
      },
    },
    async (request) => {
      const deposit = await findDeposit(db, request.params.depositId);
      // Another subscriber's deposit is not found, not forbidden: ids reveal nothing.
      if (!deposit || deposit.msisdn !== request.user.msisdn) throw new ApiError(404, 'DEPOSIT.NOT_FOUND');
      return depositView(deposit);
    },
  );
};
