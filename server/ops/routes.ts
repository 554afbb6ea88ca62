// The operations API (CONTRACTS.md "Results and operations API"): past betslips for subscribers under
// /api/protected, and the operators' API under /api/admin. Every /api/admin route needs a valid token
// (401) and one of its roles (403 AUTH.FORBIDDEN), both checked on request, before the body is read.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLES } from '../../machines/rules/roles.ts';
import {
  AdminBetslips,
  AuditQuery,
  AuditRows,
  CreateBetslipBody,
  Created,
  isPublishBody,
  PublishAnswer,
  ReportSummary,
  ResultBody,
  RoundReports,
  SettleAnswer,
  SettlementPreview,
  SidParams,
} from '../../machines/wire/admin.ts';
import {
  IdParams,
  PrizesBody,
  PrizeTable,
  TestimonialBody,
  TestimonialCreated,
} from '../../machines/wire/marketing.ts';
import { PublicRounds } from '../../machines/wire/public.ts';
import { PastBetslipsResponse, PastQuery } from '../../machines/wire/results.ts';
import {
  CodeSent,
  MsisdnBody,
  MsisdnParams,
  MsisdnQuery,
  SubscriberWallet,
  SupportView,
} from '../../machines/wire/support.ts';
import type { Database } from '../db/index.ts';
import { ErrorResponse, errorBody } from '../errors.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import { OTP_TTL_SECONDS } from '../identity/otp.ts';
import { forbidden, holdsRole, registerProtected, requireRole } from '../identity/protect.ts';
import { requestCode } from '../identity/registrationRoutes.ts';
import { findUserByUsername } from '../identity/users.ts';
import { fetchPrizes } from '../play/content.ts';
import { depositView } from '../wallet/depositRoutes.ts';
import { flaggedDeposits } from '../wallet/deposits.ts';
import { walletInfo } from '../wallet/walletInfo.ts';
import { audit } from './audit.ts';
import { readAudit } from './auditLog.ts';
import { createBetslip, listBetslips, publishBetslip, setResult, setResults } from './betslipAdmin.ts';
import { addTestimonial, deleteTestimonial, listTestimonials, replacePrizes } from './content.ts';
import { sendGoLive } from './goLive.ts';
import type { OpResult } from './outcome.ts';
import { pastBetslips } from './pastBetslips.ts';
import { publicRounds } from './publicRounds.ts';
import { roundReports, roundsCsv, summary } from './reports.ts';
import { settleBetslip } from './settle.ts';
import { settlementPreview } from './settlePreview.ts';
import { subscriberLanguage, supportLookup } from './supportLookup.ts';

export const ADMIN_PREFIX = '/api/admin';
/** The SMS language for a subscriber who never chose one: Sesotho, the app's default. */
const DEFAULT_LANG = 'st';

interface OpsOptions {
  db: Kysely<Database>;
  now: () => Date;
}

/** Sends an operation's value (with `status`) or its refusal. */
function answer<T>(reply: FastifyReply, result: OpResult<T>, status = 200) {
  if (!result.ok) {
    return reply
      .code(result.statusCode)
      .send(errorBody(result.statusCode, result.messageKey, result.message));
  }
  return reply.code(status).send(result.value);
}

/** POST /api/protected/fetch-past-submitted-betslips?msisdn= */
export const pastRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.post(
    '/fetch-past-submitted-betslips',
    { schema: { querystring: PastQuery, response: { 200: PastBetslipsResponse, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const { user } = request;
      const asked = request.query.msisdn?.trim();
      const wanted = asked ? (normaliseMsisdn(asked) ?? asked) : user.msisdn;
      if (wanted === user.msisdn) return pastBetslips(db, user.msisdn);
      // Someone else's slips: only the call centre and operators, and every such read is audited.
      if (!holdsRole(request, [ROLES.callCenter, ROLES.admin])) return forbidden(reply);
      if (!normaliseMsisdn(wanted)) return reply.code(400).send(errorBody(400, 'MSISDN.INVALID'));
      const list = await pastBetslips(db, wanted);
      await audit(db, { actor: user.msisdn, action: 'BETSLIPS.READ', target: wanted }, now());
      return list;
    },
  );
};

const betslipRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.admin));

  // Reads are audited like actions (after the read: a failed one leaves no row).
  app.get('/betslips', { schema: { response: { 200: AdminBetslips } } }, async (request) => {
    const list = await listBetslips(db, now());
    await audit(db, { actor: request.user.msisdn, action: 'BETSLIPS.LIST', target: 'betslips' }, now());
    return list;
  });

  // Deposits the provider reported something odd about (an amount that differs, money taken for a
  // deposit already closed): none was credited; an operator decides.
  app.get('/deposits/flagged', async (request) => {
    const flagged = (await flaggedDeposits(db)).map((d) => ({
      ...depositView(d),
      msisdn: d.msisdn,
      flag: d.flag,
      reportedAmount: d.flaggedAmountCents === null ? null : d.flaggedAmountCents / 100,
    }));
    await audit(db, { actor: request.user.msisdn, action: 'DEPOSITS.READ', target: 'flagged' }, now());
    return flagged;
  });

  app.post(
    '/betslips',
    {
      schema: {
        body: CreateBetslipBody,
        response: { 201: Created, '4xx': ErrorResponse },
      },
    },
    async (request, reply) =>
      answer(reply, await createBetslip(db, request.user.msisdn, request.body, now()), 201),
  );

  app.post(
    '/betslips/:sid/publish',
    {
      schema: {
        params: SidParams,
        response: { 200: PublishAnswer, '4xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const { sid } = request.params;
      // The body is optional (a bare POST publishes as before), so it is checked here, not by a schema.
      const body = request.body ?? {};
      if (!isPublishBody(body))
        return reply.code(400).send(errorBody(400, 'BETSLIP.INVALID', 'goLiveAt must be an ISO instant'));
      const published = await publishBetslip(db, request.user.msisdn, sid, now(), body);
      if (published.ok && published.value.status === 'CURRENT') app.events.emit('betslip.changed', { sid });
      if (published.ok && published.value.status === 'SCHEDULED') {
        // Published already: a job not sent only means waiting for the next minute's cron run.
        await sendGoLive(db, app.jobs, published.value).catch((error: unknown) =>
          request.log.warn({ err: error, sid }, 'go-live job not sent: the cron run will open the round'),
        );
      }
      return answer(reply, published);
    },
  );

  app.post(
    '/betslips/:sid/results',
    { schema: { params: SidParams, body: ResultBody, response: { '4xx': ErrorResponse } } },
    async (request, reply) => {
      const { body } = request;
      const { sid } = request.params;
      if ('results' in body)
        return answer(reply, await setResults(db, request.user.msisdn, sid, body.results, now()));
      return answer(reply, await setResult(db, request.user.msisdn, sid, body.position, body.result, now()));
    },
  );

  app.get(
    '/betslips/:sid/settlement-preview',
    { schema: { params: SidParams, response: { 200: SettlementPreview, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const preview = await settlementPreview(db, request.params.sid);
      if (preview.ok)
        await audit(
          db,
          { actor: request.user.msisdn, action: 'BETSLIP.PREVIEW', target: request.params.sid },
          now(),
        );
      return answer(reply, preview);
    },
  );

  app.post(
    '/betslips/:sid/settle',
    { schema: { params: SidParams, response: { 200: SettleAnswer, '4xx': ErrorResponse } } },
    async (request, reply) => {
      // The notices (push to every participant) are a job enqueued by the settling transaction itself.
      const settled = await settleBetslip(db, request.user.msisdn, request.params.sid, now, {
        whenSettled: (trx, sid) => app.jobs.settlementNotices(sid, trx),
      });
      // Settlement starts only once the betslip has ended, so what players are offered does not change;
      // still, nothing cached should outlive a status change.
      if (settled.ok) app.events.emit('betslip.changed', { sid: request.params.sid });
      if (settled.ok && settled.value.event) {
        // After the commit: listeners never see a settlement that could roll back.
        app.events.emit('betslip.settled', settled.value.event);
      }
      return answer(reply, settled);
    },
  );
};

/** Reports and the audit trail: admins only; reading them is itself audited. */
const reportRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.admin));
  const read = (request: FastifyRequest, target: string) =>
    audit(db, { actor: request.user.msisdn, action: 'REPORTS.READ', target }, now());

  app.get('/reports/rounds', { schema: { response: { 200: RoundReports } } }, async (request) => {
    const reports = await roundReports(db);
    await read(request, 'rounds');
    return reports;
  });

  app.get('/reports/rounds.csv', async (request, reply) => {
    const csv = roundsCsv(await roundReports(db));
    await read(request, 'rounds.csv');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="rounds.csv"')
      .send(csv);
  });

  app.get('/reports/summary', { schema: { response: { 200: ReportSummary } } }, async (request) => {
    const figures = await summary(db, now());
    await read(request, 'summary');
    return figures;
  });

  app.get(
    '/audit',
    { schema: { querystring: AuditQuery, response: { 200: AuditRows, '4xx': ErrorResponse } } },
    async (request) => {
      const q = request.query;
      const rows = await readAudit(db, {
        ...q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        limit: q.limit ?? 100,
      });
      const filter = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
      await audit(
        db,
        { actor: request.user.msisdn, action: 'AUDIT.READ', target: 'audit', detail: filter },
        now(),
      );
      return rows;
    },
  );
};

const callCentreRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.callCenter, ROLES.admin));

  app.get(
    '/subscribers/:msisdn/wallet',
    { schema: { params: MsisdnParams, response: { 200: SubscriberWallet, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const msisdn = normaliseMsisdn(request.params.msisdn);
      if (!msisdn) return reply.code(400).send(errorBody(400, 'MSISDN.INVALID'));
      const known = await db.selectFrom('users').select('id').where('msisdn', '=', msisdn).executeTakeFirst();
      if (!known) return reply.code(404).send(errorBody(404, 'SUBSCRIBER.NOT_FOUND'));
      const wallet = await walletInfo(db, msisdn);
      await audit(db, { actor: request.user.msisdn, action: 'WALLET.READ', target: msisdn }, now());
      return wallet;
    },
  );

  // The support screen's one read: everything about a subscriber, audited (a refused one is not).
  app.get(
    '/support/subscriber',
    { schema: { querystring: MsisdnQuery, response: { 200: SupportView, '4xx': ErrorResponse } } },
    async (request, reply) => {
      const msisdn = normaliseMsisdn(request.query.msisdn);
      if (!msisdn) return reply.code(400).send(errorBody(400, 'MSISDN.INVALID'));
      const view = await supportLookup(db, msisdn, now());
      if (!view) return reply.code(404).send(errorBody(404, 'SUBSCRIBER.NOT_FOUND'));
      await audit(db, { actor: request.user.msisdn, action: 'SUBSCRIBER.READ', target: msisdn }, now());
      return view;
    },
  );

  // The support screen's one action: the password-reset code, exactly as the public reset flow sends it
  // (same service, same limits: a 429 here is the subscriber's own limit or the operator's address's).
  app.post(
    '/support/password-reset',
    {
      schema: {
        body: MsisdnBody,
        response: {
          200: CodeSent,
          '4xx': ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const msisdn = normaliseMsisdn(request.body.msisdn);
      if (!msisdn) return reply.code(400).send(errorBody(400, 'MSISDN.INVALID'));
      if (!(await findUserByUsername(db, msisdn)))
        return reply.code(404).send(errorBody(404, 'SUBSCRIBER.NOT_FOUND'));
      const lang = (await subscriberLanguage(db, msisdn)) ?? DEFAULT_LANG;
      await requestCode(db, app.otp, { msisdn, lang, address: request.ip, purpose: 'RESET' });
      await audit(db, { actor: request.user.msisdn, action: 'PASSWORD_RESET.SENT', target: msisdn }, now());
      return { message: 'OTP.SENT', expiresIn: OTP_TTL_SECONDS };
    },
  );
};

const marketingRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.marketing, ROLES.admin));

  app.get('/testimonials', async (request) => {
    const list = await listTestimonials(db);
    await audit(
      db,
      { actor: request.user.msisdn, action: 'TESTIMONIALS.READ', target: 'testimonials' },
      now(),
    );
    return list;
  });

  app.post(
    '/testimonials',
    {
      schema: {
        body: TestimonialBody,
        response: { 201: TestimonialCreated, '4xx': ErrorResponse },
      },
    },
    async (request, reply) =>
      answer(reply, await addTestimonial(db, request.user.msisdn, request.body, now()), 201),
  );

  app.delete(
    '/testimonials/:id',
    { schema: { params: IdParams, response: { '4xx': ErrorResponse } } },
    async (request, reply) =>
      answer(reply, await deleteTestimonial(db, request.user.msisdn, request.params.id, now())),
  );

  // What the banner shows when a round has no prize table of its own (the public prize endpoint's answer).
  app.get('/prizes', { schema: { response: { 200: PrizeTable } } }, async (request) => {
    const prizes = (await fetchPrizes(db, null)).map(({ prizeType, amount }) => ({ prizeType, amount }));
    await audit(db, { actor: request.user.msisdn, action: 'PRIZES.READ', target: 'prizes' }, now());
    return prizes;
  });

  app.put(
    '/prizes',
    { schema: { body: PrizesBody, response: { '4xx': ErrorResponse } } },
    async (request, reply) =>
      answer(reply, await replacePrizes(db, request.user.msisdn, request.body, now())),
  );
};

/** Registers the past-betslips route, the public results and the /api/admin API (one call from server/app.ts). */
export async function registerOperations(app: FastifyInstance, options: OpsOptions): Promise<void> {
  // Official results for anyone, signed in or not: no phone numbers in it.
  app.get('/api/public/rounds', { schema: { response: { 200: PublicRounds } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return publicRounds(options.db);
  });
  await registerProtected(app, pastRoutes, options);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', app.authenticate);
      await scope.register(betslipRoutes, options);
      await scope.register(reportRoutes, options);
      await scope.register(callCentreRoutes, options);
      await scope.register(marketingRoutes, options);
    },
    { prefix: ADMIN_PREFIX },
  );
}
