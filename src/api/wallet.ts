// Wallet, subscription and account reads and the money-moving calls (docs/CONTRACTS.md "Play API" and
// "Wallet, subscription and account API"). Wire money is M with at most two decimals.
import type { SupportedWallet } from '../../machines/rules/wallet';
import type { Subscribed, SubscriberInfo, ToggleBody } from '../../machines/wire/account';
import type {
  AirtimeAnswer,
  AirtimeRequest,
  CashOutAnswer,
  CashOutRequest,
  DepositAccepted,
  DepositView,
  WalletInfoRead as WalletInfo,
} from '../../machines/wire/wallet';
import { apiGet, apiPost } from './http';

export type { SupportedWallet } from '../../machines/rules/wallet';
export type { SubscriberInfo } from '../../machines/wire/account';
export type {
  AirtimeAnswer,
  AirtimeRequest,
  CashOutAnswer,
  CashOutRequest,
  DepositAccepted as DepositAnswer,
  DepositStatus,
  DepositSummary,
  DepositView,
  PendingCashOut,
  WalletInfoRead as WalletInfo,
  WalletMoveRead as WalletMove,
} from '../../machines/wire/wallet';

const P = '/protected';

export const fetchWalletInfo = (signal?: AbortSignal): Promise<WalletInfo> =>
  apiGet<WalletInfo>(`${P}/fetch-wallet-info`, { signal });

export const fetchSubscriberInfo = (signal?: AbortSignal): Promise<SubscriberInfo> =>
  apiGet<SubscriberInfo>(`${P}/fetch-subscriber-info`, { signal });

export const fetchSupportedWallets = (signal?: AbortSignal): Promise<SupportedWallet[]> =>
  apiGet<SupportedWallet[]>(`${P}/fetch-supported-wallets`, { signal });

export const fetchOtherSubscriptions = (signal?: AbortSignal): Promise<string[]> =>
  apiGet<string[]>(`${P}/fetch-other-subscriptions`, { signal });

/** Sets the subscription to `enableSubscription` (idempotent); msisdn is ignored by the server. */
export const toggleSubscription = (body: ToggleBody): Promise<Subscribed> =>
  apiPost(`${P}/toggle-subscription`, body);

/** A new key per attempt: the server moves money once per key and replays its first answer. */
const newKey = (): string => globalThis.crypto.randomUUID();

export const buyAirtime = (body: AirtimeRequest, idempotencyKey = newKey()): Promise<AirtimeAnswer> =>
  apiPost<AirtimeAnswer>(`${P}/mobile-money-transaction`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const cashOut = (body: CashOutRequest, idempotencyKey = newKey()): Promise<CashOutAnswer> =>
  apiPost<CashOutAnswer>(`${P}/cash-out`, body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const deposit = (body: CashOutRequest, idempotencyKey = newKey()): Promise<DepositAccepted> =>
  apiPost<DepositAccepted>(`${P}/deposit`, body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const fetchDeposit = (depositId: string, signal?: AbortSignal): Promise<DepositView> =>
  apiGet<DepositView>(`${P}/deposits/${encodeURIComponent(depositId)}`, { signal });
