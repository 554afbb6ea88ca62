// Responsible play (CONTRACTS.md): GET/POST play-limits and POST play-pause, for the signed-in
// subscriber. Each change is read-modify-write under a row lock, so two concurrent changes cannot undo
// each other (e.g. a pause lost to a limit change made at the same moment).
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { ErrorResponse } from '../errors.ts';
import { changeLimit, type LimitState, PAUSES, type PauseDuration, startPause } from './limitRules.ts';
import { limitsView, loadDepositLimit, loadLimits, saveDepositLimit, saveLimits } from './limits.ts';

export interface LimitRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
}

const Money = Type.Union([Type.Number(), Type.Null()]);
const When = Type.Union([Type.String(), Type.Null()]);

const LimitsView = Type.Object({
  weeklyLimit: Money,
  pendingWeeklyLimit: Money,
  pendingFrom: When,
  pausedUntil: When,
  spentThisWeek: Type.Number(),
  weeklyDepositLimit: Money,
  pendingWeeklyDepositLimit: Money,
  depositPendingFrom: When,
  depositedThisWeek: Type.Number(),
});

/** M with at most two decimals to cents (the schema below has refused any other). */
const limitCentsOf = (limit: number | null): number | null =>
  limit === null ? null : Math.round(limit * 100);

/**
 * A weekly limit in M, or null for none. More than two decimals is 400 AMOUNT.INVALID (the key the
 * refinement names, server/errors.ts); anything else wrong is ERRORS.INVALID_REQUEST.
 */
const WeeklyLimit = Type.Union([
  Type.Refine(
    Type.Number({ minimum: 0, maximum: 1_000_000 }),
    (limit) => Math.abs(limit * 100 - Math.round(limit * 100)) <= 1e-6,
    () => 'AMOUNT.INVALID',
  ),
  Type.Null(),
]);

const DepositLimitBody = Type.Object({ weeklyDepositLimit: WeeklyLimit });

const LimitBody = Type.Object({ weeklyLimit: WeeklyLimit });

const PauseBody = Type.Object({
  duration: Type.Union(Object.keys(PAUSES).map((d) => Type.Literal(d))),
});

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

  app.get('/play-limits', { schema: { response: { 200: LimitsView } } }, async (request) =>
    limitsView(db, request.user.msisdn, o.now()),
  );

  app.post(
    '/play-limits',
    { schema: { body: LimitBody, response: { 200: LimitsView, '4xx': ErrorResponse } } },
    async (request) => {
      const limitCents = limitCentsOf(request.body.weeklyLimit);
      return update(request.user.msisdn, (state, now) => changeLimit(state, limitCents, now));
    },
  );

  // The weekly deposit limit, with the stake limit's rules: lower at once, higher after a day.
  app.post(
    '/deposit-limit',
    { schema: { body: DepositLimitBody, response: { 200: LimitsView, '4xx': ErrorResponse } } },
    async (request) => {
      const limitCents = limitCentsOf(request.body.weeklyDepositLimit);
      return update(request.user.msisdn, (state, now) => changeLimit(state, limitCents, now), 'deposit');
    },
  );

  app.post('/play-pause', { schema: { body: PauseBody, response: { 200: LimitsView } } }, async (request) =>
    update(request.user.msisdn, (state, now) =>
      startPause(state, request.body.duration as PauseDuration, now),
    ),
  );
};
