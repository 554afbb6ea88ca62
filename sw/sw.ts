/// <reference lib="webworker" />
// The service worker (DESIGN.md; README "How the pieces fit"): the precached shell and catalogs, navigation
// falling back to the cached index.html, the last answers of the play reads for offline use, cached images,
// the offline submission queue's Background Sync replay with its outcome notifications, and web push display.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { OFFLINE_READS_CACHE as API_CACHE, OFFLINE_READS } from '../src/api/paths';
import { sendQueuedSubmission } from '../src/api/replaySubmission';
import {
  notificationFor,
  QUEUE_CHANGED,
  type QueueOutcome,
  SYNC_TAG,
  WARM_CACHES,
  type WarmCaches,
} from '../src/offline/queueFormat';
import { replayQueue } from '../src/offline/replay';
import { idbQueueStore } from '../src/storage/offlineQueue';
import { inTurn } from './inTurn';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const IMAGE_CACHE = 'jackpot14-images';
/** The build's files not precached (vite.config.ts: staff screens, English), kept once fetched. */
const ASSET_CACHE = 'jackpot14-assets';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page load with no network gets the cached shell; server paths are never answered with the app.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/auth\//, /^\/dev\//, /^\/healthz/],
  }),
);

const offlineReads = new Set(OFFLINE_READS.map((p) => new URL(p, self.location.origin).href));

/** A copy served from the cache says so: the page must not read the server's clock from its old Date. */
const markCached = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('X-From-Cache', '1');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

// Network first, but a slow 2G answer does not block the screen: after 3 s the last copy is shown.
const apiReads = new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 3, plugins: [markCached] });
registerRoute(
  ({ url, request }) => request.method === 'GET' && offlineReads.has(url.origin + url.pathname),
  apiReads,
);

registerRoute(
  ({ url, request }) =>
    request.destination === 'image' && /^\/(logos|testimonials|banner|payments)\//.test(url.pathname),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Content-hashed, so a kept copy never goes stale; an old version's files age out by count.
const assets = new CacheFirst({
  cacheName: ASSET_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  assets,
);

// The first install takes over the open page at once, so its reads are cached from now on. A later
// version waits for the subscriber's "update" tap (src/pwa/), which sends SKIP_WAITING.
clientsClaim();
/** warmReads one run at a time: activation and the page's message often come together (sw/inTurn.ts). */
const warmInTurn = inTurn(warmReads);
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // The page signed in (or refreshed its token): keep the subscriber's reads ready for offline use.
  if (type === WARM_CACHES)
    event.waitUntil(Promise.all([warmInTurn(), keepAssets(event, (event.data as WarmCaches).assets ?? [])]));
});

/** Image paths a read's answer names (team logos of the betslip, testimonial pictures). */
function imagesIn(data: unknown): string[] {
  const found: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string' && /logo|imgurl/i.test(k) && /^\/(logos|testimonials)\//.test(x))
          found.push(x);
        else visit(x);
      }
    }
  };
  visit(data);
  return [...new Set(found)];
}

/**
 * Fills the caches once at activation with the signed-in subscriber's token, so going offline right
 * after the first visit still shows the last betslip with its logos (that visit ran before the worker).
 * Only what the caches lack is fetched: the page asks again at each sign-in and token refresh, and the
 * reads it makes itself keep their copies fresh (network first), so a held copy or picture costs nothing.
 */
async function warmReads(): Promise<void> {
  const { token } = await idbQueueStore.auth();
  if (!token || token === 'null') return;
  const [reads, images] = await Promise.all([caches.open(API_CACHE), caches.open(IMAGE_CACHE)]);
  const named = await Promise.all(
    [...offlineReads].map(async (url) => {
      try {
        const held = await reads.match(url);
        if (held) return imagesIn(await held.json());
        const res = await fetch(url, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        });
        if (!res.ok) return [];
        await reads.put(url, res.clone());
        return imagesIn(await res.json());
      } catch {
        return []; // offline already, or a copy that is not JSON: nothing to keep
      }
    }),
  );
  await Promise.all(
    [...new Set(named.flat())].map(async (path) => {
      if (await images.match(path)) return;
      await images.add(fromHttpCache(path)).catch(() => undefined);
    }),
  );
}

/**
 * A request answered by the browser's HTTP cache when it holds the file, however old, and by the network
 * otherwise: the page has just shown these pictures, and asking the server again (a 304 for a 300-byte
 * logo) would cost more than the logo.
 */
const fromHttpCache = (path: string) => new Request(path, { cache: 'force-cache' });

/** Keeps the build's files the page loaded that the precache does not hold (WarmCaches). */
async function keepAssets(event: ExtendableEvent, paths: string[]): Promise<void> {
  await Promise.all(
    paths
      .filter((path) => path.startsWith('/assets/') && !getCacheKeyForURL(path))
      // Through the route's strategy: a file already kept is not fetched, and its count limit applies.
      .map((path) => assets.handle({ event, request: fromHttpCache(path) }).catch(() => undefined)),
  );
}
self.addEventListener('activate', (event) => event.waitUntil(warmInTurn()));

// ---- Offline submission queue ----

async function windowClients(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/** Pages refresh their view of the queue; with no page in sight, outcomes become notifications. */
async function announce(outcomes: QueueOutcome[]): Promise<void> {
  const pages = await windowClients();
  for (const page of pages) page.postMessage({ type: QUEUE_CHANGED, outcomes: outcomes.length });
  if (pages.some((p) => p.visibilityState === 'visible')) return;
  const texts = await idbQueueStore.texts();
  for (const o of outcomes) {
    const { title, body } = notificationFor(o, texts);
    await show(title, { body, tag: `submission-${o.key}`, data: { url: '/play' } });
  }
}

async function replay(): Promise<void> {
  const report = await replayQueue(
    {
      store: idbQueueStore,
      auth: () => idbQueueStore.auth(),
      send: (e, token) => sendQueuedSubmission(e, token),
    },
    true,
  );
  if (report.outcomes.length || report.kept) await announce(report.outcomes);
  // This subscriber's slips still queued (no network, 5xx): throwing asks the browser to sync again later.
  const { user } = await idbQueueStore.auth();
  const waiting = (await idbQueueStore.list()).filter(
    (e) => e.refusedToken === null && (e.user === null || e.user === user),
  );
  if (waiting.length) throw new Error('submissions still queued');
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replay());
}) as EventListener);

// ---- Notifications (web push, queue outcomes) ----

async function show(title: string, options: NotificationOptions & { data: { url: string } }): Promise<void> {
  try {
    await self.registration.showNotification(title, {
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...options,
    });
  } catch {
    // notifications not permitted: the outcome still waits in the app
  }
}

/** The push payload the server sends (docs/CONTRACTS.md): { title, body, url, tag }. */
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

const sameOriginPath = (url: unknown): string => {
  try {
    const u = new URL(typeof url === 'string' ? url : '/play', self.location.origin);
    return u.origin === self.location.origin ? u.pathname + u.search + u.hash : '/play';
  } catch {
    return '/play';
  }
};

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() as PushPayload) ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  event.waitUntil(
    show(payload.title || 'Jackpot 14', {
      body: payload.body ?? '',
      tag: payload.tag,
      data: { url: sameOriginPath(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameOriginPath((event.notification.data as { url?: string } | null)?.url);
  event.waitUntil(
    (async () => {
      const target = new URL(path, self.location.origin).href;
      const pages = await windowClients();
      const page = pages.find((p) => p.url === target) ?? pages[0];
      if (page) {
        const focused = await page.focus();
        if (focused.url !== target) await focused.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
