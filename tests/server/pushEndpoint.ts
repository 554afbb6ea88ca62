// A local push service for tests: a plain-http endpoint that records what the server POSTs, and the
// browser side of RFC 8291 (a subscription's P-256 key pair and auth secret) so a test can decrypt the
// aes128gcm body exactly as a browser would and read the JSON the service worker would get.
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushEndpoint {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  received: ReceivedPush[];
  /** The status the endpoint answers for `path` (201 unless set: 410 to say "unsubscribed"). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: what it sends the server, and its secrets. */
export interface BrowserSubscription {
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    authSecret,
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
/** HKDF with one block of output (RFC 5869), all that RFC 8291 needs. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** Decrypts an aes128gcm web push body (RFC 8188 + RFC 8291) with the subscription's secrets. */
export function decryptPush(body: Buffer, sub: BrowserSubscription): string {
  // Header: salt (16) | record size (4) | key id length (1) | key id = the server's ephemeral public key.
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const sharedSecret = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, serverPublicKey]);
  const ikm = hkdf(sub.authSecret, sharedSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
