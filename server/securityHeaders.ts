// Security headers on every answer: helmet's (CSP, HSTS where TLS is guaranteed, nosniff, frame, referrer
// and cross-origin policies). They depend only on the configuration, so helmet computes them once, at
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

/** Sets helmet's headers for `options` on every answer, 404s and errors included. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
