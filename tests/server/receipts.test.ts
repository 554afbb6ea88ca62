// Receipts: every accepted slip has a unique reference and an Ed25519-signed receipt that verifies with
// the published key; a changed receipt does not; a replay answers the same receipt; my-slips shows only
// the subscriber's own slips; slips from before receipts get theirs a page at a time; the key stays the
// same across restarts and comes from the environment.
import crypto, { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../server/config.ts';
import { loadReceiptKey } from '../../server/play/receiptKey.ts';
import { backfillReceipts, newReference, recordSlip } from '../../server/play/receipts.ts';
import { backends, buildTestApp, describeEachDb, type TestApp } from './helper.ts';
import { addSubscriber, billingOf, body, get, picks, seedPlay, submit } from './playFixtures.ts';

const REFERENCE = /^J14-\d{4}-[2-9A-HJ-NP-Z]{6}$/;
/** The receipts module's alphabet: a suffix's letters are its random bytes' low five bits. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

interface Jwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: string;
  use: string;
}

/** Checks a compact JWS against the JWKS as a stranger would: the header's kid picks the key. */
function verifyJws(jws: string, keys: Jwk[]) {
  const [h, p, s] = jws.split('.');
  const header = JSON.parse(Buffer.from(h ?? '', 'base64url').toString());
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk || header.alg !== 'EdDSA') return { valid: false, header, payload: null };
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
  const valid = verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s ?? '', 'base64url'));
  return { valid, header, payload: JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) };
}

const jwksOf = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/receipts/jwks.json' });
  return { res, keys: res.json().keys as Jwk[] };
};

const mySlips = (t: TestApp, token: string, sid?: string) =>
  get(t.app, token, `my-slips${sid === undefined ? '' : `?sid=${encodeURIComponent(sid)}`}`);

describeEachDb('receipts', (t) => {
  let sid = '';
  let keys: Jwk[] = [];

  beforeAll(async () => {
    await seedPlay(t());
    billingOf(t().app).latencyMs = 0;
    const reader = await addSubscriber(t(), '26650000400');
    sid = (await get(t().app, reader, 'fetch-current-betslip')).json().sid;
    keys = (await jwksOf(t())).keys;
  });

  it('publishes one Ed25519 public key, cacheable, without its private part', async () => {
    const { res } = await jwksOf(t());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: expect.any(String),
      alg: 'EdDSA',
      use: 'sig',
    });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('gives a wallet-paid slip a reference and a receipt that verifies, and replays the same one', async () => {
    const msisdn = '26650000401';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    const dtos = picks({ 0: 12, 5: 123 });
    const res = await submit(t().app, token, body(sid, dtos, 12), 'r-401');
    expect(res.statusCode).toBe(200);
    const { receipt } = res.json();
    expect(receipt.reference).toMatch(REFERENCE);
    expect(receipt.reference.startsWith(`${sid}-`)).toBe(true);
    const checked = verifyJws(receipt.jws, keys);
    expect(checked.valid).toBe(true);
    expect(checked.header).toEqual({ alg: 'EdDSA', kid: keys[0]?.kid });
    expect(checked.payload).toEqual({
      ref: receipt.reference,
      sid,
      msisdn,
      predictions: dtos.map((d) => d.prediction),
      cost: 12,
      paidFrom: 'WALLET',
      at: t().clock.now().toISOString(),
      // A full slip of a double and a triple: 2 × 3 rows.
      systemId: null,
      rows: 6,
    });

    const again = await submit(t().app, token, body(sid, dtos, 12), 'r-401');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().receipt).toEqual(receipt);
  });

  it('gives an airtime-paid slip its receipt too', async () => {
    const msisdn = '26650000402';
    const token = await addSubscriber(t(), msisdn);
    const res = await submit(t().app, token, body(sid, picks(), 2), 'r-402');
    expect(res.statusCode).toBe(200);
    const checked = verifyJws(res.json().receipt.jws, keys);
    expect(checked.valid).toBe(true);
    expect(checked.payload).toMatchObject({ msisdn, paidFrom: 'AIRTIME', cost: 2 });
  });

  it('refuses a receipt whose payload, signature or key was changed', async () => {
    const token = await addSubscriber(t(), '26650000403', { walletCents: 10_00 });
    const { jws } = (await submit(t().app, token, body(sid, picks(), 2), 'r-403')).json().receipt;
    const [h, p, s] = jws.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, cost: 200 })).toString('base64url');
    expect(verifyJws(`${h}.${forged}.${s}`, keys).valid).toBe(false);
    const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    expect(verifyJws(`${h}.${p}.${flipped}`, keys).valid).toBe(false);
    // Signed by another key under our kid: the published key does not accept it.
    const other = loadReceiptKey({ receiptSigningKey: undefined, dataDir: 'memory://' });
    const { signReceipt } = await import('../../server/play/receipts.ts');
    const foreign = signReceipt({ ...other, kid: keys[0]?.kid ?? '' }, payload);
    expect(verifyJws(foreign, keys).valid).toBe(false);
  });

  it('gives parallel submissions distinct references', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        addSubscriber(t(), `266500005${String(i).padStart(2, '0')}`, { walletCents: 10_00 }),
      ),
    );
    const answers = await Promise.all(
      tokens.map((token, i) => submit(t().app, token, body(sid, picks(), 2), `r-par-${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(tokens.map(() => 200));
    const references = answers.map((a) => a.json().receipt.reference);
    expect(new Set(references).size).toBe(references.length);
  });

  it('draws another reference when one is taken, inside the same transaction', async () => {
    const owner = await addSubscriber(t(), '26650000405', { walletCents: 10_00 });
    const taken = await submit(t().app, owner, body(sid, picks(), 2), 'r-405');
    const existing = { reference: taken.json().receipt.reference as string };
    const draws = [existing.reference, existing.reference, newReference(sid)];
    const receipt = await t()
      .db.kysely.transaction()
      .execute((trx) =>
        recordSlip(
          trx,
          t().app.receiptKey,
          {
            id: 'collision-test',
            sid,
            msisdn: '26650000404',
            predictions: picks(),
            costCents: 200,
            paidFrom: 'WALLET',
            paymentRef: null,
            idempotencyKey: 'collision-test',
            channel: 'USSD',
          },
          t().clock.now(),
          () => draws.shift() ?? newReference(sid),
        ),
      );
    expect(receipt.reference).not.toBe(existing.reference);
    expect(receipt.reference).toMatch(REFERENCE);
    expect(verifyJws(receipt.jws, keys).valid).toBe(true);
  });

  it('pays a wallet slip once when its first reference is taken: another is drawn in the same transaction', async () => {
    const owner = '26650000406';
    const token = await addSubscriber(t(), owner, { walletCents: 10_00 });
    const taken = (await submit(t().app, token, body(sid, picks(), 2), 'r-406-1')).json().receipt.reference;
    // The next draw repeats the taken suffix (crypto's named export rebound, as the receipts module reads it).
    const suffix = Buffer.from([...taken.slice(-6)].map((ch) => ALPHABET.indexOf(ch)));
    const real = crypto.randomBytes;
    let sixByteDraws = 0;
    const drawn = vi
      .spyOn(crypto, 'randomBytes')
      .mockImplementation(((size: number) =>
        size === 6 && sixByteDraws++ === 0 ? Buffer.from(suffix) : real(size)) as typeof crypto.randomBytes);
    syncBuiltinESMExports();
    try {
      const second = await submit(t().app, token, body(sid, picks(), 2), 'r-406-2');
      expect(second.statusCode).toBe(200);
      // The taken suffix first, then one more draw: no other reference was drawn.
      expect(sixByteDraws).toBe(2);
      const reference = second.json().receipt.reference;
      expect(reference).not.toBe(taken);
      expect(reference).toMatch(REFERENCE);
      const replay = await submit(t().app, token, body(sid, picks(), 2), 'r-406-2');
      expect(replay.json()).toEqual(second.json());
    } finally {
      drawn.mockRestore();
      syncBuiltinESMExports();
    }
    const moves = await t()
      .db.kysely.selectFrom('wallet_moves')
      .select(['kind', 'amount_cents'])
      .where('msisdn', '=', owner)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => [m.kind, Number(m.amount_cents)])).toEqual([
      ['OPERATOR_ADJUSTMENT', 10_00],
      ['STAKE', -2_00],
      ['STAKE', -2_00],
    ]);
    const slips = await t()
      .db.kysely.selectFrom('submissions')
      .select('reference')
      .where('msisdn', '=', owner)
      .execute();
    expect(slips).toHaveLength(2);
  });

  it('lists only the subscriber’s own slips on the current betslip, or on the one asked for', async () => {
    const a = '26650000410';
    const b = '26650000411';
    const tokenA = await addSubscriber(t(), a, { walletCents: 20_00 });
    const tokenB = await addSubscriber(t(), b, { walletCents: 20_00 });
    const firstAt = t().clock.now().toISOString();
    const first = (await submit(t().app, tokenA, body(sid, picks(), 2), 'r-410-1')).json().receipt;
    t().clock.advance(60_000);
    const second = (await submit(t().app, tokenA, body(sid, picks({ 2: 13 }), 4), 'r-410-2')).json().receipt;
    const ofB = (await submit(t().app, tokenB, body(sid, picks(), 2), 'r-411')).json().receipt;

    const listA = await mySlips(t(), tokenA);
    expect(listA.statusCode).toBe(200);
    expect(listA.json()).toEqual([
      {
        reference: first.reference,
        createdAt: firstAt,
        cost: 2,
        paidFrom: 'WALLET',
        channel: 'APP',
        predictions: picks().map((d) => d.prediction),
        jws: first.jws,
        rows: 1,
        systemId: null,
        winningRows: [],
      },
      expect.objectContaining({ reference: second.reference, cost: 4, jws: second.jws, rows: 2 }),
    ]);
    expect((await mySlips(t(), tokenA, sid)).json()).toEqual(listA.json());
    const listB = (await mySlips(t(), tokenB)).json();
    expect(listB.map((s: { reference: string }) => s.reference)).toEqual([ofB.reference]);
    // No parameter reaches another subscriber's slips; an unknown betslip is simply empty.
    expect((await get(t().app, tokenB, `my-slips?sid=${sid}&msisdn=${a}`)).json()).toHaveLength(1);
    expect((await mySlips(t(), tokenB, 'J14-9999')).json()).toEqual([]);
    expect((await t().app.inject({ method: 'GET', url: '/api/protected/my-slips' })).statusCode).toBe(401);
    expect((await mySlips(t(), tokenA, 'x'.repeat(65))).statusCode).toBe(400);
  });

  it('backfills slips written without a receipt (the demo history) and the results carry references', async () => {
    const demo = '26650000001';
    const before = await t()
      .db.kysely.selectFrom('submissions')
      .select(['id', 'jws'])
      .where('msisdn', '=', demo)
      .execute();
    expect(before.length).toBeGreaterThan(0);
    expect(await backfillReceipts(t().db.kysely, t().app.receiptKey)).toBeGreaterThanOrEqual(before.length);
    expect(await backfillReceipts(t().db.kysely, t().app.receiptKey)).toBe(0);
    const after = await t()
      .db.kysely.selectFrom('submissions')
      .select(['reference', 'jws', 'betslip_sid', 'msisdn'])
      .where('msisdn', '=', demo)
      .execute();
    for (const row of after) {
      expect(row.reference).toMatch(REFERENCE);
      const checked = verifyJws(row.jws ?? '', keys);
      expect(checked.valid).toBe(true);
      expect(checked.payload).toMatchObject({ ref: row.reference, sid: row.betslip_sid, msisdn: demo });
    }

    const token = await addSubscriber(t(), '26650000420', { walletCents: 10_00 });
    const { reference } = (await submit(t().app, token, body(sid, picks(), 2), 'r-420')).json().receipt;
    const past = await t().app.inject({
      method: 'POST',
      url: '/api/protected/fetch-past-submitted-betslips',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(past.json().map((s: { reference: string }) => s.reference)).toEqual([reference]);
  });

  it('backfills slips without a receipt a page at a time, every one of them', async () => {
    // Whatever the demo history left without a receipt first (the test before does it when run with it).
    await backfillReceipts(t().db.kysely, t().app.receiptKey);
    // 250 slips as an upgrade from before receipts leaves them: no reference, no receipt.
    await sql`
      INSERT INTO submissions (id, betslip_sid, msisdn, predictions, cost_cents, paid_from, idempotency_key)
      SELECT 'old-' || lpad(j::text, 4, '0'), ${sid}, '26650000400',
        (SELECT jsonb_agg(jsonb_build_object('betSlipPosition', p, 'prediction', 1)) FROM generate_series(0, 13) AS p),
        200, 'WALLET', 'old-' || j
      FROM generate_series(0, 249) AS j`.execute(t().db.kysely);
    expect(await backfillReceipts(t().db.kysely, t().app.receiptKey, 100)).toBe(250);
    const old = await t()
      .db.kysely.selectFrom('submissions')
      .select(['reference', 'jws'])
      .where('id', 'like', 'old-%')
      .execute();
    expect(old).toHaveLength(250);
    for (const row of old) {
      expect(row.reference).toMatch(REFERENCE);
      expect(verifyJws(row.jws ?? '', keys).valid).toBe(true);
    }
    expect(await backfillReceipts(t().db.kysely, t().app.receiptKey, 100)).toBe(0);
  });
});

describe('receipt signing key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'receipt-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is generated into DATA_DIR once, private to the owner, and the same after a restart', async () => {
    const dataDir = tempDir();
    const first = await buildTestApp(backends[0]!, { config: { dataDir } });
    const kidBefore = (await jwksOf(first)).keys[0]?.kid;
    await first.close();
    expect(statSync(join(dataDir, 'receipt-signing-key.pem')).mode & 0o777).toBe(0o600);
    const second = await buildTestApp(backends[0]!, { config: { dataDir } });
    try {
      expect((await jwksOf(second)).keys[0]?.kid).toBe(kidBefore);
    } finally {
      await second.close();
    }
  });

  it('comes from RECEIPT_SIGNING_KEY (PEM or JWK) when set, the same kid on every instance', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    const a = loadReceiptKey({ receiptSigningKey: pem, dataDir: tempDir() });
    const b = loadReceiptKey({ receiptSigningKey: jwk, dataDir: 'memory://' });
    // One line in a .env file: newlines written as \n.
    const c = loadReceiptKey({ receiptSigningKey: pem.replace(/\n/g, '\\n'), dataDir: 'memory://' });
    expect(b.kid).toBe(a.kid);
    expect(c.kid).toBe(a.kid);
    expect(a.publicJwk.x).toBe(createPublicKey(privateKey).export({ format: 'jwk' }).x);
  });

  it('refuses a key that is not an Ed25519 private key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    for (const value of ['nonsense', rsa.export({ type: 'pkcs8', format: 'pem' }).toString()]) {
      expect(() => loadReceiptKey({ receiptSigningKey: value, dataDir: 'memory://' })).toThrow(ConfigError);
    }
  });
});
