// Reading and checking a slip receipt: a compact JWS (alg EdDSA, Ed25519) signed by the server, checked
// against its published keys (GET /api/receipts/jwks.json) with WebCrypto. Pure apart from the crypto
// passed in, so tests can run it without a browser.
import { showInstant } from '../../machines/rules/maseruTime';

export interface ReceiptPayload {
  ref: string;
  sid: string;
  msisdn: string;
  predictions: number[];
  /** M */
  cost: number;
  /** GROUP: a group slip, paid from its members' shares (DESIGN.md "Group play"). */
  paidFrom: 'WALLET' | 'AIRTIME' | 'GROUP';
  /** ISO instant the server accepted the slip. */
  at: string;
  /** The reduced system (null: every combination) and the rows the slip stands for; receipts signed
   * before rows were counted have neither. */
  systemId?: string | null;
  rows?: number;
}

export interface ReceiptJwk {
  kty: string;
  crv: string;
  x: string;
  kid?: string;
  alg?: string;
}

export interface Jwks {
  keys: ReceiptJwk[];
}

export type Check =
  | { status: 'valid'; payload: ReceiptPayload }
  /** Not ours: unreadable, signed by another key, or changed after signing. */
  | { status: 'invalid' }
  /** No key to check with (never online since install). */
  | { status: 'no-key' }
  /** This browser's WebCrypto has no Ed25519. */
  | { status: 'unsupported' };

const JWS = /[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

/** The JWS in pasted text: the bare receipt, or a /verify#… link. */
export function extractJws(text: string): string | null {
  const hash = text.includes('#') ? text.slice(text.lastIndexOf('#') + 1) : text;
  return JWS.exec(hash.trim())?.[0] ?? null;
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const b64 = text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '=');
    const raw = atob(b64);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function jsonPart(text: string): unknown {
  const bytes = base64UrlBytes(text);
  if (!bytes) return null;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

export function isReceiptPayload(v: unknown): v is ReceiptPayload {
  const p = v as Partial<ReceiptPayload> | null;
  return (
    typeof p?.ref === 'string' &&
    typeof p.sid === 'string' &&
    typeof p.msisdn === 'string' &&
    Array.isArray(p.predictions) &&
    p.predictions.every((n) => Number.isInteger(n)) &&
    typeof p.cost === 'number' &&
    (p.paidFrom === 'WALLET' || p.paidFrom === 'AIRTIME' || p.paidFrom === 'GROUP') &&
    typeof p.at === 'string' &&
    !Number.isNaN(Date.parse(p.at)) &&
    (p.systemId == null || typeof p.systemId === 'string') &&
    (p.rows === undefined || Number.isInteger(p.rows))
  );
}

export interface ParsedReceipt {
  header: { alg?: unknown; kid?: unknown };
  payload: ReceiptPayload;
  signingInput: string;
  signature: Uint8Array<ArrayBuffer>;
}

/** The parts of a receipt, unchecked; null when it is not one. */
export function parseReceipt(jws: string): ParsedReceipt | null {
  const parts = jws.trim().split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = jsonPart(h) as ParsedReceipt['header'] | null;
  const payload = jsonPart(p);
  const signature = base64UrlBytes(s);
  if (!header || typeof header !== 'object' || !isReceiptPayload(payload) || !signature) return null;
  return { header, payload, signingInput: `${h}.${p}`, signature };
}

/** Checks a receipt against the published keys; `subtle` is WebCrypto's (injectable for tests). */
export async function checkReceipt(
  jws: string,
  jwks: Jwks | null,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<Check> {
  const parsed = parseReceipt(jws);
  if (!parsed) return { status: 'invalid' };
  if (parsed.header.alg !== 'EdDSA') return { status: 'invalid' };
  if (!jwks) return { status: 'no-key' };
  const jwk = jwks.keys.find((k) => k.kid === parsed.header.kid && k.kty === 'OKP' && k.crv === 'Ed25519');
  if (!jwk) return { status: 'invalid' };
  if (!subtle) return { status: 'unsupported' };
  let key: CryptoKey;
  try {
    key = await subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
  } catch (error) {
    // An algorithm this browser does not know; a broken key is simply not ours.
    return (error as DOMException)?.name === 'NotSupportedError'
      ? { status: 'unsupported' }
      : { status: 'invalid' };
  }
  const data = new TextEncoder().encode(parsed.signingInput);
  const ok = await subtle.verify({ name: 'Ed25519' }, key, parsed.signature, data).catch(() => false);
  return ok ? { status: 'valid', payload: parsed.payload } : { status: 'invalid' };
}

/** The receipt's payload without checking it (our own server's answer, shown after paying). */
export const readReceipt = (jws: string): ReceiptPayload | null => parseReceipt(jws)?.payload ?? null;

/** A prediction as the slip shows it: digits 1 home, 3 draw, 2 away → '1', 'X', '2', '1X', 'X2', '12', '1X2'. */
export function pickLabel(prediction: number): string {
  const digits = new Set(String(prediction));
  return (['1', '3', '2'] as const)
    .filter((d) => digits.has(d))
    .map((d) => (d === '3' ? 'X' : d))
    .join('');
}

/** The link that opens /verify with this receipt (the hash never reaches a server). */
export const verifyLink = (origin: string, jws: string): string => `${origin}/verify#${jws}`;

/** dd/MM/yyyy HH:mm in Maseru time, whatever the phone's zone. */
export const receiptTime = (iso: string): string => showInstant(iso);
