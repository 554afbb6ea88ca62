import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession } from './helpers';

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

  it('treats an expired or signed-out session as a visitor', async () => {
    storeSession({ expInSec: -10 });
    const first = await renderApp('/wallet');
    await waitFor(() => expect(first.path()).toBe('/login'));
    first.unmount();
    storeSession();
    localStorage.setItem('role', 'null');
    const second = await renderApp('/wallet');
    await waitFor(() => expect(second.path()).toBe('/login'));
  });

  it('lets a visitor read the terms, without the header', async () => {
    localStorage.setItem('lang', 'en');
    await renderApp('/tnc');
    expect(await screen.findByText('TNC PENDING')).toBeInTheDocument();
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
