// Play API routes, registered inside the authenticated /api/protected scope (request.user is set).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { slipCode } from '../../machines/rules/channelPicks.ts';
import {
  BetslipResponse,
  PickSharesQuery,
  PickSharesResponse,
  PrizesResponse,
  SubmitAccepted,
  SubmitBody,
  SubmitHeaders,
  TestimonialsResponse,
} from '../../machines/wire/play.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { answerIdempotent, type IdempotentAnswer } from '../idempotency/idempotency.ts';
import type { OperatorBilling } from '../providers/operatorBilling.ts';
import { currentBetslip, isUniqueViolation } from './betslips.ts';
import { fetchPrizes, fetchTestimonials } from './content.ts';
import { CurrentBetslipCache } from './currentBetslip.ts';
import { PickShareCache } from './pickShares.ts';
import type { ReceiptKey } from './receiptKey.ts';
import { claimSlipCode } from './slipCodes.ts';
import { BillingUnavailableError, type StakeGuard, submitBetslip } from './submit.ts';

export interface PlayOptions {
  db: Kysely<Database>;
  billing: OperatorBilling;
  /** Server time; injectable so tests can move past a betslip's end. */
  now: () => Date;
  /**
   * Demo mode only: rolls a passed current betslip forward on fetch (and each minute by a job,
   * server/jobs/). The demo's ensureDemoBetslip, passed in by server/app.ts: the demo seeds play, so
   * play does not import it. Null outside demo mode.
   */
  ensureDemoBetslip: ((db: Kysely<Database>, now: Date) => Promise<unknown>) | null;
  guards?: StakeGuard[];
  /** How long a submission waits for operator billing. */
  billingTimeoutMs: number;
  receiptKey: ReceiptKey;
}

export const playRoutes: FastifyPluginAsyncTypebox<PlayOptions> = async (app, opts) => {
  const { db, now } = opts;
  const current = new CurrentBetslipCache(db);
  const forget = () => current.invalidate();
  app.events.on('betslip.changed', forget);
  app.addHook('onClose', async () => {
    app.events.off('betslip.changed', forget);
  });

  app.get(
    '/fetch-current-betslip',
    { schema: { response: { 200: BetslipResponse, 404: ErrorResponse } } },
    async (_request, reply) => {
      const at = now();
      let open = await current.open(at);
      if (!open && opts.ensureDemoBetslip) {
        await opts.ensureDemoBetslip(db, at);
        current.invalidate();
        open = await current.open(at);
      }
      // A passed betslip is not offered: the client would count down from zero and refetch forever.
      if (!open) throw new ApiError(404, 'BETSLIP.NONE');
      // Serialised once per betslip: Fastify sends a JSON string as it is (the schema above documents it).
      return reply.type('application/json; charset=utf-8').send(open.json as never);
    },
  );

  const shares = new PickShareCache(db, now);
  app.get(
    '/pick-shares',
    {
      schema: {
        querystring: PickSharesQuery,
        response: { 200: PickSharesResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const sid = request.query.sid ?? (await current.open(now()))?.sid;
      const json = sid === undefined ? null : await shares.json(sid);
      if (json === null) throw new ApiError(404, sid === undefined ? 'BETSLIP.NONE' : 'BETSLIP.NOT_FOUND');
      // Serialised once per refresh, as fetch-current-betslip's answer is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get('/fetch-current-prizes', { schema: { response: { 200: PrizesResponse } } }, async () => {
    const betslip = await currentBetslip(db);
    return fetchPrizes(db, betslip?.sid ?? null);
  });

  app.get('/fetch-testimonials', { schema: { response: { 200: TestimonialsResponse } } }, async () =>
    fetchTestimonials(db),
  );

  app.post(
    '/submit-online-betslip',
    {
      schema: {
        body: SubmitBody,
        headers: SubmitHeaders,
        response: { 200: SubmitAccepted, '4xx': ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      const msisdn = request.user.msisdn;
      const deps = {
        db,
        billing: opts.billing,
        now,
        guards: opts.guards,
        billingTimeoutMs: opts.billingTimeoutMs,
        receiptKey: opts.receiptKey,
      };
      // A stored answer is one of this route's: the acceptance or a refusal.
      return answerIdempotent(request, reply, async (key) => {
        // A queued slip the app may also have sent by SMS (with its key's short code): the first of the
        // two to arrive pays; the other answers with the first's answer (slipCodes.ts).
        if (request.headers['slip-code'] !== undefined) {
          const claim = await claimSlipCode(db, msisdn, slipCode(key), key, now());
          if (claim.kind === 'running') throw new ApiError(409, 'IDEMPOTENCY.IN_PROGRESS');
          if (claim.kind === 'answered')
            return { statusCode: 200, body: claim.response.body, replayed: true };
        }
        let answer: IdempotentAnswer;
        try {
          answer = await submitBetslip(deps, current, msisdn, request.body, key);
        } catch (error) {
          if (error instanceof BillingUnavailableError) {
            request.log.warn({ err: error }, 'operator billing unavailable');
            throw new ApiError(503, 'BILLING.UNAVAILABLE');
          }
          // A request that took over an abandoned key raced the original to the submission row: the
          // original won, so answer with what it stored.
          if (!isUniqueViolation(error)) throw error;
          answer = await submitBetslip(deps, current, msisdn, request.body, key);
        }
        if (!answer.replayed && answer.statusCode === 200) {
          const { submissionId } = answer.body as { submissionId: string };
          app.events.emit('submission.accepted', { sid: request.body.betSlipSid, msisdn, submissionId });
        }
        return answer;
      });
    },
  );
};
