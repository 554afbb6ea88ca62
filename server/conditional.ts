// Conditional reads (docs/CONTRACTS.md "Conditional reads"): every 200 answer to a GET under /api carries
// a weak ETag of its serialised body, and a request whose If-None-Match names it gets 304 with no body.
// The reads that are the same for every subscriber and asked for again and again (the betslip, the prizes
// each minute, the pick shares each minute, the testimonials) are sent `private, no-cache` instead of
// `private, no-store`: the phone's HTTP cache keeps them and asks again with If-None-Match, so an
// unchanged answer costs its headers only. Answers about a person (wallet, slips) stay no-store.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Routes whose answer is no one's in particular: revalidated by the browser rather than refetched. */
export const REVALIDATED_READS: ReadonlySet<string> = new Set([
  '/api/protected/fetch-current-betslip',
  '/api/protected/fetch-current-prizes',
  '/api/protected/fetch-testimonials',
  '/api/protected/pick-shares',
]);

/** Cache-Control of those: stored only by the phone, and never used without asking the server. */
export const REVALIDATE = 'private, no-cache';

/** A weak validator of the bytes (the same JSON may go out gzip, brotli or plain). */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** True when If-None-Match names `etag` (weak comparison, as RFC 9110 has it for If-None-Match) or is *. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Registers the ETag and 304 hook. Registered before @fastify/compress (its hook runs on each route,
 * after this one), so the tag is of the plain body and a 304 has nothing to compress.
 */
export function registerConditionalReads(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (!request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = weakEtag(payload);
    reply.header('etag', etag);
    if (REVALIDATED_READS.has(request.routeOptions.url ?? '') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', REVALIDATE);
    }
    if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}
