// Registers group play (a plugin registered by server/app.ts after the jobs, whose queue schedules each
// round's close): the protected and public routes, on the submission's stake guards and receipt key.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { registerProtected } from '../identity/protect.ts';
import { responsiblePlayGuard } from '../play/limits.ts';
import type { GroupDeps } from './deps.ts';
import { protectedGroupRoutes, publicGroupRoutes } from './routes.ts';

export interface GroupsPluginOptions {
  db: Kysely<Database>;
  now: () => Date;
  /** Schedules a round's groups-close job at its end (server/jobs/groupsClose.ts). */
  scheduleClose: (sid: string, at: Date) => Promise<void>;
}

const groupsPlugin: FastifyPluginAsync<GroupsPluginOptions> = async (app, { db, now, scheduleClose }) => {
  const deps: GroupDeps = {
    db,
    now,
    guards: [responsiblePlayGuard],
    receiptKey: app.receiptKey,
    scheduleClose,
  };
  await registerProtected(app, protectedGroupRoutes, deps);
  await app.register(publicGroupRoutes, { ...deps, prefix: '/api/public' });
};

export const groups = fp(groupsPlugin, {
  name: 'groups',
  fastify: '5.x',
  dependencies: ['identity', 'play-and-wallet', 'jobs'],
});
