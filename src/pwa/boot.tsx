// Everything PWA that starts after the first screen, in its own chunk so the first load stays small:
// the offline queue (replay on start-up), the session mirror for the worker, and the worker itself.

import { replayNow, startPageQueue } from '../offline/pageQueue';
import { loadedAssets, WARM_CACHES, type WarmCaches } from '../offline/queueFormat';
import type { SessionService } from '../session/service';
import { mirrorSessionForWorker } from '../session/workerAuth';
import { registerServiceWorker } from './register';

async function showUpdatePrompt(update: () => void): Promise<void> {
  const [{ createRoot }, { I18nProvider }, { i18n }, { UpdatePrompt }] = await Promise.all([
    import('react-dom/client'),
    import('@lingui/react'),
    import('../i18n/i18n'),
    import('./UpdatePrompt'),
  ]);
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <I18nProvider i18n={i18n}>
      <UpdatePrompt onUpdate={update} />
    </I18nProvider>,
  );
}

export function bootPwa(session: SessionService): void {
  mirrorSessionForWorker(session, () => {
    void replayNow(false);
    // `ready`, not the current registration: a first sign-in while the worker still installs would
    // otherwise find no active worker, and the logos below the fold would never be kept for offline.
    navigator.serviceWorker?.ready.then(
      (reg) => {
        const urls = performance.getEntriesByType('resource').map((e) => e.name);
        const message: WarmCaches = { type: WARM_CACHES, assets: loadedAssets(urls, location.origin) };
        reg.active?.postMessage(message);
      },
      () => undefined,
    );
  });
  startPageQueue(async () => {
    await session.settled();
    return { token: session.token(), user: session.user() };
  });
  if (import.meta.env.PROD) {
    registerServiceWorker({ onUpdateReady: (update) => void showUpdatePrompt(update) }).catch(
      (err: unknown) => console.error('service worker registration failed', err),
    );
  }
}
