// The last answer of a list the subscriber reads (results, account), for reading without a network.
// IndexedDB, idb-keyval's default database ('keyval-store'), key 'last-copy:<name>:<user>', value
// { data, at } (at: when saved, ms). User-scoped: every copy goes at sign-out (wipeLastCopies).
import { del, get, keys, set } from 'idb-keyval';

const PREFIX = 'last-copy:';
const key = (name: string, user: string) => `${PREFIX}${name}:${user}`;

export interface StoredCopy<T> {
  data: T;
  at: number;
}

/** Storage that cannot be used (no IndexedDB, private mode, quota) is no copy, never an error. */
async function safely<T>(op: () => Promise<T>): Promise<T | undefined> {
  try {
    return await op();
  } catch {
    return undefined;
  }
}

export async function saveCopy<T>(name: string, user: string, data: T, at: number): Promise<void> {
  await safely(() => set(key(name, user), { data, at }));
}

export const readCopy = <T>(name: string, user: string): Promise<StoredCopy<T> | undefined> =>
  safely(() => get<StoredCopy<T>>(key(name, user)));

/** Every subscriber's copies (sign-out on a shared phone). */
export async function wipeLastCopies(): Promise<void> {
  await safely(async () => {
    const mine = (await keys()).filter((k) => typeof k === 'string' && k.startsWith(PREFIX));
    await Promise.all(mine.map((k) => del(k)));
  });
}
