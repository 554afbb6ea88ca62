// The data-cost bench's deployment stand-in (tests/bench/h2front.ts): an HTTP/2 TLS front forwarding to
// HTTP/1.1, and the byte counter before it (tests/bench/wire.ts). Its figures are only as true as these.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRONT_CERT, type Front, h2Front, trustFrontFlag } from '../bench/h2front';
import { type Wire, wire } from '../bench/wire';

let origin: Server;
let originUrl = '';
let front: Front;
let meter: Wire;
const seen: { host?: string; method?: string; body: string }[] = [];

beforeAll(async () => {
  origin = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({ host: req.headers.host, method: req.method, body });
      res.writeHead(201, { 'content-type': 'text/plain', 'x-kept': 'yes', connection: 'keep-alive' });
      res.end(`answer to ${req.url}`);
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const address = origin.address();
  originUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  front = await h2Front(originUrl);
  meter = await wire(front.url);
});

afterAll(async () => {
  await meter.close();
  await front.close();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
});

/** One HTTP/2 request through the counter and the front, trusting the front's certificate. */
async function ask(path: string, method = 'GET', body?: string) {
  const session = connect(meter.url, { ca: FRONT_CERT });
  try {
    return await new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
      (resolve, reject) => {
        const stream = session.request({ ':method': method, ':path': path });
        let text = '';
        let head: Record<string, unknown> = {};
        stream.on('response', (h) => {
          head = h;
        });
        stream.on('data', (c: Buffer) => {
          text += c.toString();
        });
        stream.on('end', () => resolve({ status: Number(head[':status']), headers: head, text }));
        stream.on('error', reject);
        stream.end(body);
      },
    );
  } finally {
    session.close();
  }
}

describe('the bench front', () => {
  it('forwards HTTP/2 requests to HTTP/1.1, bodies, status and headers, minus per-connection ones', async () => {
    meter.phase('first');
    const answer = await ask('/api/x?y=1', 'POST', 'picks');
    expect(answer.status).toBe(201);
    expect(answer.text).toBe('answer to /api/x?y=1');
    expect(answer.headers['x-kept']).toBe('yes');
    expect(answer.headers.connection).toBeUndefined();
    expect(seen.at(-1)).toEqual({ host: meter.url.replace('https://', ''), method: 'POST', body: 'picks' });
  });

  it('counts every byte on the wire by phase, the TLS handshake included', async () => {
    meter.phase('second');
    const before = meter.total();
    await ask('/small');
    const second = meter.bytesByPhase.get('second') ?? 0;
    // A TLS 1.3 handshake with this certificate is far more than the request and its 17-byte answer.
    expect(second).toBeGreaterThan(1000);
    expect(meter.total() - before).toBe(second);
    expect(meter.connectionsByPhase.get('second')).toBe(1);
    expect(meter.requests).toEqual([]); // encrypted: no request line to read
  });

  it('names the certificate Chromium must trust by its key', () => {
    expect(trustFrontFlag()).toMatch(/^--ignore-certificate-errors-spki-list=[A-Za-z0-9+/]{43}=$/);
  });
});
