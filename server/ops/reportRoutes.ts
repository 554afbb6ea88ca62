// Reports and the audit trail under /api/admin: admins only; reading them is itself audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROLES } from '../../machines/rules/roles.ts';
import { AuditQuery, AuditRows, ReportSummary, RoundReports } from '../../machines/wire/admin.ts';
import { auditor } from '../audit/audit.ts';
import { readAudit } from '../audit/auditLog.ts';
import { ErrorResponse } from '../errors.ts';
import { requireRole } from '../identity/protect.ts';
import type { OpsOptions } from './options.ts';
import { roundReports, roundsCsv, summary } from './reports.ts';

export const reportRoutes: FastifyPluginAsyncTypebox<OpsOptions> = async (app, { db, now }) => {
  app.addHook('onRequest', requireRole(ROLES.admin));
  const audited = auditor(db, now);
  const report = (target: string) => ({ action: 'REPORTS.READ', target });

  app.get('/reports/rounds', { schema: { response: { 200: RoundReports } } }, async (request) =>
    audited(request.user.msisdn, report('rounds'), () => roundReports(db)),
  );

  app.get('/reports/rounds.csv', async (request, reply) => {
    const csv = await audited(request.user.msisdn, report('rounds.csv'), async () =>
      roundsCsv(await roundReports(db)),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="rounds.csv"')
      .send(csv);
  });

  app.get('/reports/summary', { schema: { response: { 200: ReportSummary } } }, async (request) =>
    audited(request.user.msisdn, report('summary'), () => summary(db, now())),
  );

  app.get(
    '/audit',
    { schema: { querystring: AuditQuery, response: { 200: AuditRows, '4xx': ErrorResponse } } },
    async (request) => {
      const q = request.query;
      const filter = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
      return audited(request.user.msisdn, { action: 'AUDIT.READ', target: 'audit', detail: filter }, () =>
        readAudit(db, {
          ...q,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          limit: q.limit ?? 100,
        }),
      );
    },
  );
};
