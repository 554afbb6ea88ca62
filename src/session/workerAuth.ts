// The service worker cannot read the page's web storage, so the page mirrors the session's access token
// and user into IndexedDB whenever they change (sign-in, refresh in any tab, sign-out). The worker
// replays queued slips with it; on 401 it waits until a page has refreshed it. Signing out also drops
// the worker's cached reads, which hold the subscriber's wallet.
import { OFFLINE_READS_CACHE } from '../api/paths';
import { idbQueueStore } from '../storage/offlineQueue';
import type { SessionService } from './service';

export function mirrorSessionForWorker(session: SessionService, onTokenChange: () => void): () => void {
  let last: string | undefined;
  const sync = () => {
    const token = session.token();
    const user = token ? session.user() : null;
    const id = `${user}|${token}`;
    if (id === last) return;
    const wasSignedIn = last !== undefined && !last.endsWith('|null');
    last = id;
    void idbQueueStore.setAuth({ token, user }).then(() => {
      if (token) onTokenChange();
    });
    if (!token && wasSignedIn && typeof caches !== 'undefined') void caches.delete(OFFLINE_READS_CACHE);
  };
  sync();
  const sub = session.actor.subscribe(sync);
  return () => sub.unsubscribe();
}
