// The Wallet screen without network: the last copy this device saved (balances and transactions) with
// "as of dd/MM/yyyy HH:mm" in the shared offline note, and current figures again once the network is back.
// IndexedDB (idb-keyval) is an in-memory map here; lastCopy's rules run for real.
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOOK_AGAIN_FIRST_MS } from '../../src/hooks/useLookAgainOnline';
import { renderApp, storeSession } from './helpers';
import { idb } from './idbKeyval';
import { server } from './msw';
import { walletFixture } from './walletHandlers';

vi.mock('idb-keyval', () => import('./idbKeyval'));

const WALLET_URL = '/api/protected/fetch-wallet-info';

describe('wallet offline', () => {
  beforeEach(() => idb.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows the last balances and transactions with their time, and current figures when back online', async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    let offline = false;
    let balance = 1054;
    server.use(
      http.get(WALLET_URL, () =>
        offline ? HttpResponse.error() : HttpResponse.json(walletFixture({ totalAvailableAmount: balance })),
      ),
    );
    const { user } = await renderApp('/wallet');
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.getByTestId('figure-available')).toHaveTextContent('M 1,054.00');
    expect(screen.queryByTestId('wallet-offline-copy')).not.toBeInTheDocument();
    await waitFor(() => expect(idb.has('last-copy:wallet:26650000001')).toBe(true));

    // The network goes: the copy, saying from when.
    offline = true;
    balance = 9;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const note = await screen.findByTestId('wallet-offline-copy');
    expect(note).toHaveTextContent(
      /^You are offline\. This is your wallet as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.Try again$/,
    );
    expect(screen.getByTestId('figure-available')).toHaveTextContent('M 1,054.00');
    await user.click(screen.getByRole('tab', { name: 'Transactions' }));
    const list = within(screen.getByRole('tabpanel')).getByRole('list', { name: 'Transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    // Back: "Try again" fetches the current figures and the note goes.
    offline = false;
    onLine.mockRestore();
    await user.click(within(note).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('wallet-offline-copy')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(screen.getByTestId('figure-available')).toHaveTextContent('M 9.00');
  });

  it('looks again by itself when the first request after the network returns still fails', async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    let failures = 0;
    server.use(
      http.get(WALLET_URL, () =>
        failures-- > 0 ? HttpResponse.error() : HttpResponse.json(walletFixture({ totalAvailableAmount: 5 })),
      ),
    );
    await renderApp('/wallet');
    await screen.findByRole('tab', { name: 'Overview' });
    await waitFor(() => expect(idb.has('last-copy:wallet:26650000001')).toBe(true));
    failures = 1;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await screen.findByTestId('wallet-offline-copy');
    expect(failures).toBe(0);

    // Back online: the look at once fails too (failures = 1 more); the one a pause later gets through.
    failures = 1;
    const started = Date.now();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(failures).toBe(0));
    expect(Date.now() - started).toBeLessThan(LOOK_AGAIN_FIRST_MS);
    expect(screen.getByTestId('wallet-offline-copy')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('wallet-offline-copy')).not.toBeInTheDocument(), {
      timeout: LOOK_AGAIN_FIRST_MS * 3,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOOK_AGAIN_FIRST_MS - 50);
  });

  it('opens offline on the copy the last visit saved, and says so in Sesotho too', async () => {
    idb.set('last-copy:wallet:26650000001', {
      data: walletFixture({ totalAvailableAmount: 77 }),
      at: Date.now(),
    });
    storeSession();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.get(WALLET_URL, () => HttpResponse.error()));
    await renderApp('/wallet');
    const note = await screen.findByTestId('wallet-offline-copy');
    expect(note.textContent).toMatch(
      /^Ha u marang-rang\. Sena ke mokotla oa hao oa chelete ho tloha ka \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./,
    );
    expect(screen.getByTestId('figure-available')).toHaveTextContent('M 77.00');
  });

  it("never shows another subscriber's copy", async () => {
    idb.set('last-copy:wallet:26650000009', {
      data: walletFixture({ totalAvailableAmount: 77 }),
      at: Date.now(),
    });
    storeSession();
    server.use(http.get(WALLET_URL, () => HttpResponse.error()));
    await renderApp('/wallet');
    await screen.findByRole('alert');
    expect(screen.queryByTestId('wallet-offline-copy')).not.toBeInTheDocument();
    expect(screen.queryByTestId('figure-available')).not.toBeInTheDocument();
  });

  it("takes the installed app's cached answer for what it is: a last copy, with the server's time of it", async () => {
    localStorage.setItem('lang', 'en');
    storeSession();
    // The service worker (sw/sw.ts) answers offline from its cache and marks it; the Date is the copy's.
    const copyDate = new Date(Date.UTC(2026, 10, 20, 7, 41)); // 09:41 in Maseru
    server.use(
      http.get(WALLET_URL, () =>
        HttpResponse.json(walletFixture({ totalAvailableAmount: 31 }), {
          headers: { 'X-From-Cache': '1', Date: copyDate.toUTCString() },
        }),
      ),
    );
    await renderApp('/wallet');
    const note = await screen.findByTestId('wallet-offline-copy');
    // Online, the worker answered from its cache because the network took over 3 s: said as it is.
    expect(note).toHaveTextContent(
      /^The network is not answering\. This is your wallet as of 20\/11\/2026 09:41\./,
    );
    expect(screen.getByTestId('figure-available')).toHaveTextContent('M 31.00');
    // Not saved as this device's own copy: it is not newer than what the device knew.
    expect(idb.has('last-copy:wallet:26650000001')).toBe(false);
  });
});
