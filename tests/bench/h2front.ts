/**
 * The deployment's front door, for the data-cost bench: a TLS proxy that speaks HTTP/2 to the phone and
 * HTTP/1.1 to the server, as docs/OPERATING.md deploys it (section 6: behind a TLS-terminating proxy;
 * nginx, Caddy and every CDN speak HTTP/2 to browsers). What the phone pays there differs from bare
 * HTTP/1.1 in two ways: TLS adds its handshakes and record framing, and HPACK sends a header it has sent
 * before on the connection (the access token, the browser's own headers) as an index of a byte or two.
 *
 * The certificate below is a self-signed P-256 one for 127.0.0.1, made for this bench only (the browser is
 * told to accept it); a real chain (leaf and intermediate) adds about 2 KB to each full handshake.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { Agent, request } from 'node:http';
import {
  createSecureServer,
  type Http2SecureServer,
  type Http2Session,
  type IncomingHttpHeaders,
} from 'node:http2';

export const FRONT_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUQte80as8uL0yFJjZ/cWWNxfUzLUwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyOTAxMzg1NVoYDzIxMjYxMTA1
MDEzODU1WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATdA2iUNvVE6lTDPKEEOzrQuI6huWNCFbkQbl9NLKnoUFmt2AAcA7X6
wXg354lNuM56eMl935J3o9WqVU4WwhDTo28wbTAdBgNVHQ4EFgQUSSQOvJoFD3uv
IEORf1jW1ldGXcQwHwYDVR0jBBgwFoAUSSQOvJoFD3uvIEORf1jW1ldGXcQwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSQAwRgIhAPesEjP0Ij0oy/7ly7Kv7kf2wXCICkISpOvNJxWNJCMhAiEA
+iITnJgkwyDmz07y6vrIvExeGRJ5oCvf6zu/piTlYJE=
-----END CERTIFICATE-----`;

const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXFZ/NAW6AHhPyisj
O3U4wHGJhHZHVKE35HexDO0Jz2GhRANCAATdA2iUNvVE6lTDPKEEOzrQuI6huWNC
FbkQbl9NLKnoUFmt2AAcA7X6wXg354lNuM56eMl935J3o9WqVU4WwhDT
-----END PRIVATE KEY-----`;

/** Headers that belong to one HTTP/1.1 connection and are forbidden in HTTP/2 (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * The Chromium flag that trusts the certificate above. Accepting any certificate
 * (`--ignore-certificate-errors`) would not do: Chromium keeps nothing in its HTTP cache from a site whose
 * certificate it took as an error, and the bench would count every cached file twice.
 */
export function trustFrontFlag(): string {
  const spki = new X509Certificate(FRONT_CERT).publicKey.export({ type: 'spki', format: 'der' });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`;
}

export interface Front {
  /** https://127.0.0.1:<port>: where the browser goes. */
  url: string;
  /**
   * Ends every connection, as a phone's are ended between one day's use and the next (the proxy's idle
   * time-out, the radio dropping): the next request pays a TLS handshake and sends its headers in full
   * once more.
   */
  dropConnections(): void;
  close(): Promise<void>;
}

/** Starts the front on a free port, forwarding every request to `target` (http://host:port). */
export async function h2Front(target: string): Promise<Front> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server: Http2SecureServer = createSecureServer({ key: KEY, cert: FRONT_CERT }, (req, res) => {
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':')) headers[name] = value;
    }
    headers.host = req.headers[':authority'];
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    dropConnections() {
      for (const session of sessions) session.close();
    },
    async close() {
      for (const session of sessions) session.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
