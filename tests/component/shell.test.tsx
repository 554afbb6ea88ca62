import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, renderApp, storeSession, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('shell', () => {
  it('shows the date, a live clock and the session countdown', async () => {
    // The header shows Maseru time whatever the phone's zone.
    vi.useFakeTimers({ now: new Date('2026-11-23T14:05:09+02:00'), shouldAdvanceTime: true });
    storeSession({ expInSec: 10 * 60 });
    await renderApp('/play');
    expect(await screen.findByTestId('date')).toHaveTextContent('23/11/2026');
    expect(screen.getByTestId('clock')).toHaveTextContent(/^14:05:\d\d$/);
    expect(screen.getByTestId('session-countdown')).toHaveTextContent(/^(10:00|09:5\d)$/);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByTestId('clock')).toHaveTextContent(/^14:06:1\d$/);
    expect(screen.getByTestId('session-countdown')).toHaveTextContent(/^0(8:5\d|9:00)$/);
  });

  it('goes to /login when the refresh of an expiring token is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Session not active' },
          { status: 400 },
        ),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession({ expInSec: 3 });
    const { path } = await renderApp('/play');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(path()).toBe('/login'));
    expect(localStorage.getItem('token')).toBe('null');
    expect(localStorage.getItem('role')).toBe('null');
  });

  it('refreshes the token silently shortly before it expires and stays signed in', async () => {
    let refreshes = 0;
    server.use(
      http.post(TOKEN_URL, () => {
        refreshes++;
        return HttpResponse.json(tokenAnswer(makeToken({ expInSec: 300 })));
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A 5-minute token with 62 s left: refreshed by the countdown 2 s after start.
    storeSession({ expInSec: 62, iatAgoSec: 238 });
    const { path } = await renderApp('/play');
    expect(await screen.findByTestId('session-countdown')).toHaveTextContent(/^01:0\d$/);
    expect(refreshes).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(refreshes).toBe(1));
    await waitFor(() => expect(screen.getByTestId('session-countdown')).toHaveTextContent(/^0[45]:\d\d$/));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(path()).toBe('/play');
    expect(refreshes).toBe(1);
    expect(localStorage.getItem('refresh_token')).not.toBe('refresh-stored');
  });

  it('stays signed in past 00:00 while the network is gone, and refreshes when it returns', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    server.use(
      http.post(TOKEN_URL, () =>
        online ? HttpResponse.json(tokenAnswer(makeToken({ expInSec: 300 }))) : HttpResponse.error(),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession({ expInSec: 3 });
    const { path } = await renderApp('/play');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('00:00');
    expect(path()).toBe('/play');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-stored');
    online = true;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByTestId('session-countdown')).toHaveTextContent(/^0[45]:\d\d$/));
    expect(localStorage.getItem('refresh_token')).not.toBe('refresh-stored');
    expect(path()).toBe('/play');
  });

  it('switches between Sesotho and English without a reload and remembers the choice', async () => {
    storeSession();
    const { user } = await renderApp('/play');
    const nav = await screen.findByRole('navigation', { name: 'Lethathamo le leholo' });
    expect(within(nav).getByRole('link', { name: 'Bapala' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('st');
    expect(screen.getByTestId('lang-st')).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByTestId('lang-en'));
    expect(await screen.findByRole('link', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/results');
    expect(screen.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('lang-st')).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByTestId('lang-st'));
    expect(await screen.findByRole('link', { name: 'Liphetho' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('st');
  });

  it('shows the wallet balance, the links and the footer, and signs out to /login', async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    const { user, path } = await renderApp('/play');
    expect(await screen.findByTestId('wallet-button')).toHaveTextContent('M 1,054.00');
    for (const [name, href] of [
      ['Play', '/play'],
      ['Results', '/results'],
      ['Wallet', '/wallet'],
      ['Contact us', '/contact'],
      ['Terms', '/tnc'],
      ['Account', '/account'],
    ]) {
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    // The footer's top block is a lazy chunk (below the first screen).
    expect(await screen.findByRole('img', { name: 'M-Pesa' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Jackpot 14`))).toBeInTheDocument();

    await user.click(screen.getByTestId('sign-out'));
    await waitFor(() => expect(path()).toBe('/login'));
    expect(localStorage.getItem('token')).toBe('null');
    expect(localStorage.getItem('role')).toBe('null');
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
