// The public receipt look-up (DESIGN.md "Receipt look-up"): GET /api/public/receipts/:reference tells
// anyone, signed in or not, that an accepted slip with this reference exists, in which round, when and
// through which channel, and nothing about who played or what they picked (the signed receipt is the
// full check). References are 30 random bits, so the look-up is counted per address to stop anyone
// walking through them; the count lives in the database like the other abuse limits, so every instance
// sees it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { isReceiptReference } from '../../machines/rules/receiptReference.ts';
import { ReceiptLookup, ReceiptLookupParams } from '../../machines/wire/public.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { bump, pruneCounters, windowRemainingMs, windowStart } from '../identity/rateCounters.ts';

/** Look-ups one address may make per window: plenty for a person checking slips by hand, behind a
 * carrier NAT address too; far too few to find a stranger's reference. */
export const RECEIPT_LOOKUPS_PER_ADDRESS = 30;
export const RECEIPT_LOOKUP_WINDOW_MS = 60 * 1000;

const lookupsFrom = (address: string) => `receipt-lookups:${address}`;

export interface ReceiptLookupOptions {
  db: Kysely<Database>;
  now: () => Date;
}

/** Registered with prefix /api/public (server/play/plugin.ts). */
export const receiptLookupRoute: FastifyPluginAsyncTypebox<ReceiptLookupOptions> = async (
  app,
  { db, now },
) => {
  app.get(
    '/receipts/:reference',
    {
      schema: {
        params: ReceiptLookupParams,
        response: { 200: ReceiptLookup, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const at = now();
      const window = windowStart(at, RECEIPT_LOOKUP_WINDOW_MS);
      const count = await bump(db, lookupsFrom(request.ip), window);
      if (count === 1) await pruneCounters(db, at);
      if (count > RECEIPT_LOOKUPS_PER_ADDRESS) {
        reply.header(
          'retry-after',
          String(Math.ceil(windowRemainingMs(at, RECEIPT_LOOKUP_WINDOW_MS) / 1000)),
        );
        throw new ApiError(429, 'RECEIPT.TOO_MANY_LOOKUPS');
      }
      const { reference } = request.params;
      if (!isReceiptReference(reference)) throw new ApiError(400, 'RECEIPT.INVALID_REFERENCE');
      const slip = await db
        .selectFrom('submissions')
        .select(['reference', 'betslip_sid', 'created_at', 'channel'])
        .where('reference', '=', reference)
        .where('jws', 'is not', null)
        .executeTakeFirst();
      if (!slip?.reference) throw new ApiError(404, 'RECEIPT.UNKNOWN');
      return {
        reference: slip.reference,
        sid: slip.betslip_sid,
        createdAt: slip.created_at.toISOString(),
        channel: slip.channel,
        status: 'ACCEPTED' as const,
      };
    },
  );
};
