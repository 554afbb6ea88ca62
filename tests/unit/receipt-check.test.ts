// Checking a receipt as /verify does, with WebCrypto's Ed25519 (Node's here, the browser's there):
// a receipt the server signed is valid; changed, foreign, unreadable or unknown-key receipts are not.
import { describe, expect, it } from 'vitest';
import { loadReceiptKey } from '../../server/play/receiptKey';
import { type ReceiptPayload, signReceipt } from '../../server/play/receipts';
import {
  checkReceipt,
  extractJws,
  type Jwks,
  parseReceipt,
  pickLabel,
  readReceipt,
  receiptTime,
  verifyLink,
} from '../../src/receipts/receipt';

const key = loadReceiptKey({ receiptSigningKey: undefined, dataDir: 'memory://' });
const jwks: Jwks = { keys: [key.publicJwk] };
const payload: ReceiptPayload = {
  ref: 'J14-0004-7F3K2Q',
  sid: 'J14-0004',
  msisdn: '26650000001',
  predictions: [1, 3, 2, 13, 12, 23, 123, 1, 1, 1, 1, 1, 1, 1],
  cost: 72,
  paidFrom: 'WALLET',
  at: '2026-03-02T08:05:00.000Z',
};
const jws = signReceipt(key, payload);
const part = (i: number) => jws.split('.')[i] ?? '';
const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('checkReceipt', () => {
  it('accepts a receipt the server signed, with its contents', async () => {
    expect(await checkReceipt(jws, jwks)).toEqual({ status: 'valid', payload });
  });

  it('refuses a receipt changed after signing', async () => {
    const richer = `${part(0)}.${encode({ ...payload, cost: 7200 })}.${part(2)}`;
    const other = `${part(0)}.${encode({ ...payload, msisdn: '26650000002' })}.${part(2)}`;
    const sig = part(2);
    const flipped = `${part(0)}.${part(1)}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    for (const changed of [richer, other, flipped]) {
      expect(await checkReceipt(changed, jwks)).toEqual({ status: 'invalid' });
    }
  });

  it('refuses a receipt signed by another key, even under our kid', async () => {
    const stranger = loadReceiptKey({ receiptSigningKey: undefined, dataDir: 'memory://' });
    expect(await checkReceipt(signReceipt(stranger, payload), jwks)).toEqual({ status: 'invalid' });
    expect(await checkReceipt(signReceipt({ ...stranger, kid: key.kid }, payload), jwks)).toEqual({
      status: 'invalid',
    });
  });

  it('refuses another algorithm and anything that is not a receipt', async () => {
    const none = `${encode({ alg: 'none', kid: key.kid })}.${part(1)}.${part(2)}`;
    const notOurs = `${part(0)}.${encode({ hello: 'world' })}.${part(2)}`;
    for (const text of [none, notOurs, 'hello', 'a.b.c', '', `${jws}.x`]) {
      expect(await checkReceipt(text, jwks)).toEqual({ status: 'invalid' });
    }
  });

  it('says when there is no key yet, or the browser has no Ed25519', async () => {
    expect(await checkReceipt(jws, null)).toEqual({ status: 'no-key' });
    const noEd25519 = {
      importKey: () => Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError')),
    } as unknown as SubtleCrypto;
    expect(await checkReceipt(jws, jwks, noEd25519)).toEqual({ status: 'unsupported' });
  });
});

describe('reading receipts', () => {
  it('finds the receipt in pasted text or a /verify link', () => {
    expect(extractJws(`  ${jws}\n`)).toBe(jws);
    expect(extractJws(verifyLink('https://jackpot14.example', jws))).toBe(jws);
    expect(extractJws('no receipt here')).toBeNull();
  });

  it('reads the payload without checking and refuses what is not a receipt', () => {
    expect(readReceipt(jws)).toEqual(payload);
    expect(parseReceipt(`${part(0)}.${encode({ ...payload, paidFrom: 'CASH' })}.${part(2)}`)).toBeNull();
    expect(parseReceipt(`${part(0)}.${part(1)}.not*base64`)).toBeNull();
  });

  it('labels picks as the slip does (1 home, X draw, 2 away) and shows Maseru time', () => {
    expect(payload.predictions.slice(0, 7).map(pickLabel)).toEqual(['1', 'X', '2', '1X', '12', 'X2', '1X2']);
    expect(receiptTime('2026-03-02T22:30:00.000Z')).toBe('03/03/2026 00:30');
  });
});
