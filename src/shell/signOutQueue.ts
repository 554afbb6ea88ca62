// What Sign out needs of the offline queue: how many of this subscriber's slips are still unsent (they
// would be deleted with the rest of their data). The queue's code loads on use; sending them first is the
// dialog's (SignOutDialog.tsx), loaded only when there are some.

/** This subscriber's slips still queued; 0 when the queue cannot be read (there is nothing to lose). */
export async function unsentSlips(user: string | null): Promise<number> {
  try {
    const { queueState } = await import('../offline/pageQueue');
    return (await queueState(user)).queued.length;
  } catch {
    return 0;
  }
}
