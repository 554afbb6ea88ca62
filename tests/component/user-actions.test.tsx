// Clicks on controls anywhere in the app are user actions: once the token is past half its lifetime (and
// within 5 minutes of expiry) one refreshes it; a click earlier, a click on plain text and Sign out do not.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { refreshOnUserActions } from '../../src/session/userActions';
import { renderApp, storeSession, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

/** Counts refresh grants and answers each with a fresh token. */
function countRefreshes() {
  const count = { n: 0 };
  server.use(
    http.post(TOKEN_URL, () => {
      count.n++;
      return HttpResponse.json(tokenAnswer());
    }),
  );
  return count;
}

describe('refresh on user actions', () => {
  it('a click on a link refreshes a token past half its lifetime; a click on text does not', async () => {
    const refreshes = countRefreshes();
    localStorage.setItem('lang', 'en');
    // A 5-minute token with 100 s left.
    storeSession({ expInSec: 100, iatAgoSec: 200 });
    const { user } = await renderApp('/play');
    const heading = await screen.findByRole('heading', { name: 'Current betslip' });
    await user.click(heading);
    expect(refreshes.n).toBe(0);
    await user.click(screen.getByRole('link', { name: 'Results' }));
    await waitFor(() => expect(refreshes.n).toBe(1));
    // The lazy screen has loaded: no route transition outlives the test.
    await screen.findByRole('heading', { level: 1, name: 'Results' });
  });

  it('clicks in the first half of the token’s lifetime refresh nothing', async () => {
    const refreshes = countRefreshes();
    localStorage.setItem('lang', 'en');
    storeSession({ expInSec: 240, iatAgoSec: 60 });
    const { user } = await renderApp('/play');
    await screen.findByRole('heading', { name: 'Current betslip' });
    await user.click(screen.getByRole('link', { name: 'Results' }));
    await user.click(await screen.findByRole('link', { name: 'Play' }));
    await user.click(screen.getByRole('link', { name: 'Results' }));
    await screen.findByRole('heading', { level: 1, name: 'Results' });
    expect(refreshes.n).toBe(0);
  });

  it('Sign out ends the session, on the server too, without refreshing it first', async () => {
    const refreshes = countRefreshes();
    const ended: string[] = [];
    server.use(
      http.post(TOKEN_URL.replace(/token$/, 'logout'), async ({ request }) => {
        ended.push(new URLSearchParams(await request.text()).get('refresh_token') ?? '');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    storeSession({ expInSec: 240 });
    const { user, path } = await renderApp('/play');
    await user.click(await screen.findByTestId('sign-out'));
    await waitFor(() => expect(path()).toBe('/login'));
    expect(refreshes.n).toBe(0);
    expect(localStorage.getItem('token')).toBe('null');
    await waitFor(() => expect(ended).toEqual(['refresh-stored']));
    // The lazy login screen has loaded: no route transition outlives the test (or its environment).
    await waitFor(() => expect(document.getElementById('login-username')).not.toBeNull());
  });

  it('a control inside [data-no-session-action] (the update prompt) is not a user action', () => {
    const userAction = vi.fn();
    const stop = refreshOnUserActions({ userAction });
    document.body.innerHTML =
      '<div data-no-session-action><button id="update">Update</button></div><button id="other">Go</button>';
    try {
      document.getElementById('update')!.click();
      expect(userAction).not.toHaveBeenCalled();
      document.getElementById('other')!.click();
      expect(userAction).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      document.body.innerHTML = '';
    }
  });
});
