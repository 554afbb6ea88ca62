// Web push and the website's version calls, registered from server/app.ts: VAPID keys, the sender, the
// notifier and the routes. `app.push.notifier` is what the jobs (server/jobs/: settlement notices,
// closing-soon reminders) and the tests send with.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { registerProtected } from '../identity/protect.ts';
import { REGISTRATION_PREFIX } from '../identity/registrationRoutes.ts';
import { createNotifier, type Notifier } from './notifier.ts';
import { pushRoutes } from './routes.ts';
import { createWebPushSender, type PushSender } from './sender.ts';
import { loadVapidKeys } from './vapid.ts';
import { websiteRoutes } from './websiteRoutes.ts';

export interface PushService {
  notifier: Notifier;
  vapidPublicKey: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export interface PushOptions {
  config: Config;
  db: Db;
  now: () => Date;
  sender?: PushSender;
}

const pushPlugin: FastifyPluginAsync<PushOptions> = async (app, options) => {
  const { config, db, now } = options;
  const vapid = loadVapidKeys(config);
  const sender = options.sender ?? createWebPushSender({ vapid, subject: config.vapidSubject });
  const notifier = createNotifier(db.kysely, sender, app.log);
  app.decorate('push', { notifier, vapidPublicKey: vapid.publicKey });

  await registerProtected(app, pushRoutes, { db: db.kysely, now, production: config.production });
  await app.register(websiteRoutes, {
    prefix: REGISTRATION_PREFIX,
    websiteSecret: config.clients.website,
    vapidPublicKey: vapid.publicKey,
    newestVersion: config.newestVersion,
    mobileAppUrl: config.mobileAppUrl,
  });
};

/** Its subscription routes are protected (identity's `authenticate`); decorates `app.push`. */
export const push = fp(pushPlugin, { name: 'push', fastify: '5.x', dependencies: ['identity'] });
