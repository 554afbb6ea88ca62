// The last answer of a list the subscriber reads (results), kept on the device so that without a network
// the screen shows it, saying from when, rather than an error. Only a network failure falls back; a refusal
// from the server (signed out, forbidden) is passed on as it is.
import { get, set } from 'idb-keyval';
import { ApiError } from '../api/http';

export interface Copy<T> {
  data: T;
  /** When the copy was saved (ms); null when `data` is fresh from the server. */
  savedAt: number | null;
}

const key = (name: string, user: string) => `last-copy:${name}:${user}`;

/** Storage that cannot be used (no IndexedDB, private mode, quota) is no copy, never an error. */
async function safely<T>(op: () => Promise<T>): Promise<T | undefined> {
  try {
    return await op();
  } catch {
    return undefined;
  }
}

export async function withLastCopy<T>(name: string, user: string, fetch: () => Promise<T>): Promise<Copy<T>> {
  try {
    const data = await fetch();
    await safely(() => set(key(name, user), { data, at: Date.now() }));
    return { data, savedAt: null };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 0) throw err;
    const copy = await safely(() => get<{ data: T; at: number }>(key(name, user)));
    if (!copy) throw err;
    return { data: copy.data, savedAt: copy.at };
  }
}
