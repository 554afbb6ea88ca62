// A screen whose code cannot arrive (offline before the service worker stored it, or replaced by a new
// version) shows the app's own translated page with a way on, inside the shell, never the router's English
// "Something went wrong!"; a shell part the page can do without (the notices) is simply left out.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession } from './helpers';

vi.mock('../../src/screens/contact/ContactScreen', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/ContactScreen.js');
});
vi.mock('../../src/shell/notices/ShellNotices', () => {
  throw new Error('Unable to preload CSS for /assets/dialog.css');
});

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => setOnline(true));

describe('a screen that cannot open', () => {
  it('says so in Sesotho offline, keeps the header and nav, and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    localStorage.setItem('lang', 'st');
    setOnline(false);
    await renderApp('/contact');
    const alert = await screen.findByTestId('route-error');
    expect(within(alert).getByRole('heading').textContent).toBe('Leqephe lena ha lea ka la buleha');
    expect(alert.textContent).toContain('Ha u marang-rang. Hokela marang-rang ebe u leka hape.');
    expect(within(alert).getByRole('button', { name: 'Leka hape' })).toBeTruthy();
    expect(screen.queryByText(/Something went wrong/)).toBeNull();
    // The shell around it stays: the way to every other screen is one tap away.
    expect(screen.getByTestId('main-nav')).toBeTruthy();
  });

  it('leaves out a shell part whose chunk failed and keeps the page', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    localStorage.setItem('lang', 'en');
    await renderApp('/tnc');
    await screen.findByRole('navigation', { name: 'Main' });
    await vi.waitFor(() =>
      expect(errors.mock.calls.some(([what]) => what === 'a part of the page could not load')).toBe(true),
    );
    expect(screen.queryByTestId('route-error')).toBeNull();
    expect(screen.getByRole('main').textContent).not.toBe('');
  });
});
