// Cross-origin calls from the bundled mobile app (Capacitor serves it at https://localhost or
// capacitor://localhost, so every API call is cross-origin). Only /api and /auth take part: those
// origins may call them with a bearer token or Basic credentials (no cookies, so no credentialed CORS),
// and the preflight is answered before authentication runs. Static files, /healthz and /dev send no
// CORS headers at all (not even `Vary: Origin`), so their caching is unchanged.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Paths other origins may call. */
const CORS_PATHS = /^\/(api|auth)(\/|\?|$)/;

/** Headers the app sends: the bearer token or Basic credentials, JSON or form bodies, retry keys. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];

/**
 * Response headers the app reads besides the always-visible ones: the server clock (Date), how long to
 * wait (Retry-After), a replayed answer, why a token was refused.
 */
const EXPOSED_HEADERS = ['Date', 'Retry-After', 'Idempotent-Replayed', 'WWW-Authenticate'];

/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_S = 3600;

/** Lets `origins` call /api and /auth; register before the routes. */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  // Routes outside /api and /auth opt out (the plugin then adds nothing); its own `OPTIONS *` route
  // answers preflights and keeps CORS. A request no route matches is judged by its path below.
  app.addHook('onRoute', (route) => {
    if (route.url === '*' || CORS_PATHS.test(route.url)) return;
    route.config = { ...route.config, cors: false };
  });
  const allowed = [...origins];
  await app.register(cors, {
    // The delegator form, so that an unknown path outside /api and /auth (the app's 404) gets nothing.
    delegator: (request, callback) => {
      callback(null, {
        origin: CORS_PATHS.test(request.url) ? allowed : false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ALLOWED_HEADERS,
        exposedHeaders: EXPOSED_HEADERS,
        maxAge: PREFLIGHT_MAX_AGE_S,
      });
    },
  });
}
