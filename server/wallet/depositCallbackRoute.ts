// The mobile-money provider's deposit callback (CONTRACTS.md "Deposits"). The signature covers the raw
// bytes, so this route keeps the body as received (its own JSON parser, in this plugin only) and checks
// X-Callback-Signature before acting on anything: a bad or missing one is 401 and changes nothing (a
// body that is not a callback at all is refused with 400 first, like every route's malformed input). A
// verified result settles its deposit once (deposits.ts); repeats and late ones change nothing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { MpesaAck, MpesaCallbackBody } from '../../machines/wire/providers.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import {
  CALLBACK_PATH,
  readCallback,
  SIGNATURE_HEADER,
  type StkCallbackBody,
  verifyCallback,
} from '../providers/depositCallback.ts';
import { findByProviderRequest, settleDeposit } from './deposits.ts';

export interface DepositCallbackOptions {
  db: Kysely<Database>;
  secret: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (only on routes that verify a signature over it). */
    rawBody?: string;
  }
}

export const depositCallbackRoute: FastifyPluginAsyncTypebox<DepositCallbackOptions> = async (app, opts) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = body as string;
    request.rawBody = raw;
    try {
      done(null, JSON.parse(raw));
    } catch {
      // Unparsable: refused by the schema (400), as Fastify's own parser would.
      done(null, null);
    }
  });

  app.addHook('preHandler', async (request) => {
    if (!verifyCallback(opts.secret, request.rawBody ?? '', request.headers[SIGNATURE_HEADER])) {
      throw new ApiError(401, 'CALLBACK.SIGNATURE_INVALID');
    }
  });

  app.post(
    CALLBACK_PATH,
    { schema: { body: MpesaCallbackBody, response: { 200: MpesaAck, '4xx': ErrorResponse } } },
    async (request) => {
      const result = readCallback(request.body as StkCallbackBody);
      const deposit = await findByProviderRequest(opts.db, result.providerRequestId);
      // Not (yet) known: the provider retries, and reconciliation asks it in any case.
      if (!deposit) throw new ApiError(404, 'DEPOSIT.NOT_FOUND');
      const outcome = await settleDeposit(opts.db, deposit.id, result);
      if (outcome === 'FLAGGED')
        request.log.warn({ depositId: deposit.id }, 'deposit flagged for the operator');
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    },
  );
};
