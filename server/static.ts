// Serving the built PWA (dist/) from the same origin as the API, with the single-page-app fallback:
// a browser navigation to /play or /wallet gets index.html and the client router takes over.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/** Paths that belong to the server: an unknown one is a JSON 404, never the app's HTML. */
const SERVER_PATHS = /^\/(api|auth|dev|healthz)(\/|$)/;

/** True when `dir` holds a built PWA. */
export const hasBuild = (dir: string): boolean => existsSync(join(dir, 'index.html'));

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (SERVER_PATHS.test(request.url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** The app's 404: index.html for a page navigation when a build is served, JSON otherwise. */
export function notFoundHandler(serveSpa: () => boolean) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (serveSpa() && wantsHtml(request)) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    throw new ApiError(404, 'ERRORS.NOT_FOUND');
  };
}

/** What @fastify/static sets that a file cached for a year without asking never uses. */
const UNUSED_ON_IMMUTABLE = ['etag', 'last-modified', 'accept-ranges'];

/** Registers dist/ at `/`. Hashed bundles are cached for a year; everything else is revalidated. */
export async function serveBuild(app: FastifyInstance, root: string): Promise<void> {
  // Loaded only when there is a build to serve: an API-only instance skips its start-up cost.
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root,
    // The build's Brotli and gzip copies (scripts/precompress.ts), for a browser that accepts them; a file
    // without one is compressed on the fly (@fastify/compress).
    preCompressed: true,
    cacheControl: false,
    // Vite puts content-hashed files under /assets: they never change under the same name. The rest
    // (index.html, sw.js, the manifest) must be revalidated or an update would never reach a phone.
    // Never revalidated, a hashed file needs no validators or ranges: about 100 bytes less on each of the
    // hundred-odd files a phone fetches at install (docs/PERFORMANCE.md "Data cost").
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(root, 'assets')}/`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (immutable) for (const name of UNUSED_ON_IMMUTABLE) res.removeHeader(name);
    },
  });
}
