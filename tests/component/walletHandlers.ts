// Wallet and subscription fixtures and msw handlers (docs/CONTRACTS.md "Wallet, subscription and account
// API"). The defaults answer the shell's start-up calls (wallet info, subscriber info) for every signed-in
// page; tests override them.
import { HttpResponse, http } from 'msw';
import type { SubscriberInfo, SupportedWallet, WalletInfo } from '../../src/api/wallet';

const P = '/api/protected';

/** A wallet like the demo subscriber's, with moves newest first on the given (or fixed) dates. */
export function walletFixture(patch: Partial<WalletInfo> = {}): WalletInfo {
  return {
    totalAvailableAmount: 1054,
    withdrawablemount: 980.5,
    totalWonAmount: 1250,
    totalWithdrawnAmount: 269.5,
    currentlyWithheldAmount: 0,
    walletMovesDto: [
      { createDate: '2026-11-20 10:15:00', amount: -2, reason: 'BETSLIP_STAKE', serviceId: 'J14-0041' },
      { createDate: '2026-11-18 08:00:00', amount: 1250, reason: 'PRIZE_WON', serviceId: 'J14-0040' },
      { createDate: '2026-11-10 12:30:00', amount: -269.5, reason: 'CASH_OUT', serviceId: 'MPESA' },
    ],
    ...patch,
  };
}

export function subscriberFixture(patch: Partial<SubscriberInfo> = {}): SubscriberInfo {
  return {
    msisdn: '26650000001',
    createDate: '2026-01-15 09:00:00',
    isSubscriptionEnabled: true,
    otherSubscriptions: [],
    ...patch,
  };
}

export const WALLETS: SupportedWallet[] = [
  { sid: 'MPESA', name: 'M-Pesa' },
  { sid: 'ECOCASH', name: 'EcoCash' },
];

export const walletDefaults = [
  http.get(`${P}/fetch-wallet-info`, () => HttpResponse.json(walletFixture())),
  http.get(`${P}/fetch-subscriber-info`, () => HttpResponse.json(subscriberFixture())),
  http.get(`${P}/fetch-supported-wallets`, () => HttpResponse.json(WALLETS)),
  http.get(`${P}/fetch-other-subscriptions`, () => HttpResponse.json([])),
];
