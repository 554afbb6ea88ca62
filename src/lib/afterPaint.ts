// What a screen does not need to be used (the offline queue, notices, the footer, decoration below the
// fold) waits for the frame that shows the screen to be painted and for the browser's next idle moment, so
// it never lengthens the tasks that draw the page on a slow phone (/play's Total Blocking Time,
// docs/PERFORMANCE.md). It then mounts in tasks of its own.
import { useEffect, useState } from 'react';

/** At the latest this long after the paint, even on a phone that is never idle. */
export const IDLE_MAX_WAIT_MS = 1500;

/**
 * Calls `run` after the next frame has been painted and the main thread has had an idle moment, unless the
 * returned cancel was called first (a screen that unmounted meanwhile: nothing of it must run later).
 */
export function afterNextPaint(run: () => void): () => void {
  let live = true;
  const go = () => {
    if (live) run();
  };
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(go, { timeout: IDLE_MAX_WAIT_MS })
      : setTimeout(go, 0);
  // A timeout queued from a frame callback runs once that frame has been painted.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(idle, 0));
  else idle();
  return () => {
    live = false;
  };
}

/** The promise form, for code outside React (main.tsx). */
export const afterFirstPaint = (): Promise<void> => new Promise((resolve) => afterNextPaint(resolve));

/**
 * False until `when` has held through a painted frame and an idle moment; true from then on (it never goes
 * back to false). Unmounted before then, it sets nothing.
 */
export function useAfterPaint(when = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!ready && when) return afterNextPaint(() => setReady(true));
  }, [ready, when]);
  return ready;
}
