// The operations API (CONTRACTS.md "Results and operations API"), by audience: the public results,
// subscribers' past betslips under /api/protected, and the operators' API under /api/admin (admins'
// rounds and reports, the call centre's support, marketing's content). Every /api/admin route needs a
// valid token (401) and one of its roles (403 AUTH.FORBIDDEN), both checked on request, before the body
// is read; every operator read or action is recorded by `auditor` (audit.ts).
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { registerProtected } from '../identity/protect.ts';
import { betslipRoutes } from './betslipRoutes.ts';
import { marketingRoutes } from './marketingRoutes.ts';
import type { OpsOptions } from './options.ts';
import { pastRoutes, publicRoundRoutes } from './publicRoutes.ts';
import { reportRoutes } from './reportRoutes.ts';
import { callCentreRoutes, flaggedDepositRoutes } from './supportRoutes.ts';

export const ADMIN_PREFIX = '/api/admin';

/** The public results, the past-betslips route and the /api/admin API (one plugin registered by app.ts). */
const operationsPlugin: FastifyPluginAsync<OpsOptions> = async (app, options) => {
  await app.register(publicRoundRoutes, { ...options, prefix: '/api/public' });
  await registerProtected(app, pastRoutes, options);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', app.authenticate);
      await scope.register(betslipRoutes, options);
      await scope.register(flaggedDepositRoutes, options);
      await scope.register(reportRoutes, options);
      await scope.register(callCentreRoutes, options);
      await scope.register(marketingRoutes, options);
    },
    { prefix: ADMIN_PREFIX },
  );
};

/** Operators sign in (identity), reset codes (identity's `otp`), and schedule notices (`app.jobs`). */
export const operations = fp(operationsPlugin, {
  name: 'operations',
  fastify: '5.x',
  dependencies: ['identity', 'jobs'],
  decorators: { fastify: ['events'] },
});
