// VAPID keys identify this server to the browsers' push services. They come from the environment
// (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY), else from DATA_DIR/vapid.json, generated there on first start.
// Subscriptions are bound to the public key: a new key silently orphans every stored subscription, so the
// file is written once and then only read. Several instances on one PostgreSQL must share keys through the
// environment. With the in-memory data folder (tests) the keys live only in memory.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const FILE = 'vapid.json';

function isKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/** The keys to sign pushes with (see the header for where they come from). */
export function loadVapidKeys(config: Pick<Config, 'vapid' | 'dataDir'>): VapidKeys {
  if (config.vapid) return config.vapid;
  if (config.dataDir.startsWith('memory://')) return webpush.generateVAPIDKeys();
  const path = join(config.dataDir, FILE);
  try {
    const stored: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (isKeys(stored)) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    throw new Error(`${path} does not hold VAPID keys`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  // 'wx': never overwrite keys another process wrote meanwhile; 0600: the private key is a secret.
  try {
    writeFileSync(path, `${JSON.stringify(keys, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(config);
    throw error;
  }
  return keys;
}
