// The admins' rounds under /api/admin: create, publish, results, settlement preview and settle.
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ROLES } from '../../machines/rules/roles.ts';
import {
  AdminBetslips,
  CreateBetslipBody,
  Created,
  PublishAnswer,
  PublishBody,
  ResultBody,
  SettleAnswer,
  SettlementPreview,
  SidParams,
} from '../../machines/wire/admin.ts';
import { auditor } from '../audit/audit.ts';
import { unwrap } from '../audit/outcome.ts';
import { ErrorResponse } from '../errors.ts';
import { requireRole } from '../identity/protect.ts';
import { createBetslip, listBetslips, publishBetslip, setResult, setResults } from './betslipAdmin.ts';
import { sendGoLive } from './goLive.ts';
import type { OpsOptions } from './options.ts';
import { settleBetslip } from './settle.ts';
import { settlementPreview } from './settlePreview.ts';

export const betslipRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.admin));
  const audited = auditor(db, now);

  app.get('/betslips', { schema: { response: { 200: AdminBetslips } } }, async (request) =>
    audited(request.user.msisdn, { action: 'BETSLIPS.LIST', target: 'betslips' }, () =>
      listBetslips(db, now()),
    ),
  );

  app.post(
    '/betslips',
    {
      schema: {
        body: CreateBetslipBody,
        response: { 201: Created, '4xx': ErrorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(unwrap(await createBetslip(db, request.user.msisdn, request.body, now()))),
  );

  app.post(
    '/betslips/:sid/publish',
    {
      schema: {
        params: SidParams,
        body: PublishBody,
        response: { 200: PublishAnswer, '4xx': ErrorResponse },
      },
    },
    async (request) => {
      const { sid } = request.params;
      const published = unwrap(await publishBetslip(db, request.user.msisdn, sid, now(), request.body ?? {}));
      if (published.status === 'CURRENT') app.events.emit('betslip.changed', { sid });
      if (published.status === 'SCHEDULED') {
        // Published already: a job not sent only means waiting for the next minute's cron run.
        await sendGoLive(db, app.jobs, published).catch((error: unknown) =>
          request.log.warn({ err: error, sid }, 'go-live job not sent: the cron run will open the round'),
        );
      }
      return published;
    },
  );

  app.post(
    '/betslips/:sid/results',
    {
      schema: {
        params: SidParams,
        body: ResultBody,
        response: { 200: Type.Unknown(), '4xx': ErrorResponse },
      },
    },
    // The answer as it is: one result, or many.
    async (request) => {
      const { body } = request;
      const { sid } = request.params;
      const actor = request.user.msisdn;
      const set =
        'results' in body
          ? unwrap(await setResults(db, actor, sid, body.results, now()))
          : unwrap(await setResult(db, actor, sid, body.position, body.result, now()));
      return set;
    },
  );

  app.get(
    '/betslips/:sid/settlement-preview',
    { schema: { params: SidParams, response: { 200: SettlementPreview, '4xx': ErrorResponse } } },
    async (request) =>
      audited(request.user.msisdn, { action: 'BETSLIP.PREVIEW', target: request.params.sid }, async () =>
        unwrap(await settlementPreview(db, request.params.sid)),
      ),
  );

  app.post(
    '/betslips/:sid/settle',
    { schema: { params: SidParams, response: { 200: SettleAnswer, '4xx': ErrorResponse } } },
    async (request) => {
      // The notices (push to every participant) are a job enqueued by the settling transaction itself.
      const settled = unwrap(
        await settleBetslip(db, request.user.msisdn, request.params.sid, now, {
          whenSettled: (trx, sid) => app.jobs.settlementNotices(sid, trx),
          receiptKey: app.receiptKey,
        }),
      );
      // Settlement starts only once the betslip has ended, so what players are offered does not change;
      // still, nothing cached should outlive a status change.
      app.events.emit('betslip.changed', { sid: request.params.sid });
      // After the commit: listeners never see a settlement that could roll back.
      if (settled.event) app.events.emit('betslip.settled', settled.event);
      return settled;
    },
  );
};
