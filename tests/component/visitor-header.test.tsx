// Public pages have a way out (issue 27, point 11): a visitor who is not signed in sees the brand, the
// language switch and the ways in on /how-to-play, /rounds, /verify and /tnc; a signed-in subscriber
// sees the usual header instead.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession } from './helpers';

describe('the visitor header', () => {
  it.each(['/how-to-play', '/rounds', '/verify', '/tnc'])(
    'is on %s, with sign-in, register and language',
    async (path) => {
      localStorage.setItem('lang', 'en');
      const { user, path: at } = await renderApp(path);
      const header = await screen.findByTestId('visitor-header');
      expect(within(header).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
      expect(within(header).getByTestId('lang-st')).toBeInTheDocument();
      await user.click(within(header).getByRole('link', { name: 'Sign in' }));
      await waitFor(() => expect(document.getElementById('login-username')).not.toBeNull());
      expect(at()).toBe('/login');
    },
  );

  it('is not shown to a signed-in subscriber', async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    await renderApp('/how-to-play');
    expect(await screen.findByTestId('sign-out')).toBeInTheDocument();
    expect(screen.queryByTestId('visitor-header')).toBeNull();
  });
});
