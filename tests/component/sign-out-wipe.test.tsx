// Sign out on a shared phone leaves none of the subscriber's data behind: every user-scoped store of
// src/storage/userData.ts is emptied, while device-wide keys (language, receipt keys, version dismissal)
// stay. A store added to the registry without a case here fails the first test.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_SCOPED } from '../../src/storage/userData';
import { renderApp, storeSession } from './helpers';
import { idb } from './idbKeyval';

vi.mock('idb-keyval', () => import('./idbKeyval'));

/** One stored value per registered user-scoped store, keyed by its registry description. */
const seeds: Record<string, { seed: () => void; present: () => boolean }> = {
  "localStorage 'picks:<sid>'": {
    seed: () => localStorage.setItem('picks:J14-0001', '[1,2,3]'),
    present: () => Object.keys(localStorage).some((k) => k.startsWith('picks:')),
  },
  // storeSession writes it; the number alone tells the next person who used the phone.
  "localStorage 'user' (kept by clearSession after an expiry)": {
    seed: () => localStorage.setItem('user', '26650000001'),
    present: () => localStorage.getItem('user') !== null,
  },
  "IndexedDB keyval-store 'last-copy:<name>:<user>'": {
    seed: () => idb.set('last-copy:wallet:26650000001', { data: {}, at: 1 }),
    present: () => [...idb.keys()].some((k) => k.startsWith('last-copy:')),
  },
  // The offline queue's database: a slip holds the number and the picks, an outcome the slip's id.
  "IndexedDB jackpot14-offline 'queue' and 'outcomes'": {
    seed: () => {
      idb.set('queue', [{ key: 'k1', user: '26650000001', payload: { msisdn: '26650000001' } }]);
      idb.set('outcomes', [{ key: 'k0', user: '26650000001', betSlipSid: 'J14-0001', kind: 'accepted' }]);
    },
    present: () => ((idb.get('queue') as unknown[] | undefined) ?? []).length > 0 || idb.has('outcomes'),
  },
};

describe('sign-out wipes user data', () => {
  beforeEach(() => idb.clear());

  it('covers every registered user-scoped store', () => {
    expect(USER_SCOPED.map((s) => s.where).sort()).toEqual(Object.keys(seeds).sort());
  });

  it('leaves no user-scoped key after Sign out, and keeps the device-wide ones', async () => {
    localStorage.setItem('lang', 'en');
    localStorage.setItem('criticalVersionDismissed', '9.9.9');
    localStorage.setItem('jackpot14:receipt-jwks', '{"keys":[]}');
    storeSession();
    for (const s of Object.values(seeds)) s.seed();
    const { user, path } = await renderApp('/tnc');
    await user.click(await screen.findByTestId('sign-out'));
    // The queued slip is asked about first (tests/component/sign-out-confirm.test.tsx).
    await user.click(await screen.findByRole('button', { name: 'Sign out and delete' }));
    await waitFor(() => expect(path()).toBe('/login'));
    await waitFor(() => {
      for (const [where, s] of Object.entries(seeds)) expect(s.present(), where).toBe(false);
    });
    expect(localStorage.getItem('token')).toBe('null');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('criticalVersionDismissed')).toBe('9.9.9');
    expect(localStorage.getItem('jackpot14:receipt-jwks')).toBe('{"keys":[]}');
    // The lazy login screen has loaded: no route transition outlives the test (or its environment).
    await waitFor(() => expect(document.getElementById('login-username')).not.toBeNull());
  });
});
