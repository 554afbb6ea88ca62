// A new version of the terms: a signed-in subscriber is asked once, accepting records the version shown.
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';

describe('terms prompt', () => {
  it('asks to accept a new version and records it', async () => {
    let accepted: unknown = null;
    server.use(
      http.get('/api/protected/terms-status', () =>
        HttpResponse.json(
          accepted
            ? { version: '2026-12-01', acceptedVersion: '2026-12-01', mustAccept: false }
            : { version: '2026-12-01', acceptedVersion: '2026-11-01', mustAccept: true },
        ),
      ),
      http.post('/api/protected/accept-terms', async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ version: '2026-12-01', acceptedAt: '2026-12-02T08:00:00.000Z' });
      }),
    );
    localStorage.setItem('lang', 'en');
    storeSession();
    const { user } = await renderApp('/play');
    const dialog = await screen.findByRole('dialog', { name: 'Our terms have changed' }, { timeout: 5000 });
    expect(within(dialog).getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute(
      'href',
      '/tnc',
    );
    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(accepted).toEqual({ version: '2026-12-01' });
  });

  it('asks nothing when the current terms are accepted', async () => {
    let asked = 0;
    server.use(
      http.get('/api/protected/terms-status', () => {
        asked++;
        return HttpResponse.json({ version: '2026-11-01', acceptedVersion: '2026-11-01', mustAccept: false });
      }),
    );
    localStorage.setItem('lang', 'en');
    storeSession();
    await renderApp('/play');
    await waitFor(() => expect(asked).toBe(1), { timeout: 5000 });
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('terms-dialog')).toBeNull();
  });
});
