// Receipts API (CONTRACTS.md "Receipts"): the public key anyone checks a receipt with, and a
// subscriber's own slips on a betslip with their receipts (a group's slip names its group).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { JwksResponse, MySlipsQuery, MySlipsResponse } from '../../machines/wire/play.ts';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import { currentBetslip } from './betslips.ts';
import type { ReceiptKey } from './receiptKey.ts';
import { predictionNumbers } from './receipts.ts';
import { winningRowsOf } from './winningRows.ts';

/** Receipts are checked offline from a cached copy; a day is short next to how long a key lives. */
const JWKS_CACHE = 'public, max-age=86400';

/** GET /api/receipts/jwks.json: public, no sign-in. */
export const jwksRoute: FastifyPluginAsyncTypebox<{ key: ReceiptKey }> = async (app, { key }) => {
  const body = { keys: [key.publicJwk] };
  app.get('/api/receipts/jwks.json', { schema: { response: { 200: JwksResponse } } }, async (_req, reply) =>
    reply.header('cache-control', JWKS_CACHE).send(body),
  );
};

/** GET /api/protected/my-slips?sid=: only the signed-in subscriber's slips; unknown sid → []. */
export const mySlipsRoute: FastifyPluginAsyncTypebox<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/my-slips',
    { schema: { querystring: MySlipsQuery, response: { 200: MySlipsResponse } } },
    async (request) => {
      const sid = request.query.sid ?? (await currentBetslip(db))?.sid;
      if (!sid) return [];
      const rows = await db
        .selectFrom('submissions as s')
        .innerJoin('betslips as b', 'b.sid', 's.betslip_sid')
        .leftJoin('groups as g', 'g.submission_id', 's.id')
        .leftJoin('slip_results as r', 'r.submission_id', 's.id')
        .select([
          'g.code as group_code',
          's.reference',
          's.jws',
          's.created_at',
          's.cost_cents',
          's.paid_from',
          's.channel',
          's.predictions',
          's.rows',
          's.system_id',
          'r.winning_rows',
          'r.amount_won_cents',
          'r.prize_won',
          'b.status',
        ])
        .where('s.msisdn', '=', request.user.msisdn)
        .where('s.betslip_sid', '=', sid)
        .where('s.jws', 'is not', null)
        .orderBy('s.created_at')
        .orderBy('s.id')
        .execute();
      return rows.map((r) => ({
        reference: r.reference ?? '',
        createdAt: r.created_at.toISOString(),
        cost: Number(r.cost_cents) / 100,
        paidFrom: r.paid_from,
        channel: r.channel,
        predictions: predictionNumbers(fromJson<StoredPrediction[]>(r.predictions)),
        jws: r.jws ?? '',
        rows: r.rows,
        systemId: r.system_id,
        winningRows: winningRowsOf(r, r.status === 'SETTLED'),
        // A group's slip (in its captain's list): the group's code.
        ...(r.group_code !== null && { group: r.group_code }),
      }));
    },
  );
};
