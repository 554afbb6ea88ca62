/**
 * `run` made to take turns: a call while an earlier one is still running starts when that one ends
 * (whether it worked or failed), so two never run at once. The worker's cache warming needs it: on a
 * first visit activation and the page's sign-in message arrive together, and two runs at once would each
 * find the caches empty and fetch every read twice. A run in turn finds what the one before it stored.
 */
export function inTurn(run: () => Promise<void>): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    last = last.catch(() => undefined).then(run);
    return last;
  };
}
