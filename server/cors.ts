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
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'Slip-Code'];

/**
 * Response headers the app reads besides the always-visible ones: the server clock (Date), how long to
 * wait (Retry-After), a replayed answer, why a token was refused.
 */
const EXPOSED_HEADERS = ['Date', 'Retry-After', 'Idempotent-Replayed', 'WWW-Authenticate'];

/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_S = 3600;

/** Lets `origins` call /api and /auth; register before the routes. */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  // Routes outside /api and /auth opt out, so the plugin adds nothing to them, not even Vary. That
  // includes its own catch-all `OPTIONS *`: preflights are answered on the two routes below instead,
  // and one for a static file stays a 404. (Fixed options and a per-route switch rather than a
  // per-request delegator: this runs on every request, the hottest ones included.)
  app.addHook('onRoute', (route) => {
    if (CORS_PATHS.test(route.url)) return;
    route.config = { ...route.config, cors: false };
  });
  await app.register(cors, {
    origin: [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
    // Its strict mode answers an OPTIONS without Origin in plain text; ours are all JSON or empty.
    strictPreflight: false,
  });
  // The plugin names the exposed headers on every answer; only an allowed origin reads them. The app's own
  // same-origin calls (every read of the installed PWA) send no Origin: about 90 bytes saved on each.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('access-control-allow-origin')) reply.removeHeader('access-control-expose-headers');
  });
  // The plugin answers every OPTIONS here in its onRequest hook (204); the handler is never reached.
  for (const prefix of ['/api/*', '/auth/*']) {
    app.options(prefix, (_request, reply) => reply.callNotFound());
  }
}
