// The newest-version rules: the critical version alert shows when the server announces a
// critical version newer than the running one, and stays away once dismissed for that version. Pure.

import type { ClientType, NewestVersion } from '../wire/push';

export type { ClientType, NewestVersion } from '../wire/push';

/** Compares dotted versions numerically ('1.10.0' > '1.9.2'); a missing or non-numeric part counts as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = Number.parseInt(pa[i] ?? '0', 10) || 0;
    const y = Number.parseInt(pb[i] ?? '0', 10) || 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Whether to open the critical version alert: critical, newer than ours, and not dismissed for it. */
export function shouldShowCriticalAlert(
  info: NewestVersion | null,
  appVersion: string,
  dismissedVersion: string | null,
): boolean {
  if (!info?.isCritical) return false;
  if (compareVersions(info.version, appVersion) <= 0) return false;
  return dismissedVersion !== info.version;
}

/** The app-download toast: Android in a browser (not already the app) and an app URL to offer. */
export const shouldOfferApp = (client: ClientType | null, platform: 'web' | 'native'): boolean =>
  platform === 'web' && client?.android === true && Boolean(client.mobileAppUrl);
