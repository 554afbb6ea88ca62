// Security headers on every answer: helmet's (CSP, HSTS where TLS is guaranteed, nosniff, frame, referrer
// and cross-origin policies) on documents and the service worker, a lean set on everything else. They depend only on the configuration, so helmet computes them once, at
// start, and each answer gets the same set. (@fastify/helmet, used before, builds helmet's middleware again
// on every request, options parsed and CSP joined each time: about 8 % of the server's CPU on
// fetch-current-betslip, the call every phone makes; helmet itself still decides every header.)
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet would set with `options` (lower-case names). */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  // What helmet's middleware calls on a response; no header of ours depends on the request.
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Of helmet's headers, those that mean something on an answer that is not a page (JSON, a script, a picture). */
const KEPT_ON_EVERY_ANSWER = [
  'strict-transport-security',
  'x-content-type-options',
  'cross-origin-resource-policy',
];

/**
 * What an answer that is not a document carries: HSTS, nosniff and CORP as helmet has them, and a CSP
 * that lets nothing run or load should it be opened as a page (OWASP's advice for APIs). The rest of
 * helmet's set (the page's CSP, frame, referrer, opener and the old browsers' headers) only has effect on
 * a document or a worker; on the prize refresh each minute it was three quarters of the bytes.
 */
export function leanHeaders(full: Readonly<Record<string, string>>): Record<string, string> {
  const lean: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of KEPT_ON_EVERY_ANSWER) if (full[name] !== undefined) lean[name] = full[name];
  return lean;
}

/** The worker's script: its CSP governs what the service worker may fetch, as a page's does. */
const WORKER_SCRIPT = '/sw.js';

/**
 * Sets helmet's headers for `options` on every answer that is a document (text/html) or the service
 * worker, and the lean set (leanHeaders) on every other answer, 404s and errors included.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  const lean = leanHeaders(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(lean);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || request.url.split('?')[0] === WORKER_SCRIPT) reply.headers(headers);
    done(null, payload);
  });
}
