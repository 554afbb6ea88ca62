// Builds one running app: the session (machine + side effects), the router whose context carries the
// session, i18n and API client, and the providers around them. main.tsx and the component tests share it.
import { I18nProvider } from '@lingui/react';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from './api';
import { setTokenSource } from './api/http';
import { i18n } from './i18n/i18n';
import { type AppRouter, createAppRouter } from './router';
import { SessionContext } from './session/hooks';
import { createSessionService, type SessionService } from './session/service';
import { refreshOnUserActions } from './session/userActions';

export interface AppInstance {
  router: AppRouter;
  session: SessionService;
}

/** `history` defaults to the browser's; tests pass a memory history. */
export function createApp(history?: RouterHistory): AppInstance {
  let router: AppRouter | undefined;
  // Navigation runs after the machine's transition has settled, so guards already see the new state.
  const later = (go: (r: AppRouter) => unknown) =>
    queueMicrotask(() => {
      if (router) void go(router);
    });
  const session = createSessionService({
    toLogin: (redirect) => later((r) => r.navigate({ to: '/login', search: redirect ? { redirect } : {} })),
    to: (href) => later((r) => r.navigate({ href })),
    currentHref: () => router?.state.location.href ?? '/',
  });
  // Bearer calls take their token from this session, never from storage directly.
  setTokenSource(session);
  router = createAppRouter({ session, i18n, api }, history);
  return { router, session };
}

export function App({ app }: { app: AppInstance }) {
  // The one place where clicks become user actions (token refresh when due).
  useEffect(() => refreshOnUserActions(app.session), [app.session]);
  return (
    <I18nProvider i18n={i18n}>
      <SessionContext.Provider value={app.session}>
        <RouterProvider router={app.router} />
      </SessionContext.Provider>
    </I18nProvider>
  );
}
