/**
 * A byte counter on the wire: a TCP forwarder between the browser and the server that counts every byte
 * each way (request and status lines, headers, chunk framing, bodies) and hands each to the HTTP/1.1
 * request it belongs to. It sees everything the phone would pay for — the page's requests, the service
 * worker's own fetches (precache, warm-up, runtime caching, update checks) and nothing served from a cache —
 * which a page's DevTools session does not (the worker is another target). Chromium sends one request at a
 * time on a connection (no pipelining), so the server's bytes up to the next request line are the answer's.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface WireRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  status: number;
  /** Bytes sent by the browser: request line, headers, body. */
  up: number;
  /** Bytes received: status line, headers, body (compressed as sent), chunk framing. */
  down: number;
  /** The phase it happened in (see Wire.phase). */
  phase: string;
}

export interface Wire {
  /** The URL to point the browser at. */
  url: string;
  /** Every request so far, in order of sending (none when the wire is encrypted). */
  requests: WireRequest[];
  /** Bytes each way by phase, everything on the wire: handshakes and framing too. */
  bytesByPhase: Map<string, number>;
  /** Connections opened, by phase. */
  connectionsByPhase: Map<string, number>;
  /** Every byte so far (for waiting until the wire is quiet). */
  total(): number;
  /** Requests from now on are tagged with this phase. */
  phase(name: string): void;
  close(): Promise<void>;
}

const REQUEST_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.[01]\r\n/;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3}) /;

/**
 * Forwards 127.0.0.1:<free port> to `target` (http://host:port or https://host:port), counting bytes per
 * phase and, on plain HTTP/1.1, per request (an encrypted wire has no request lines to read).
 */
export async function wire(target: string): Promise<Wire> {
  const { hostname, port, protocol } = new URL(target);
  const encrypted = protocol === 'https:';
  const requests: WireRequest[] = [];
  const bytesByPhase = new Map<string, number>();
  const connectionsByPhase = new Map<string, number>();
  let total = 0;
  let phase = '';
  const count = (n: number) => {
    total += n;
    bytesByPhase.set(phase, (bytesByPhase.get(phase) ?? 0) + n);
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    connectionsByPhase.set(phase, (connectionsByPhase.get(phase) ?? 0) + 1);
    let current: WireRequest | undefined;
    let awaitingStatus = false;
    client.on('data', (chunk: Buffer) => {
      count(chunk.length);
      const line = encrypted ? null : REQUEST_LINE.exec(chunk.subarray(0, 2048).toString('latin1'));
      if (line) {
        current = { method: line[1]!, url: line[2]!, status: 0, up: 0, down: 0, phase };
        requests.push(current);
        awaitingStatus = true;
      }
      if (current) current.up += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      count(chunk.length);
      if (current) {
        current.down += chunk.length;
        if (awaitingStatus) {
          const status = STATUS_LINE.exec(chunk.subarray(0, 64).toString('latin1'));
          if (status) current.status = Number(status[1]);
          awaitingStatus = false;
        }
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const local = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `${protocol}//127.0.0.1:${local}`,
    requests,
    bytesByPhase,
    connectionsByPhase,
    total: () => total,
    phase(name) {
      phase = name;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What a request is, for the top talkers: the path without its query, content hashes of built files and
 * file names of pictures folded (`/assets/PlayScreen-*.js`, `/logos/*`).
 */
export function talker(r: Pick<WireRequest, 'method' | 'url'>): string {
  const path = r.url.split('?')[0] ?? r.url;
  const folded = path
    .replace(/^\/assets\/(.+?)-[\w-]{8}\.(\w+)$/, '/assets/$1-*.$2')
    .replace(/^\/(logos|testimonials|banner|payments|icons)\/.+$/, '/$1/*')
    .replace(/\/\d+(?=\/|$)/g, '/*');
  return `${r.method} ${folded}`;
}
