// The last answer of a list the subscriber reads (results), kept on the device so that without a network
// the screen shows it, saying from when, rather than an error. Only a network failure falls back; a refusal
// from the server (signed out, forbidden) is passed on as it is. Once installed, the service worker answers
// offline from its own cache: that answer is a last copy too, never current figures.
import { ApiError, workerCopyAt } from '../api/http';
import { readCopy, saveCopy } from '../storage/lastCopies';

export interface Copy<T> {
  data: T;
  /** When the copy was saved (ms); null when `data` is fresh from the server. */
  savedAt: number | null;
}

export async function withLastCopy<T>(name: string, user: string, fetch: () => Promise<T>): Promise<Copy<T>> {
  try {
    const data = await fetch();
    const cachedAt = workerCopyAt(data);
    if (cachedAt !== null) {
      const mine = await readCopy<T>(name, user);
      return mine && mine.at > cachedAt ? { data: mine.data, savedAt: mine.at } : { data, savedAt: cachedAt };
    }
    await saveCopy(name, user, data, Date.now());
    return { data, savedAt: null };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 0) throw err;
    const copy = await readCopy<T>(name, user);
    if (!copy) throw err;
    return { data: copy.data, savedAt: copy.at };
  }
}
