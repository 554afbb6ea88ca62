// The Ed25519 key that signs slip receipts. From RECEIPT_SIGNING_KEY (a PKCS#8 PEM or a private OKP JWK)
// when set, else from DATA_DIR/receipt-signing-key.pem, generated there on first start and then only read:
// a new key would not make old receipts invalid (the JWKS keeps only the current key, so it would), hence
// written once. Several instances must share the key through the environment. With the in-memory data
// folder (tests) the key lives only in memory.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError } from '../config.ts';

export interface ReceiptKey {
  /** RFC 7638 thumbprint of the public key: the same key always has the same kid. */
  kid: string;
  privateKey: KeyObject;
  /** The public key as published at /api/receipts/jwks.json. */
  publicJwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };
}

const FILE = 'receipt-signing-key.pem';

function fromEnvironment(value: string): KeyObject {
  try {
    const key = value.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(value), format: 'jwk' })
      : createPrivateKey(value.replace(/\\n/g, '\n'));
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`a ${key.asymmetricKeyType} key`);
    return key;
  } catch (error) {
    throw new ConfigError(
      `RECEIPT_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM or JWK): ${(error as Error).message}`,
    );
  }
}

function fromDataDir(dataDir: string): KeyObject {
  const path = join(dataDir, FILE);
  try {
    return createPrivateKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(dataDir, { recursive: true });
  // 'wx': never overwrite a key another process wrote meanwhile; 0600: the private key is a secret.
  try {
    writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromDataDir(dataDir);
    throw error;
  }
  return privateKey;
}

/** The receipt signing key (see the header for where it comes from). */
export function loadReceiptKey(config: Pick<Config, 'receiptSigningKey' | 'dataDir'>): ReceiptKey {
  const privateKey = config.receiptSigningKey
    ? fromEnvironment(config.receiptSigningKey)
    : config.dataDir.startsWith('memory://')
      ? generateKeyPairSync('ed25519').privateKey
      : fromDataDir(config.dataDir);
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string };
  // RFC 7638: the required members in lexicographic order, no spaces.
  const kid = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
  return { kid, privateKey, publicJwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' } };
}
