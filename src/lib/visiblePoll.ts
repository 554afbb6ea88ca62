// A refresh that runs only while the page is visible: each read costs a subscriber its request headers (the
// access token alone is 1 KB), and a phone with the app in the background would pay for answers no one
// sees. Hidden, the timer is cleared; shown again, it reads at once if its time came meanwhile.

/** Never re-arms sooner than this, whatever `dueAt` says (a read that does not move it would spin). */
const MIN_WAIT_MS = 1000;
/** setTimeout's longest delay: a longer one (or Infinity, "never") would fire at once, so none is armed. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export interface VisiblePoll {
  /** `dueAt()` moved (an answer changed the wait): arm the timer for it. */
  rearm(): void;
  stop(): void;
}

/**
 * Calls `read` now if `dueAt()` has passed, then each time it comes, while the page is visible. `read`
 * records when it ran, so that `dueAt()` moves on.
 */
export function pollWhileVisible(read: () => void, dueAt: () => number): VisiblePoll {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A timer armed for the due time reads when it fires, whatever the clock says (a clock set back meanwhile
  // must not skip a refresh); the clock decides only on showing the page again and on re-arming.
  const tick = (fired = false) => {
    clearTimeout(timer);
    timer = undefined;
    if (document.visibilityState === 'hidden') return;
    if (fired || dueAt() <= Date.now()) read();
    const wait = dueAt() - Date.now();
    if (wait < MAX_WAIT_MS) timer = setTimeout(() => tick(true), Math.max(MIN_WAIT_MS, wait));
  };
  const check = () => tick();
  check();
  document.addEventListener('visibilitychange', check);
  return {
    rearm: check,
    stop: () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    },
  };
}
