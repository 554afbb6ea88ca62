// The demo server's rails adapters reach the emulators it serves under /dev/rails through this fetch:
// the same HTTP requests (method, path, headers, body) handed to Fastify's inject instead of the
// network, so the demo needs no listening port of its own to pay itself and tests run without one. The
// adapters cannot tell the difference; an abort (their read timeout) rejects as a real fetch would.
import type { FastifyInstance } from 'fastify';
import type { Fetch } from './types.ts';

/** The origin the demo's rail base URLs use; nothing resolves it but this fetch. */
export const LOOPBACK_ORIGIN = 'http://rails.loopback';

export function loopbackFetch(app: FastifyInstance): Fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== LOOPBACK_ORIGIN) throw new TypeError(`loopback fetch cannot reach ${url.origin}`);
    const body = ['GET', 'HEAD'].includes(request.method)
      ? undefined
      : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const injected = app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: body,
      // The emulators see the demo server's own address as the caller.
      remoteAddress: '127.0.0.1',
    });
    const signal = init?.signal ?? request.signal;
    const answer = await new Promise<Awaited<typeof injected>>((resolve, reject) => {
      const abort = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      injected.then(resolve, reject).finally(() => signal?.removeEventListener('abort', abort));
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of [value].flat()) responseHeaders.append(name, String(v));
    }
    const nullBody = [204, 304].includes(answer.statusCode);
    return new Response(nullBody ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
