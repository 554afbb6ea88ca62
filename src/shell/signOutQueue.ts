// What Sign out needs of the offline queue: how many of this subscriber's slips are still unsent (they
// would be deleted with the rest of their data), and sending them now. The queue's code loads on use.

/** This subscriber's slips still queued; 0 when the queue cannot be read (there is nothing to lose). */
export async function unsentSlips(user: string | null): Promise<number> {
  try {
    const { queueState } = await import('../offline/pageQueue');
    return (await queueState(user)).queued.length;
  } catch {
    return 0;
  }
}

/** Sends them now (one replay pass); what is still unsent after, or 'offline' with no network to try. */
export async function sendUnsentSlips(user: string | null): Promise<number | 'offline'> {
  if (navigator.onLine === false) return 'offline';
  const { replayNow } = await import('../offline/pageQueue');
  // null: the browser went offline meanwhile, nothing was tried.
  if ((await replayNow(true)) === null) return 'offline';
  return unsentSlips(user);
}
