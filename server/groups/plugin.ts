// Registers group play (a plugin registered by server/app.ts after the jobs, whose queue schedules each
// round's close): the protected and public routes, on the submission's stake guards and receipt key.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { registerProtected } from '../identity/protect.ts';
import { stableJobId } from '../jobs/boss.ts';
import { QUEUES } from '../jobs/queues.ts';
import { responsiblePlayGuard } from '../play/limits.ts';
import type { GroupDeps } from './deps.ts';
import { protectedGroupRoutes, publicGroupRoutes } from './routes.ts';

export interface GroupsPluginOptions {
  db: Kysely<Database>;
  now: () => Date;
}

const groupsPlugin: FastifyPluginAsync<GroupsPluginOptions> = async (app, { db, now }) => {
  const deps: GroupDeps = {
    db,
    now,
    guards: [responsiblePlayGuard],
    receiptKey: app.receiptKey,
    // One close job per round, at its end (a second send with the same id is not inserted again).
    scheduleClose: async (sid, at) => {
      await app.jobs.send(
        QUEUES.groupsClose,
        { sid },
        { id: stableJobId(QUEUES.groupsClose, sid), startAfter: at },
      );
    },
  };
  await registerProtected(app, protectedGroupRoutes, deps);
  await app.register(publicGroupRoutes, { ...deps, prefix: '/api/public' });
};

export const groups = fp(groupsPlugin, {
  name: 'groups',
  fastify: '5.x',
  dependencies: ['identity', 'play-and-wallet', 'jobs'],
});
