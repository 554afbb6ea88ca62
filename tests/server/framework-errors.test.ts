// Errors Fastify answers itself, before any route or hook runs (the router: a path parameter too long, a
// URL that cannot be decoded; the HTTP parser: a malformed request, headers too large), come in the app's
// error shape { statusCode, error, messageKey, message } like every other refusal.
import { type AddressInfo, connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from './helper.ts';
import { refusalBody } from './refusal.ts';

/** Writes `raw` to the app's port and reads the whole answer (the server closes the connection). */
function rawRequest(port: number, raw: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describeEachDb('framework errors in the app shape', (t) => {
  const app = () => t().app as FastifyInstance;

  it('answers a path parameter over 100 characters with 414 ERRORS.URI_TOO_LONG, before authentication', async () => {
    for (const [method, url] of [
      ['POST', `/api/admin/betslips/${'x'.repeat(101)}/publish`],
      ['GET', `/api/admin/subscribers/${'2'.repeat(150)}/wallet`],
      ['DELETE', `/api/admin/testimonials/${'1'.repeat(101)}`],
    ] as const) {
      const res = await app().inject({ method, url });
      expect(res.statusCode, url).toBe(414);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(refusalBody(414, 'URI Too Long', 'ERRORS.URI_TOO_LONG'));
    }
    // At the limit the route runs as usual (and wants a token).
    const ok = await app().inject({ method: 'POST', url: `/api/admin/betslips/${'x'.repeat(100)}/publish` });
    expect(ok.statusCode).toBe(401);
  });

  it('answers a URL it cannot decode with 400 ERRORS.INVALID_REQUEST', async () => {
    for (const url of ['/api/%zz', '/api/admin/betslips/%zz/publish', '/api/protected/%E0%A4%A', '/%']) {
      const res = await app().inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(refusalBody(400, 'Bad Request', 'ERRORS.INVALID_REQUEST'));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  describe('on a real socket (the HTTP parser refuses before Fastify sees a request)', () => {
    let port: number;
    beforeAll(async () => {
      // Closed with the app after the suite.
      await app().listen({ port: 0, host: '127.0.0.1' });
      port = (app().server.address() as AddressInfo).port;
    });

    it('answers a malformed HTTP request with 400 ERRORS.INVALID_REQUEST', async () => {
      const res = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual(refusalBody(400, 'Bad Request', 'ERRORS.INVALID_REQUEST'));
    });

    it('answers headers over the size limit with 431 ERRORS.HEADERS_TOO_LARGE', async () => {
      const big = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
      const res = await rawRequest(port, big);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual(
        refusalBody(431, 'Request Header Fields Too Large', 'ERRORS.HEADERS_TOO_LARGE'),
      );
    });
  });
});
