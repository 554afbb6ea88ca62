// A screen's first read, started by its route's loader while the screen's code downloads (/play set the
// pattern) and handed over unawaited: the screen shows its own loading, offline and error states as
// before, rather than a loader error page, and later reads (retry, reload) ask again.

/** For a loader: the request, with its failure left to the screen that takes it (no unhandled rejection). */
export function handOver<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** For a screen: the loader's request on the first call, a new one from `again` on every later call. */
export function firstThen<T>(loaded: Promise<T> | undefined, again: () => Promise<T>): () => Promise<T> {
  let first = loaded;
  return () => {
    const answer = first ?? again();
    first = undefined;
    return answer;
  };
}
