// Entry: start the session and router at once, render when the language's catalog has arrived.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app';
import { initI18n } from './i18n/i18n';
import { afterFirstPaint } from './lib/afterPaint';
import { platform } from './platform';
import './styles/base.css';
import './styles/shell.css';
import './styles/forms.css';

const catalog = initI18n();
const app = createApp();
const root = document.getElementById('root')!;
// Match the URL and fetch its screen's chunk (and /play's betslip) while the catalog downloads, rather
// than one after the other: on a 150 ms-RTT network that is a round trip or two before first paint.
app.router.load().catch((err: unknown) => console.error('first route failed to load', err));

// Inside the Capacitor shell only: device preferences, native push, app resume (src/platform/nativeApp.ts).
if (platform === 'native') {
  import('./platform/nativeApp')
    .then(({ startNativeApp }) =>
      startNativeApp({
        session: app.session,
        navigate: (path) => void app.router.navigate({ href: path }),
        currentPath: () => app.router.state.location.pathname,
      }),
    )
    .catch((error: unknown) => console.error('native app start failed', error));
}

catalog
  .catch((err: unknown) => console.error('language catalog failed to load', err))
  .finally(() => {
    // A transition: React renders the first screen in slices that let the browser breathe (input, paint)
    // rather than in one long task; what it shows is the same.
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App app={app} />
        </StrictMode>,
      ),
    );
    // Service worker, offline queue and update prompt: a lazy chunk, once the first screen has painted.
    afterFirstPaint()
      .then(() => import('./pwa/boot'))
      .then((m) => m.bootPwa(app.session))
      .catch((err: unknown) => console.error('offline support failed to start', err));
  });
