// The one place that knows whether the app runs in a browser or inside the Capacitor shell (DESIGN.md).
import type { Platform } from '../../machines/session/rules';

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

/** 'native' inside the Capacitor wrapper, otherwise 'web'. Read once: it cannot change while running. */
export const platform: Platform =
  typeof window !== 'undefined' &&
  (window as unknown as { Capacitor?: CapacitorGlobal }).Capacitor?.isNativePlatform?.() === true
    ? 'native'
    : 'web';
