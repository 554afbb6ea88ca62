// Group play in the subscriber's records (DESIGN.md "Group play"): the statement names the group moves in
// words (list and CSV reasons, both languages), and a group slip in "You have played this round" names its
// group with a link to the group's page.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MySlip } from '../../src/api/receipts';
import type { WalletMove } from '../../src/api/wallet';
import { CODE } from './groupHandlers';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { walletFixture } from './walletHandlers';
import { countWalletFetches } from './walletStatement';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const moves: WalletMove[] = [
  {
    createDate: '2026-11-22 10:00:00',
    amount: 16.67,
    reason: 'GROUP_PRIZE',
    serviceId: CODE,
    balanceAfter: 50,
    groupRemainder: 0.02,
  },
  {
    createDate: '2026-11-21 10:00:00',
    amount: 0.66,
    reason: 'GROUP_REFUND',
    serviceId: CODE,
    balanceAfter: 33.33,
  },
  {
    createDate: '2026-11-20 10:00:00',
    amount: -0.66,
    reason: 'GROUP_SHARE',
    serviceId: CODE,
    balanceAfter: 32.67,
  },
];

describe('the statement', () => {
  it.each([
    [
      'en',
      ['Group winnings · includes M 0.02 left over from the split', 'Group share refunded', 'Group share'],
    ],
    [
      'st',
      [
        'Moputso oa sehlopha · e kenyelletsa M 0.02 e saletseng karohanong',
        'Karolo ea sehlopha e khutlisitsoe',
        'Karolo ea sehlopha',
      ],
    ],
  ] as const)('names the group moves in words (%s)', async (lang, words) => {
    countWalletFetches(() => walletFixture({ walletMovesDto: moves }));
    localStorage.setItem('lang', lang);
    storeSession();
    await renderApp('/wallet?tab=transactions');
    const panel = await screen.findByRole('tabpanel', {}, { timeout: 15_000 });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((i) => i.querySelector('summary')?.textContent ?? '')).toEqual([
      expect.stringContaining(words[0]),
      expect.stringContaining(words[1]),
      expect.stringMatching(new RegExp(`${words[2]}$`)),
    ]);
  });
});

describe('You have played this round', () => {
  it('names a group slip by its group, linking to its page', async () => {
    const slip: MySlip = {
      reference: 'J14-0042-GRP777',
      createdAt: '2030-05-04T10:00:00Z',
      cost: 2,
      paidFrom: 'GROUP',
      channel: 'GROUP',
      group: CODE,
      predictions: Array.from({ length: 14 }, () => 1),
      jws: 'h.p.s',
      rows: 1,
      systemId: null,
      winningRows: [],
    };
    server.use(http.get('/api/protected/my-slips', () => HttpResponse.json([slip])));
    localStorage.setItem('lang', 'en');
    storeSession();
    await renderApp('/play');
    // /play's chunk compiles cold here: slow on a loaded machine.
    const link = await screen.findByRole('link', { name: `Group ${CODE}` }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', `/g/${CODE}`);
    await waitFor(() => expect(screen.getByText('J14-0042-GRP777')).toBeInTheDocument());
  });
});
