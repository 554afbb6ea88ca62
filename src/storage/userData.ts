// Every user-scoped key on the device, in one list, so that sign-out leaves none of them behind for the
// next person on a shared phone. A module of src/storage that stores something of one subscriber adds
// its entry here; device-wide keys (language, receipt keys, version dismissal) are not listed.
import { withQueueLock } from '../offline/replay';
import { wipeLastCopies } from './lastCopies';
import { idbQueueStore } from './offlineQueue';
import { wipePicks } from './picks';
import { forgetUser } from './session';

export interface UserScopedStore {
  /** Where it lives and under which keys (for readers and the sign-out test). */
  where: string;
  wipe(): void | Promise<void>;
}

/**
 * Under the queue lock, so a replay pass of the page or the worker under way ends first (its outcomes
 * go too) and none after it finds anything to send; the worker's 'auth' is emptied at the same time.
 */
const wipeQueue = () => withQueueLock(() => idbQueueStore.clear());

/**
 * Wiped by wipeUserData at sign-out. Also user-scoped, and cleared by their own modules there:
 * the session's tokens and role (src/storage/session.ts clearSession), the worker's 'auth' copy and its cache of API
 * reads (src/session/workerAuth.ts). The offline queue goes too: a queued slip holds the subscriber's
 * number and picks, and would otherwise wait on a shared phone for the next person. Sign out says so
 * first and offers to send it (src/shell/SignOutButton.tsx).
 */
export const USER_SCOPED: readonly UserScopedStore[] = [
  { where: "localStorage 'picks:<sid>'", wipe: wipePicks },
  { where: "localStorage 'user' (kept by clearSession after an expiry)", wipe: forgetUser },
  { where: "IndexedDB keyval-store 'last-copy:<name>:<user>'", wipe: wipeLastCopies },
  { where: "IndexedDB jackpot14-offline 'queue' and 'outcomes'", wipe: wipeQueue },
];

/** Sign-out: removes every registered store; a store that cannot be reached holds nothing to remove. */
export async function wipeUserData(): Promise<void> {
  await Promise.all(USER_SCOPED.map(async (s) => s.wipe()).map((p) => p.catch(() => undefined)));
}
