// The page's side of the offline queue (lazy chunk): queueing a slip that could not be sent, replaying
// on start-up, on 'online', when the page becomes visible and when a back-off pause ends, asking the
// service worker for Background Sync, and telling the Play screen when something changed.
import { ACCOUNT_CHANGED_EVENT } from '../api/play';
import { sendQueuedSubmission } from '../api/replaySubmission';
import { idbQueueStore, type StoredAuth } from '../storage/offlineQueue';
import { readSession } from '../storage/session';
import {
  nextDueAt,
  ownedBy,
  QUEUE_CHANGED,
  type QueuedSubmission,
  type QueueOutcome,
  type SubmissionPayload,
  SYNC_TAG,
} from './queueFormat';
import { type ReplayReport, replayQueue } from './replay';

const changes = new EventTarget();

/** Calls `listener` whenever the queue or its outcomes may have changed; returns the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}
const emit = () => changes.dispatchEvent(new Event('change'));

/** The queue and unseen outcomes of one subscriber. */
export async function queueState(
  user: string | null,
): Promise<{ queued: QueuedSubmission[]; outcomes: QueueOutcome[] }> {
  const [queued, outcomes] = await Promise.all([idbQueueStore.list(), idbQueueStore.outcomes()]);
  return { queued: ownedBy(queued, user), outcomes: ownedBy(outcomes, user) };
}

export async function dismissOutcome(key: string): Promise<void> {
  await idbQueueStore.dismissOutcome(key);
  emit();
}

/** Keeps a slip that got no answer (or was made offline) to send later with the same key and body. */
export async function enqueueSubmission(
  payload: SubmissionPayload,
  key: string,
  endsAt: number,
): Promise<void> {
  const now = Date.now();
  await idbQueueStore.add({
    key,
    user: readSession().user,
    payload,
    endsAt,
    queuedAt: now,
    // The first retry waits a little: the network has just failed.
    attempts: 0,
    nextTryAt: now + 5_000,
    refusedToken: null,
  });
  emit();
  await requestBackgroundSync();
  void schedule();
}

/** Chromium replays from the service worker when the network is back, even with the app closed. */
async function requestBackgroundSync(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (
      reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // no Background Sync here: the page's own triggers replay
  }
}

/** The session replays send with; `startPageQueue` hands over the session service's. */
let auth = async (): Promise<StoredAuth> => {
  const s = readSession();
  return { token: s.token, user: s.user };
};

let running: Promise<ReplayReport> | null = null;
/** Asked for while a pass ran: one more pass follows it (its session may be older than the request). */
let again: { force: boolean } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * One replay pass at a time in this page (and one across page and worker, by the queue lock). A call
 * during a pass gets that pass and one more after it, so a token refreshed meanwhile is used.
 */
export function replayNow(force: boolean): Promise<ReplayReport | null> {
  if (navigator.onLine === false) return Promise.resolve(null);
  if (running) {
    again = { force: force || (again?.force ?? false) };
    return running;
  }
  running = replayQueue(
    { store: idbQueueStore, auth, send: (e, token) => sendQueuedSubmission(e, token) },
    force,
  )
    .then((report) => {
      if (report.outcomes.length || report.kept) emit();
      if (report.outcomes.some((o) => o.kind === 'accepted'))
        window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT));
      return report;
    })
    .finally(() => {
      running = null;
      const next = again;
      again = null;
      if (next) void replayNow(next.force);
      else void schedule();
    });
  return running;
}

/** Wakes up when the earliest back-off pause ends, while the page is open. */
async function schedule(): Promise<void> {
  clearTimeout(timer);
  const at = nextDueAt(await idbQueueStore.list());
  if (at !== null) timer = setTimeout(() => void replayNow(false), Math.max(1000, at - Date.now()));
}

let started = false;

/**
 * Start-up: replay what an earlier visit left, and listen for the moments worth another try. `session`
 * gives the token to replay with; it is waited for while an expired one is being refreshed (queued slips
 * wait for the refresh rather than spend a try on a token the server refuses).
 */
export function startPageQueue(session?: () => Promise<StoredAuth>): void {
  if (started) return;
  started = true;
  if (session) auth = session;
  window.addEventListener('online', () => void replayNow(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void replayNow(true);
  });
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === QUEUE_CHANGED) {
      emit();
      window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT));
    }
  });
  void replayNow(true);
}
