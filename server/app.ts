// The Fastify app factory (not listening). Order: external plugins (security headers, compression,
// CORS for the mobile app), then the identity provider, then routes. Tests build one per file and talk
// to it with `inject`.
import compress from '@fastify/compress';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { sql } from 'kysely';
import { channels } from './channels/plugin.ts';
import { registerConditionalReads } from './conditional.ts';
import type { Config } from './config.ts';
import { publicContentRoutes, termsRoutes } from './content/routes.ts';
import { loadContent, type SiteContent } from './content/siteContent.ts';
import { registerCors } from './cors.ts';
import type { Db } from './db/index.ts';
import { ensureDemoBetslip } from './demo/seedPlay.ts';
import { devRoutes } from './dev/routes.ts';
import { ApiError, clientErrorHandler, errorHandler, frameworkErrorHandler } from './errors.ts';
import { createEventBus, type DomainEventBus } from './events.ts';
import { groups } from './groups/plugin.ts';
import type { PasswordHasher } from './identity/passwords.ts';
import { identity } from './identity/plugin.ts';
import { registerProtected, whoamiRoutes } from './identity/protect.ts';
import { bossSchema } from './jobs/boss.ts';
import { scheduleGroupsClose } from './jobs/groupsClose.ts';
import { backgroundJobs, type JobsAppOptions } from './jobs/plugin.ts';
import { createMetrics, type Metrics, registerMetrics } from './metrics.ts';
import { operations } from './ops/routes.ts';
import { playAndWallet } from './play/plugin.ts';
import type { SmsProvider } from './providers/sms.ts';
import { push } from './push/plugin.ts';
import type { PushSender } from './push/sender.ts';
import { buildRails, type RailEmulators } from './rails/build.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { notFoundHandler, serveBuild } from './static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server clock. Injected so tests can move time (token and OTP expiry, betslip end). */
    now: () => Date;
    /** Domain events (server/events.ts): settlement, submissions. */
    events: DomainEventBus;
    /** Every route as registered (method, path, whether it declares a body schema): for audits and tests. */
    routeTable: RouteEntry[];
    /** The operator's content (CONTENT_DIR), read once at start-up. */
    siteContent: SiteContent;
    /** Prometheus metrics (server/metrics.ts); served at /metrics when METRICS_TOKEN is set. */
    metrics: Metrics;
    /** The demo's rail emulators (their knobs); null when every rail is real or off. */
    railEmulators: RailEmulators | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Server clock; defaults to the real one. */
  now?: () => Date;
  /** SMS provider; defaults to what the configuration calls for (the dev outbox in demo mode). */
  sms?: SmsProvider;
  /** Password hasher; defaults to argon2id with config.argon2's cost. */
  hasher?: PasswordHasher;
  /** Web push delivery; defaults to web-push with the VAPID keys (server/push/vapid.ts). */
  pushSender?: PushSender;
  /** A built PWA (dist/) to serve with the single-page-app fallback. */
  staticRoot?: string;
  /** Background jobs (server/jobs/): worked by this instance unless told otherwise. */
  jobs?: JobsAppOptions;
}

export interface RouteEntry {
  method: string;
  url: string;
  hasBody: boolean;
  /** The request schemas (body, querystring, params, headers), so a test can audit every input. */
  schema: FastifySchema | undefined;
}

/** API bodies are small JSON documents; anything bigger is a mistake or an attack (413). */
const BODY_LIMIT = 64 * 1024;

/** Builds the app: every route registered, database open and migrated by the caller. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Errors the router and the HTTP parser answer themselves, in the app's shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // /play and /play/ are the same page.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('now', now);
  app.decorate('events', createEventBus());
  app.decorate('metrics', createMetrics());
  app.decorate('siteContent', loadContent(config.contentDir));
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          hasBody: Boolean(route.schema?.body),
          schema: route.schema,
        });
    }
  });
  // ETag and 304 on GET /api answers; the reads that are the same for everyone are revalidated by the
  // phone's HTTP cache (server/conditional.ts). Before the next hook and before compression.
  registerConditionalReads(app);
  // Answers about a person (wallet, tokens, submissions) must never sit in a shared or browser cache;
  // the service worker keeps its own copies where offline use needs them.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/(api|dev)\//.test(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
  });
  // TypeBox's checker instead of Ajv's defaults: bodies are taken as sent (Ajv would coerce
  // {"msisdn": ["x"]} or a number into a string), while query strings and headers are still converted.
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler(() => options.staticRoot !== undefined));

  registerSecurityHeaders(app, {
    // HSTS only where TLS is guaranteed; on http://localhost it would only confuse a developer's browser.
    strictTransportSecurity: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Scripts only from our origin: no inline scripts, no eval.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // React sets style attributes; inline styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // TLS ends at the load balancer; on plain http://localhost an upgrade would break the app.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress);
  // Before any route: it marks which routes take part (only /api and /auth).
  await registerCors(app, config.corsOrigins);

  app.get('/healthz', async (_request, _reply) => {
    try {
      await sql`SELECT 1`.execute(db.kysely);
      return { ok: true };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new ApiError(503, 'ERRORS.UNAVAILABLE');
    }
  });

  if (config.metricsToken) {
    registerMetrics(app, {
      token: config.metricsToken,
      db: db.kysely,
      metrics: app.metrics,
      bossSchema: () => bossSchema(db),
    });
  }

  // The payment and messaging rails (and in demo mode their emulators under /dev/rails).
  const rails = await buildRails(app, { config, db: db.kysely, now, errors: app.metrics.railErrors });
  app.decorate('railEmulators', rails.emulators);
  const sms = options.sms ?? rails.sms;
  await app.register(identity, { config, db, now, sms, hasher: options.hasher });

  // Everything a signed-in subscriber calls lives under /api/protected and goes through
  // registerProtected (bearer token checked, request.user set). Play and wallet register here too.
  await registerProtected(app, whoamiRoutes, {});
  await app.register(publicContentRoutes, { prefix: '/api/public', content: app.siteContent });
  await registerProtected(app, termsRoutes, { content: app.siteContent, db: db.kysely, now });
  // The plugins below name the plugins whose decorators they use (fastify-plugin `dependencies`):
  // registered out of order, the app fails to boot with FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED.
  await app.register(playAndWallet, {
    config,
    db,
    now,
    rails,
    ensureDemoBetslip: config.demo ? ensureDemoBetslip : null,
  });
  // Playing without data: the USSD and SMS gateways' callbacks, on the same submission code.
  await app.register(channels, { config, db, now, sms });
  await app.register(push, { config, db, now, sender: options.pushSender });
  // pg-boss starts when the app is ready.
  await app.register(backgroundJobs, { config, db, now, jobs: options.jobs });
  // Group play: its close is a job scheduled for each round's end.
  await app.register(groups, {
    db: db.kysely,
    now,
    scheduleClose: (sid, at) => scheduleGroupsClose(app.jobs)(sid, at),
  });
  // Past betslips, and the operators' API under /api/admin (results, settlement, content).
  await app.register(operations, { db: db.kysely, now });

  if (config.demo) {
    await app.register(devRoutes, { prefix: '/dev', db: db.kysely, gatewayToken: config.gatewayToken });
  }
  if (options.staticRoot) await serveBuild(app, options.staticRoot);

  return app;
}
