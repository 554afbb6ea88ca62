// Wallet, subscription and account reads and the money-moving calls (docs/CONTRACTS.md "Play API" and
// "Wallet, subscription and account API"). Wire money is M with at most two decimals.
import type { SupportedWallet } from '../../machines/rules/wallet';
import { apiGet, apiPost } from './http';

export type { SupportedWallet } from '../../machines/rules/wallet';

export interface WalletMove {
  /** 'yyyy-mm-dd hh:mm:ss', Africa/Maseru. */
  createDate: string;
  /** M; negative for money out. */
  amount: number;
  reason: string;
  serviceId: string;
  /** The server's addition: M in the wallet right after this move. */
  balanceAfter?: number;
  /** The server's additions on deposit and cash-out moves: their status and reference. */
  status?: string;
  reference?: string | null;
}

export interface WalletInfo {
  totalAvailableAmount: number;
  /** Spelt so on the wire, as the original API has it. */
  withdrawablemount: number;
  totalWonAmount: number;
  totalWithdrawnAmount: number;
  currentlyWithheldAmount: number;
  /** Newest first. */
  walletMovesDto: WalletMove[];
  /** The server's addition: cash-outs under processing, with the reference the provider knows them by. */
  pendingCashOuts?: PendingCashOut[];
  /** The server's additions: money deposited (confirmed) and the recent deposits, newest first. */
  totalDepositedAmount?: number;
  deposits?: DepositSummary[];
}

export type DepositStatus = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'FAILED';

export interface DepositSummary {
  depositId: string;
  reference: string;
  /** M. */
  amount: number;
  status: DepositStatus;
  createDate: string;
  mobileWalletSid: string;
}

/** POST deposit's 202: the provider is prompting the subscriber's phone. */
export interface DepositAnswer {
  depositId: string;
  reference: string;
  status: DepositStatus;
  messageKey: string;
}

/** GET deposits/:depositId. */
export interface DepositView {
  depositId: string;
  reference: string;
  amount: number;
  status: DepositStatus;
  providerRequestId: string | null;
  providerReceipt: string | null;
  /** Why it did not go through (CANCELLED, FAILED), as the subscriber is told; null otherwise. */
  failureReason?: PaymentFailureReason | null;
  /** The provider's own code (INS-2006…), for support. */
  providerCode?: string | null;
}

export type PaymentFailureReason = 'INSUFFICIENT_FUNDS' | 'DECLINED' | 'NOT_REACHED' | 'PROVIDER_ERROR';

export interface PendingCashOut {
  reference: string;
  /** M. */
  amount: number;
  createDate: string;
  mobileWalletSid: string;
}

export interface SubscriberInfo {
  msisdn: string;
  createDate: string | null;
  isSubscriptionEnabled: boolean;
  otherSubscriptions: string[];
}

/** Success answer of the money-moving calls: `message` is already in the request's language. */
export interface MoneyAnswer {
  message: string;
  messageKey: string;
}

export interface CashOutAnswer extends MoneyAnswer {
  status: 'CONFIRMED' | 'PENDING' | 'FAILED';
  reference: string;
}

export interface AirtimeRequest {
  lang: string;
  amount: number;
  /** null buys for the subscriber; a friend's number as 266XXXXXXXX. */
  receivingMsisdn: string | null;
  mobileWalletSid: string;
}

export interface CashOutRequest {
  lang: string;
  amount: number;
  mobileWalletSid: string;
}

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
export const toggleSubscription = (body: {
  msisdn: string | null;
  lang: string;
  enableSubscription: boolean;
}): Promise<{ isSubscribed: boolean }> => apiPost(`${P}/toggle-subscription`, body);

/** A new key per attempt: the server moves money once per key and replays its first answer. */
const newKey = (): string => globalThis.crypto.randomUUID();

export const buyAirtime = (body: AirtimeRequest, idempotencyKey = newKey()): Promise<MoneyAnswer> =>
  apiPost<MoneyAnswer>(`${P}/mobile-money-transaction`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const cashOut = (body: CashOutRequest, idempotencyKey = newKey()): Promise<CashOutAnswer> =>
  apiPost<CashOutAnswer>(`${P}/cash-out`, body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const deposit = (body: CashOutRequest, idempotencyKey = newKey()): Promise<DepositAnswer> =>
  apiPost<DepositAnswer>(`${P}/deposit`, body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const fetchDeposit = (depositId: string, signal?: AbortSignal): Promise<DepositView> =>
  apiGet<DepositView>(`${P}/deposits/${encodeURIComponent(depositId)}`, { signal });
