// Responsible play (CONTRACTS.md): GET/POST play-limits and POST play-pause, for the signed-in
// subscriber. Each change is read-modify-write under a row lock, so two concurrent changes cannot undo
// each other (e.g. a pause lost to a limit change made at the same moment).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { DepositLimitBody, LimitBody, PauseBody, PlayLimits } from '../../machines/wire/account.ts';
import type { Database } from '../db/index.ts';
import { ErrorResponse, refusal } from '../errors.ts';
import { changeLimit, type LimitState, type PauseDuration, startPause } from './limitRules.ts';
import { limitsView, loadDepositLimit, loadLimits, saveDepositLimit, saveLimits } from './limits.ts';

export interface LimitRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
}

/** M with at most two decimals to cents; undefined when it has more. */
function limitCentsOf(limit: number | null): number | null | undefined {
  if (limit === null) return null;
  const cents = Math.round(limit * 100);
  return Math.abs(limit * 100 - cents) > 1e-6 ? undefined : cents;
}

export const limitRoutes: FastifyPluginAsyncTypebox<LimitRoutesOptions> = async (app, o) => {
  const { db } = o;

  /** Applies `change` to the subscriber's limits in one transaction with the row locked. */
  async function update(
    msisdn: string,
    change: (state: LimitState, now: Date) => LimitState,
    which: 'stake' | 'deposit' = 'stake',
  ) {
    const now = o.now();
    const state = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('play_limits')
        .values({ msisdn, updated_at: now })
        .onConflict((oc) => oc.column('msisdn').doNothing())
        .execute();
      await trx.selectFrom('play_limits').select('msisdn').where('msisdn', '=', msisdn).forUpdate().execute();
      if (which === 'deposit') {
        await saveDepositLimit(trx, msisdn, change(await loadDepositLimit(trx, msisdn), now), now);
        return loadLimits(trx, msisdn);
      }
      const next = change(await loadLimits(trx, msisdn), now);
      await saveLimits(trx, msisdn, next, now);
      return next;
    });
    return limitsView(db, msisdn, now, state);
  }

  app.get('/play-limits', { schema: { response: { 200: PlayLimits } } }, async (request) =>
    limitsView(db, request.user.msisdn, o.now()),
  );

  app.post(
    '/play-limits',
    { schema: { body: LimitBody, response: { 200: PlayLimits, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const { weeklyLimit } = request.body;
      let limitCents: number | null = null;
      if (weeklyLimit !== null) {
        limitCents = Math.round(weeklyLimit * 100);
        if (Math.abs(weeklyLimit * 100 - limitCents) > 1e-6) {
          return reply.code(400).send(refusal(400, 'AMOUNT.INVALID').body);
        }
      }
      return update(request.user.msisdn, (state, now) => changeLimit(state, limitCents, now));
    },
  );

  // The weekly deposit limit, with the stake limit's rules: lower at once, higher after a day.
  app.post(
    '/deposit-limit',
    { schema: { body: DepositLimitBody, response: { 200: PlayLimits, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const limitCents = limitCentsOf(request.body.weeklyDepositLimit);
      if (limitCents === undefined) return reply.code(400).send(refusal(400, 'AMOUNT.INVALID').body);
      return update(request.user.msisdn, (state, now) => changeLimit(state, limitCents, now), 'deposit');
    },
  );

  app.post('/play-pause', { schema: { body: PauseBody, response: { 200: PlayLimits } } }, async (request) =>
    update(request.user.msisdn, (state, now) =>
      startPause(state, request.body.duration as PauseDuration, now),
    ),
  );
};
