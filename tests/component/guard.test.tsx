import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

afterEach(() => vi.restoreAllMocks());

describe('route guard', () => {
  it.each(['/wallet', '/account', '/results', '/contact', '/play'])(
    'sends a visitor from %s to /login, remembering where they were going',
    async (target) => {
      const { path, app } = await renderApp(target);
      await waitFor(() => expect(path()).toBe('/login'));
      expect(app.router.state.location.search).toEqual({ redirect: target });
    },
  );

  it.each(['/', '/no-such-page', '/deep/unknown/path'])(
    'sends a visitor from %s to /play and so to /login',
    async (p) => {
      const { path, app } = await renderApp(p);
      await waitFor(() => expect(path()).toBe('/login'));
      expect(app.router.state.location.search).toEqual({ redirect: '/play' });
    },
  );

  it('treats a session with an expired refresh token, or a signed-out one, as a visitor', async () => {
    let refreshes = 0;
    server.use(
      http.post(TOKEN_URL, () => {
        refreshes++;
        return HttpResponse.json(tokenAnswer());
      }),
    );
    storeSession({ expInSec: -10, refreshExpInSec: -5 });
    const first = await renderApp('/wallet');
    await waitFor(() => expect(first.path()).toBe('/login'));
    expect(localStorage.getItem('token')).toBe('null');
    first.unmount();
    storeSession();
    localStorage.setItem('role', 'null');
    const second = await renderApp('/wallet');
    await waitFor(() => expect(second.path()).toBe('/login'));
    expect(refreshes).toBe(0);
  });

  it('admits a session whose access token expired: refreshed first, then the page loads', async () => {
    const rotated = tokenAnswer();
    server.use(http.post(TOKEN_URL, () => HttpResponse.json(rotated)));
    storeSession({ expInSec: -600, refreshExpInSec: 3600 });
    const { path } = await renderApp('/wallet');
    expect(await screen.findByTestId('sign-out')).toBeInTheDocument();
    expect(path()).toBe('/wallet');
    expect(localStorage.getItem('token')).toBe(rotated.access_token);
  });

  it('sends to /login when that refresh is refused, and comes back after signing in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Session not active' },
          { status: 400 },
        ),
      ),
    );
    storeSession({ expInSec: -600 });
    const { path, app } = await renderApp('/wallet');
    await waitFor(() => expect(path()).toBe('/login'));
    expect(app.router.state.location.search).toEqual({ redirect: '/wallet' });
    expect(localStorage.getItem('token')).toBe('null');
  });

  it('stays signed in when that refresh gets no answer (offline), on the old token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(TOKEN_URL, () => HttpResponse.error()));
    storeSession({ expInSec: -600 });
    const stored = localStorage.getItem('token');
    const { path } = await renderApp('/wallet');
    expect(await screen.findByTestId('sign-out')).toBeInTheDocument();
    expect(path()).toBe('/wallet');
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('00:00');
    expect(localStorage.getItem('token')).toBe(stored);
  });

  it('lets a visitor read the terms, without the header', async () => {
    localStorage.setItem('lang', 'en');
    await renderApp('/tnc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
    expect(screen.queryByTestId('session-countdown')).not.toBeInTheDocument();
  });

  it('admits a signed-in user, who sees the header on every page, and keeps them off /login', async () => {
    storeSession();
    const { path } = await renderApp('/wallet');
    expect(await screen.findByTestId('sign-out')).toBeInTheDocument();
    expect(path()).toBe('/wallet');
    const again = await renderApp('/login');
    await waitFor(() => expect(again.path()).toBe('/play'));
  });
});
