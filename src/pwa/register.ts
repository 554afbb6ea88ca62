// Service-worker registration: in production builds, when the app is stable or after
// 30000 ms at the latest. "Stable" here: the page has loaded and the browser has an idle moment, so the
// worker's precache download never competes with the first screen on a 2G link. A new version waits
// until the subscriber taps "update" (UpdatePrompt); then every open tab reloads into it.
import { Workbox } from 'workbox-window';

/** Register after 30000 ms if not yet stable. */
export const REGISTER_MAX_DELAY_MS = 30_000;
/** How often an open app asks whether a new version was deployed. */
export const UPDATE_CHECK_MS = 60 * 60_000;

/** Resolves when the page has loaded and the browser is idle, or after `maxDelayMs`, whichever is first. */
export function whenStable(maxDelayMs: number = REGISTER_MAX_DELAY_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxDelayMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(done, { timeout: maxDelayMs })
        : setTimeout(done, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

export interface RegisterOptions {
  /** Resolves when it is time to register (tests pass an immediate one). */
  stable?: Promise<void>;
  /** A new version is installed and waiting; call `update()` to switch to it. */
  onUpdateReady: (update: () => void) => void;
}

/** Registers /sw.js when supported; returns the Workbox instance, or null when there is no worker. */
export async function registerServiceWorker(opts: RegisterOptions): Promise<Workbox | null> {
  if (!('serviceWorker' in navigator)) return null;
  await (opts.stable ?? whenStable());
  const wb = new Workbox('/sw.js', { scope: '/' });
  let tapped = false;
  const update = () => {
    tapped = true;
    wb.messageSkipWaiting();
  };
  wb.addEventListener('waiting', () => opts.onUpdateReady(update));
  // A new version took over (here after the tap, or in another tab): reload so code and cache match.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate || tapped) window.location.reload();
  });
  await wb.register();
  setInterval(() => void wb.update(), UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
  return wb;
}
