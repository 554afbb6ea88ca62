// Web push and the website's version calls, registered from server/app.ts: VAPID keys, the sender, the
// notifier listening to betslip.settled, and the routes. `app.push` is what main.ts's periodic
// closing-soon check and the tests use.
import type { FastifyInstance } from 'fastify';
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
  /** Resolves when every notification started by a domain event has been handled (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export async function registerPush(
  app: FastifyInstance,
  options: { config: Config; db: Db; now: () => Date; sender?: PushSender },
): Promise<void> {
  const { config, db, now } = options;
  const vapid = loadVapidKeys(config);
  const sender = options.sender ?? createWebPushSender({ vapid, subject: config.vapidSubject });
  const notifier = createNotifier(db.kysely, sender, app.log);

  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const p = work
      .catch((error: unknown) => app.log.error({ err: error }, 'push notification run failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const onSettled = (event: Parameters<Notifier['settled']>[0]) => track(notifier.settled(event));
  app.events.on('betslip.settled', onSettled);
  app.addHook('onClose', async () => {
    app.events.off('betslip.settled', onSettled);
    await Promise.allSettled([...pending]);
  });

  app.decorate('push', {
    notifier,
    vapidPublicKey: vapid.publicKey,
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  });

  await registerProtected(app, pushRoutes, { db: db.kysely, now, production: config.production });
  await app.register(websiteRoutes, {
    prefix: REGISTRATION_PREFIX,
    websiteSecret: config.clients.website,
    vapidPublicKey: vapid.publicKey,
    newestVersion: config.newestVersion,
    mobileAppUrl: config.mobileAppUrl,
  });
}
