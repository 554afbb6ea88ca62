// Renders the whole app (router, session, i18n) on a memory history, as main.tsx does in the browser.
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { App, type AppInstance, createApp } from '../../src/app';
import { initI18n } from '../../src/i18n/i18n';

export const TOKEN_URL = '/auth/realms/commxp/protocol/openid-connect/token';
export const API = '/api';

const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT with the claims the client reads (the client only decodes, never verifies). */
export function makeToken(
  opts: { user?: string; roles?: string[]; expInSec?: number; iatAgoSec?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    exp: now + (opts.expInSec ?? 1800),
    iat: now - (opts.iatAgoSec ?? 0),
    preferred_username: opts.user ?? '26650000001',
    realm_access: { roles: opts.roles ?? ['commxp-user'] },
  };
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}.signature`;
}

/** A token answer as the identity provider gives it. */
export const tokenAnswer = (access = makeToken()) => ({
  access_token: access,
  refresh_token: `refresh-${Math.random().toString(36).slice(2)}`,
  expires_in: 1800,
  refresh_expires_in: 2592000,
  token_type: 'Bearer',
  scope: 'profile email',
  session_state: 'x',
});

/** A refresh token as the identity provider issues it: a JWT whose `exp` the client reads. */
export function makeRefreshToken(expInSec = 30 * 24 * 3600) {
  const payload = { exp: Math.floor(Date.now() / 1000) + expInSec, typ: 'Refresh' };
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}.signature`;
}

/**
 * Stores a signed-in session as a previous visit would have left it. The refresh token is opaque
 * ('refresh-stored', expiry unknown) unless `refreshExpInSec` makes it a JWT with that expiry.
 */
export function storeSession(opts: Parameters<typeof makeToken>[0] & { refreshExpInSec?: number } = {}) {
  localStorage.setItem('user', opts.user ?? '26650000001');
  localStorage.setItem('role', JSON.stringify(opts.roles ?? ['commxp-user']));
  localStorage.setItem('token', makeToken(opts));
  localStorage.setItem(
    'refresh_token',
    opts.refreshExpInSec === undefined ? 'refresh-stored' : makeRefreshToken(opts.refreshExpInSec),
  );
}

const running: AppInstance[] = [];
// Runs before setup.ts's cleanup (after-hooks run in reverse): a route load still in flight (a lazy
// screen after Sign out, say) would otherwise set state once jsdom is gone, an unhandled rejection that
// fails the whole run with every test green. Give it up to 3 s to settle, then stop the session.
afterEach(async () => {
  for (const app of running.splice(0)) {
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && (app.router.state.status !== 'idle' || app.router.state.isLoading)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    app.session.actor.stop();
  }
});

/** Loads the saved (or default) language, then renders the app at `path`. */
export async function renderApp(path: string) {
  await initI18n();
  const history = createMemoryHistory({ initialEntries: [path] });
  const app = createApp(history);
  running.push(app);
  const user = userEvent.setup();
  const view = render(<App app={app} />);
  return { ...view, app, history, user, path: () => app.router.state.location.pathname };
}
