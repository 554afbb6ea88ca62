// The Results screen without network: the last list this device saved, with its time; and once the
// network is back, a fresh look by itself (no tap), the list staying on screen meanwhile. A first visit
// with no network and no copy looks again by itself too. IndexedDB is an in-memory map here.
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOOK_AGAIN_FIRST_MS } from '../../src/hooks/useLookAgainOnline';
import { renderApp, storeSession } from './helpers';
import { idb } from './idbKeyval';
import { server } from './msw';
import { HISTORY, PAST_URL } from './resultsHandlers';

vi.mock('idb-keyval', () => import('./idbKeyval'));

const USER = '26650000001';
const slipHeads = () => document.querySelectorAll('ul > li > button.slip-head');

function goOnline(onLine: { mockReturnValue: (v: boolean) => unknown }) {
  onLine.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
}

describe('results offline', () => {
  beforeEach(() => idb.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows the last copy offline, and the current list by itself once back online', async () => {
    localStorage.setItem('lang', 'en');
    idb.set(`last-copy:results:${USER}`, { data: HISTORY.slice(0, 2), at: Date.now() - 3_600_000 });
    storeSession();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let offline = true;
    let calls = 0;
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(PAST_URL, async () => {
        calls += 1;
        if (offline) return HttpResponse.error();
        await answered;
        return HttpResponse.json(HISTORY);
      }),
    );
    await renderApp('/results');
    const note = await screen.findByTestId('results-offline-copy');
    expect(note).toHaveTextContent(/^You are offline\. These are your results as of /);
    expect(slipHeads()).toHaveLength(2);
    const before = calls;

    offline = false;
    goOnline(onLine);
    // While it looks, the copy stays on screen: no spinner in its place.
    await waitFor(() => expect(calls).toBe(before + 1));
    expect(slipHeads()).toHaveLength(2);
    expect(screen.queryByText('Loading your betslips…')).not.toBeInTheDocument();
    answer();
    await waitFor(() => expect(screen.queryByTestId('results-offline-copy')).not.toBeInTheDocument());
    expect(slipHeads()).toHaveLength(8);
    expect(calls).toBe(before + 1);
  });

  it('keeps the copy on screen while the first looks fail, and tries again after a pause', async () => {
    localStorage.setItem('lang', 'en');
    idb.set(`last-copy:results:${USER}`, { data: HISTORY.slice(0, 2), at: Date.now() - 3_600_000 });
    storeSession();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let failures = Number.POSITIVE_INFINITY;
    server.use(
      http.post(PAST_URL, () => (failures-- > 0 ? HttpResponse.error() : HttpResponse.json(HISTORY))),
    );
    await renderApp('/results');
    await screen.findByTestId('results-offline-copy');

    // Back online, but the look at once fails: the copy stays, with its note, never a spinner or an error.
    failures = 1;
    const started = Date.now();
    goOnline(onLine);
    await waitFor(() => expect(failures).toBe(0));
    expect(screen.getByTestId('results-offline-copy')).toHaveTextContent(/^The network is not answering\./);
    expect(slipHeads()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('results-offline-copy')).not.toBeInTheDocument(), {
      timeout: LOOK_AGAIN_FIRST_MS * 3,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOOK_AGAIN_FIRST_MS - 50);
    expect(slipHeads()).toHaveLength(8);
  });

  it('with no copy and no network, shows the error, and the list once the network is back', async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let offline = true;
    server.use(http.post(PAST_URL, () => (offline ? HttpResponse.error() : HttpResponse.json(HISTORY))));
    await renderApp('/results');
    await screen.findByRole('alert');

    offline = false;
    goOnline(onLine);
    await waitFor(() => expect(slipHeads()).toHaveLength(8));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not keep asking after a refusal from the server', async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    let calls = 0;
    server.use(
      http.post(PAST_URL, () => {
        calls += 1;
        return HttpResponse.json(
          { statusCode: 403, error: 'Forbidden', messageKey: 'AUTH.FORBIDDEN', message: 'x' },
          { status: 403 },
        );
      }),
    );
    await renderApp('/results');
    await screen.findByRole('alert');
    await new Promise((r) => setTimeout(r, LOOK_AGAIN_FIRST_MS + 500));
    expect(calls).toBe(1);
  });
});
