// Where the offline queue lives: IndexedDB database 'jackpot14-offline', store 'keyval' (idb-keyval),
// read by the page and the service worker (sw/sw.ts imports this module: names and formats never change).
// Every change is one read-modify-write transaction, so the page and the worker never overwrite each
// other's writes. Keys: 'queue' and 'outcomes' (user-scoped: each entry names its subscriber and only
// theirs are replayed or shown; both emptied at sign-out, src/storage/userData.ts), 'auth' (the session's
// token and user for the worker, emptied at sign-out by src/session/workerAuth.ts), 'texts' (the
// notification texts in the subscriber's language; device-wide).
import { createStore, delMany, get, set, type UseStore, update } from 'idb-keyval';
import type { NotificationTexts, QueuedSubmission, QueueOutcome } from '../offline/queueFormat';

/** The signed-in subscriber as the worker sees it (mirrored by the page on every session change). */
export interface StoredAuth {
  token: string | null;
  user: string | null;
}

export interface QueueStore {
  list(): Promise<QueuedSubmission[]>;
  /** Adds an entry unless one with the same key is queued already. */
  add(e: QueuedSubmission): Promise<void>;
  /** Replaces the entry with the same key (if still queued). */
  put(e: QueuedSubmission): Promise<void>;
  remove(key: string): Promise<void>;
  outcomes(): Promise<QueueOutcome[]>;
  /** Records an outcome (once per key). */
  addOutcome(o: QueueOutcome): Promise<void>;
  dismissOutcome(key: string): Promise<void>;
  /** Empties the queue and the outcomes, every subscriber's (sign-out on a shared phone). */
  clear(): Promise<void>;
  auth(): Promise<StoredAuth>;
  setAuth(a: StoredAuth): Promise<void>;
  texts(): Promise<NotificationTexts | undefined>;
  setTexts(t: NotificationTexts): Promise<void>;
}

const K = { queue: 'queue', outcomes: 'outcomes', auth: 'auth', texts: 'texts' } as const;

let db: UseStore | undefined;
/** Opened on first use: importing this module touches no storage. */
const idb = () => {
  db ??= createStore('jackpot14-offline', 'keyval');
  return db;
};

// Async functions throughout: where IndexedDB is missing or blocked, every call rejects (never throws).
export const idbQueueStore: QueueStore = {
  list: async () => (await get<QueuedSubmission[]>(K.queue, idb())) ?? [],
  add: async (e) =>
    update<QueuedSubmission[]>(K.queue, (q = []) => (q.some((x) => x.key === e.key) ? q : [...q, e]), idb()),
  put: async (e) =>
    update<QueuedSubmission[]>(K.queue, (q = []) => q.map((x) => (x.key === e.key ? e : x)), idb()),
  remove: async (key) =>
    update<QueuedSubmission[]>(K.queue, (q = []) => q.filter((x) => x.key !== key), idb()),
  outcomes: async () => (await get<QueueOutcome[]>(K.outcomes, idb())) ?? [],
  addOutcome: async (o) =>
    update<QueueOutcome[]>(K.outcomes, (l = []) => (l.some((x) => x.key === o.key) ? l : [...l, o]), idb()),
  dismissOutcome: async (key) =>
    update<QueueOutcome[]>(K.outcomes, (l = []) => l.filter((x) => x.key !== key), idb()),
  clear: async () => delMany([K.queue, K.outcomes], idb()),
  auth: async () => (await get<StoredAuth>(K.auth, idb())) ?? { token: null, user: null },
  setAuth: async (a) => set(K.auth, a, idb()),
  texts: async () => get<NotificationTexts>(K.texts, idb()),
  setTexts: async (t) => set(K.texts, t, idb()),
};

/** A store in memory, with the same semantics (unit tests). */
export function memoryQueueStore(): QueueStore {
  let queue: QueuedSubmission[] = [];
  let outcomes: QueueOutcome[] = [];
  let auth: StoredAuth = { token: null, user: null };
  let texts: NotificationTexts | undefined;
  return {
    list: async () => [...queue],
    add: async (e) => {
      if (!queue.some((x) => x.key === e.key)) queue = [...queue, e];
    },
    put: async (e) => {
      queue = queue.map((x) => (x.key === e.key ? e : x));
    },
    remove: async (key) => {
      queue = queue.filter((x) => x.key !== key);
    },
    outcomes: async () => [...outcomes],
    addOutcome: async (o) => {
      if (!outcomes.some((x) => x.key === o.key)) outcomes = [...outcomes, o];
    },
    dismissOutcome: async (key) => {
      outcomes = outcomes.filter((x) => x.key !== key);
    },
    clear: async () => {
      queue = [];
      outcomes = [];
    },
    auth: async () => auth,
    setAuth: async (a) => {
      auth = a;
    },
    texts: async () => texts,
    setTexts: async (t) => {
      texts = t;
    },
  };
}
