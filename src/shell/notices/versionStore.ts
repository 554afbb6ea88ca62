// What the server says about the app: the newest-version info, fetched once per start and
// again when the native app resumes, held in a tiny external store the critical version alert reads; and
// the client type, once per start. A dismissal is remembered per version (src/storage/versionDismissal.ts),
// so the alert opens once until dismissed.
import type { ClientType, NewestVersion } from '../../../machines/rules/version';
import { checkClientType, checkVersion } from '../../api/appInfo';

let info: NewestVersion | null = null;
let firstCheck: Promise<void> | null = null;
const listeners = new Set<() => void>();

export const subscribeNewestVersion = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
export const newestVersion = (): NewestVersion | null => info;

/** Asks the server again (native app resume). Failures are logged only. */
export async function refreshNewestVersion(): Promise<void> {
  try {
    info = await checkVersion();
    for (const listener of listeners) listener();
  } catch (error) {
    console.error('version check failed', error);
  }
}

/** The once-per-start check: later calls share the first one. */
export function checkNewestVersionOnce(): Promise<void> {
  firstCheck ??= refreshNewestVersion();
  return firstCheck;
}

let clientType: Promise<ClientType | null> | null = null;

/** The client-type check, once per start; null when it failed (logged only). */
export function clientTypeOnce(): Promise<ClientType | null> {
  clientType ??= checkClientType().catch((error: unknown) => {
    console.error('client type check failed', error);
    return null;
  });
  return clientType;
}

/** Tests only: forget what was fetched and the once-per-start checks. */
export function resetAppInfo(): void {
  info = null;
  firstCheck = null;
  clientType = null;
}
