// Standing picks (CONTRACTS.md "Standing picks"): GET, PUT and DELETE /standing-picks for the signed-in
// subscriber. PUT checks the picks against the current open round (complete, valid, within its limits):
// the choice is set in that round and played from the next one on (standingPicks.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { validatePredictions } from '../../machines/rules/betslip.ts';
import { StandingBody, StandingView } from '../../machines/wire/account.ts';
import type { Database } from '../db/index.ts';
import { ErrorResponse, refusal } from '../errors.ts';
import { CurrentBetslipCache } from './currentBetslip.ts';
import { cancelStandingPicks, lastStandingPlay, setStandingPicks, standingPicksOf } from './standingPicks.ts';

export interface StandingRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
}

export const standingRoutes: FastifyPluginAsyncTypebox<StandingRoutesOptions> = async (app, o) => {
  const { db } = o;
  const current = new CurrentBetslipCache(db);
  const forget = () => current.invalidate();
  app.events.on('betslip.changed', forget);
  app.addHook('onClose', async () => {
    app.events.off('betslip.changed', forget);
  });

  async function view(msisdn: string) {
    const [standing, last] = await Promise.all([standingPicksOf(db, msisdn), lastStandingPlay(db, msisdn)]);
    return {
      standing: standing && {
        positionAndPredictionDtos: standing.predictions,
        setInSid: standing.setInSid,
        updatedAt: standing.updatedAt.toISOString(),
      },
      lastPlay: last && { ...last, at: last.at.toISOString() },
    };
  }

  app.get('/standing-picks', { schema: { response: { 200: StandingView } } }, async (request) =>
    view(request.user.msisdn),
  );

  app.put(
    '/standing-picks',
    { schema: { body: StandingBody, response: { 200: StandingView, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const now = o.now();
      // Not open by what the cache saw: another instance may have opened the next round a moment ago.
      let open = await current.open(now);
      if (!open) {
        current.invalidate();
        open = await current.open(now);
      }
      if (!open) return reply.code(404).send(refusal(404, 'BETSLIP.NONE').body);
      const check = validatePredictions(request.body.positionAndPredictionDtos, open.matchCount, open.params);
      if (!check.ok) return reply.code(400).send(refusal(400, check.messageKey).body);
      const predictions = check.outcomes.map((o, i) => ({ betSlipPosition: i, prediction: Number(o) }));
      await setStandingPicks(db, request.user.msisdn, predictions, open.sid, now);
      return view(request.user.msisdn);
    },
  );

  app.delete('/standing-picks', async (request, reply) => {
    await cancelStandingPicks(db, request.user.msisdn);
    return reply.code(204).send();
  });
};
