// Replays the offline queue once, in the page or in the service worker. Single-flight across both:
// the whole pass runs under one Web Lock, so the page and the worker never send the same entry at the
// same time (and a second pass, waiting for the lock, re-reads the queue and finds it done). Where Web
// Locks are missing a concurrent double send is still harmless: the server answers a key once.

import type { QueueStore, StoredAuth } from '../storage/offlineQueue';
import {
  afterKeep,
  decide,
  isDue,
  outcomeOf,
  QUEUE_LOCK,
  type QueuedSubmission,
  type QueueOutcome,
  type ReplayAnswer,
} from './queueFormat';

export interface ReplayDeps {
  store: QueueStore;
  /** Sends one entry with a token (src/api/replaySubmission.ts). */
  send: (e: QueuedSubmission, token: string) => Promise<ReplayAnswer>;
  /** The current session: the page's own, or the mirror the page keeps for the worker. */
  auth: () => Promise<StoredAuth>;
  now?: () => number;
  random?: () => number;
  /** Runs `fn` holding the queue lock; defaults to navigator.locks when there is one. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export interface ReplayReport {
  /** Definite answers of this pass (accepted or refused), already recorded in the store. */
  outcomes: QueueOutcome[];
  /** Entries sent and kept (no answer, 5xx, 401…). */
  kept: number;
}

/** Holds the shared queue lock while `fn` runs, where Web Locks exist. */
export function withQueueLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks?.request ? locks.request(QUEUE_LOCK, fn).then((r) => r as T) : fn();
}

/**
 * One pass over the queue: every due entry of the signed-in subscriber is sent once. `force` ignores
 * the back-off pauses (the network just came back, the app started, Background Sync fired).
 */
export function replayQueue(deps: ReplayDeps, force = false): Promise<ReplayReport> {
  const lock = deps.lock ?? withQueueLock;
  return lock(() => replayInsideLock(deps, force));
}

async function replayInsideLock(deps: ReplayDeps, force: boolean): Promise<ReplayReport> {
  const now = deps.now ?? Date.now;
  const report: ReplayReport = { outcomes: [], kept: 0 };
  const { token, user } = await deps.auth();
  if (!token || token === 'null') return report;
  for (const entry of await deps.store.list()) {
    // Another subscriber's slip waits until they sign in again: their token pays for their slip.
    if (entry.user !== null && entry.user !== user) continue;
    if (!isDue(entry, now(), token, force)) continue;
    const decision = decide(await deps.send(entry, token));
    const outcome = outcomeOf(entry, decision, now());
    if (outcome) {
      // Outcome first: a crash between the two writes re-sends the key, and the server replays its answer.
      await deps.store.addOutcome(outcome);
      await deps.store.remove(entry.key);
      report.outcomes.push(outcome);
    } else {
      await deps.store.put(afterKeep(entry, decision, now(), token, deps.random));
      report.kept++;
    }
  }
  return report;
}
