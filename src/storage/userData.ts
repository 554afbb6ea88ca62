// Every user-scoped key on the device, in one list, so that sign-out leaves none of them behind for the
// next person on a shared phone. A module of src/storage that stores something of one subscriber adds
// its entry here; device-wide keys (language, receipt keys, version dismissal) are not listed.
import { wipeLastCopies } from './lastCopies';
import { wipePicks } from './picks';

export interface UserScopedStore {
  /** Where it lives and under which keys (for readers and the sign-out test). */
  where: string;
  wipe(): void | Promise<void>;
}

/**
 * Wiped by wipeUserData at sign-out. Also user-scoped, and cleared by their own modules there:
 * the session keys (src/storage/session.ts clearSession) and the worker's 'auth' copy
 * (src/session/workerAuth.ts). The offline queue's entries name their subscriber and stay, so a slip
 * queued before sign-out is still sent when they sign in again (src/storage/offlineQueue.ts).
 */
export const USER_SCOPED: readonly UserScopedStore[] = [
  { where: "localStorage 'picks:<sid>'", wipe: wipePicks },
  { where: "IndexedDB keyval-store 'last-copy:<name>:<user>'", wipe: wipeLastCopies },
];

/** Sign-out: removes every registered store; a store that cannot be reached holds nothing to remove. */
export async function wipeUserData(): Promise<void> {
  await Promise.all(USER_SCOPED.map(async (s) => s.wipe()));
}
