// Marketing's content under /api/admin (marketing and admins): testimonials and the default prize table.
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ROLES } from '../../machines/rules/roles.ts';
import {
  IdParams,
  PrizesBody,
  PrizeTable,
  TestimonialBody,
  TestimonialCreated,
} from '../../machines/wire/marketing.ts';
import { auditor } from '../audit/audit.ts';
import { unwrap } from '../audit/outcome.ts';
import { ErrorResponse } from '../errors.ts';
import { requireRole } from '../identity/protect.ts';
import { fetchPrizes } from '../play/content.ts';
import { addTestimonial, deleteTestimonial, listTestimonials, replacePrizes } from './content.ts';
import type { OpsOptions } from './options.ts';

export const marketingRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.marketing, ROLES.admin));
  const audited = auditor(db, now);

  app.get('/testimonials', async (request) =>
    audited(request.user.msisdn, { action: 'TESTIMONIALS.READ', target: 'testimonials' }, () =>
      listTestimonials(db),
    ),
  );

  app.post(
    '/testimonials',
    {
      schema: {
        body: TestimonialBody,
        response: { 201: TestimonialCreated, '4xx': ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(unwrap(await addTestimonial(db, request.user.msisdn, request.body, now()))),
  );

  app.delete(
    '/testimonials/:id',
    { schema: { params: IdParams, response: { 200: Type.Unknown(), '4xx': ErrorResponse } } },
    async (request) => unwrap(await deleteTestimonial(db, request.user.msisdn, request.params.id, now())),
  );

  // What the banner shows when a round has no prize table of its own (the public prize endpoint's answer).
  app.get('/prizes', { schema: { response: { 200: PrizeTable } } }, async (request) =>
    audited(request.user.msisdn, { action: 'PRIZES.READ', target: 'prizes' }, async () =>
      (await fetchPrizes(db, null)).map(({ prizeType, amount }) => ({ prizeType, amount })),
    ),
  );

  app.put(
    '/prizes',
    { schema: { body: PrizesBody, response: { 200: Type.Unknown(), '4xx': ErrorResponse } } },
    async (request) => unwrap(await replacePrizes(db, request.user.msisdn, request.body, now())),
  );
};
