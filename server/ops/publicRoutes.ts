// The official results for anyone, signed in or not (no phone numbers in them), and a subscriber's own
// past betslips under /api/protected (the call centre may read someone else's, audited).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROLES } from '../../machines/rules/roles.ts';
import { PublicRounds } from '../../machines/wire/public.ts';
import { PastBetslipsResponse, PastQuery } from '../../machines/wire/results.ts';
import { auditor } from '../audit/audit.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import { forbidden, holdsRole } from '../identity/protect.ts';
import type { OpsOptions } from './options.ts';
import { pastBetslips } from './pastBetslips.ts';
import { publicRounds } from './publicRounds.ts';

/** GET /api/public/rounds: cached a minute by anyone. */
export const publicRoundRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db }) => {
  app.get('/rounds', { schema: { response: { 200: PublicRounds } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return publicRounds(db);
  });
};

/** POST /api/protected/fetch-past-submitted-betslips?msisdn= */
export const pastRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  const audited = auditor(db, now);
  app.post(
    '/fetch-past-submitted-betslips',
    { schema: { querystring: PastQuery, response: { 200: PastBetslipsResponse, '4xx': ErrorResponse } } },
    async (request) => {
      const { user } = request;
      const asked = request.query.msisdn?.trim();
      const wanted = asked ? (normaliseMsisdn(asked) ?? asked) : user.msisdn;
      if (wanted === user.msisdn) return pastBetslips(db, user.msisdn);
      // Someone else's slips: only the call centre and operators, and every such read is audited.
      if (!holdsRole(request, [ROLES.callCenter, ROLES.admin])) forbidden();
      if (!normaliseMsisdn(wanted)) throw new ApiError(400, 'MSISDN.INVALID');
      return audited(user.msisdn, { action: 'BETSLIPS.READ', target: wanted }, () =>
        pastBetslips(db, wanted),
      );
    },
  );
};
