// The realm's RS256 signing key. The first instance to start creates it and stores it in the database,
// so every instance signs with the same key and publishes the same JWKS (DESIGN.md "Scaling out").
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';

export const ALG = 'RS256';

/** Arbitrary constant naming the advisory lock held while the first key is created. */
const KEY_CREATION_LOCK = 7_140_001;

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
  /** Public keys as served at .../certs. */
  jwks: JSONWebKeySet;
  /** Key lookup for jwtVerify: only our published keys, only RS256. */
  keyFor: ReturnType<typeof createLocalJWKSet>;
}

async function createKey(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two instances starting on an empty database must not each create a key.
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(KEY_CREATION_LOCK)})`.execute(trx);
    const existing = await trx.selectFrom('signing_keys').select('kid').limit(1).executeTakeFirst();
    if (existing) return;
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true, modulusLength: 2048 });
    const publicJwk: JWK = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    await trx
      .insertInto('signing_keys')
      .values({
        kid,
        alg: ALG,
        private_jwk: JSON.stringify(privateJwk),
        public_jwk: JSON.stringify({ ...publicJwk, kid, alg: ALG, use: 'sig' }),
      })
      .execute();
  });
}

/** Loads the signing keys, creating the first one if the database has none. The newest one signs. */
export async function loadSigningKeys(db: Kysely<Database>): Promise<SigningKeys> {
  const read = () => db.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
  let rows = await read();
  if (rows.length === 0) {
    await createKey(db);
    rows = await read();
  }
  const newest = rows.at(-1);
  if (!newest) throw new Error('no signing key');
  // Node's pg parses jsonb; a text column or driver that does not would hand us a string.
  const parse = (v: JWK | string): JWK => (typeof v === 'string' ? JSON.parse(v) : v);
  const jwks: JSONWebKeySet = { keys: rows.map((r) => parse(r.public_jwk)) };
  return {
    kid: newest.kid,
    privateKey: await importJWK(parse(newest.private_jwk), ALG),
    jwks,
    keyFor: createLocalJWKSet(jwks),
  };
}
