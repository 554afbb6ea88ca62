// The service worker cannot read localStorage, so the page mirrors the session's access token and user
// into IndexedDB whenever they change (sign-in, refresh in any tab, sign-out). The worker replays queued
// slips with it; on 401 it waits until a page has refreshed it. Signing out also drops the worker's
// cached reads, which hold the subscriber's wallet.
import { OFFLINE_READS_CACHE } from '../api/paths';
import { idbQueueStore } from '../offline/queueStore';
import type { SessionService } from './service';

const signedIn = (token: string | null | undefined): token is string => !!token && token !== 'null';

export function mirrorSessionForWorker(session: SessionService, onTokenChange: () => void): () => void {
  let last: string | undefined;
  const sync = () => {
    const s = session.actor.getSnapshot().context.session;
    const token = signedIn(s?.token) ? s.token : null;
    const user = token ? (s?.user ?? null) : null;
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
