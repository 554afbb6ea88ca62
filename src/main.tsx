// Entry: start the session and router at once, render when the language's catalog has arrived.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app';
import { initI18n } from './i18n/i18n';
import './styles/base.css';
import './styles/shell.css';
import './styles/forms.css';

const catalog = initI18n();
const app = createApp();
const root = document.getElementById('root')!;

catalog
  .catch((err: unknown) => console.error('language catalog failed to load', err))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App app={app} />
      </StrictMode>,
    );
    // Service worker, offline queue and update prompt: a lazy chunk, after the first screen.
    import('./pwa/boot')
      .then((m) => m.bootPwa(app.session))
      .catch((err: unknown) => console.error('offline support failed to start', err));
  });
