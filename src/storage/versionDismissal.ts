// The critical-version alert's dismissal: localStorage 'criticalVersionDismissed', the version dismissed,
// so the alert opens once per version. Device-wide (not user-scoped): it survives sign-out.

export const DISMISSED_KEY = 'criticalVersionDismissed';

/** The version whose critical alert was dismissed, if any. */
export function dismissedVersion(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

export function rememberDismissed(version: string): void {
  try {
    localStorage.setItem(DISMISSED_KEY, version);
  } catch {
    // Storage unavailable: the alert may show again on the next start, which is acceptable.
  }
}
