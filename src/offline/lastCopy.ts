// The last answer of a list the subscriber reads (results), kept on the device so that without a network
// the screen shows it, saying from when, rather than an error. Only a network failure falls back; a refusal
// from the server (signed out, forbidden) is passed on as it is.
import { ApiError } from '../api/http';
import { readCopy, saveCopy } from '../storage/lastCopies';

export interface Copy<T> {
  data: T;
  /** When the copy was saved (ms); null when `data` is fresh from the server. */
  savedAt: number | null;
}

export async function withLastCopy<T>(name: string, user: string, fetch: () => Promise<T>): Promise<Copy<T>> {
  try {
    const data = await fetch();
    await saveCopy(name, user, data, Date.now());
    return { data, savedAt: null };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 0) throw err;
    const copy = await readCopy<T>(name, user);
    if (!copy) throw err;
    return { data: copy.data, savedAt: copy.at };
  }
}
