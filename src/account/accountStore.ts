// The signed-in subscriber's wallet and subscription status, shared by the header and the screens
// (loaded on start, refetched after anything that changes them). A tiny external
// store rather than a machine: it only holds the latest answers, and it sits in the first-load bundle.
import { fetchSubscriberInfo, fetchWalletInfo, type SubscriberInfo, type WalletInfo } from '../api/wallet';
import { withLastCopy } from '../offline/lastCopy';

export interface AccountState {
  /** null until the first answer. */
  wallet: WalletInfo | null;
  /** True when the last wallet fetch failed (the previous figures, if any, are kept). */
  walletFailed: boolean;
  /**
   * When `wallet` is this device's last copy (offline, src/offline/lastCopy.ts): the time it was saved (ms);
   * null when it is the server's current answer.
   */
  walletSavedAt: number | null;
  /** null until the first answer. */
  subscriber: SubscriberInfo | null;
}

export interface AccountStore {
  get(): AccountState;
  subscribe(listener: () => void): () => void;
  /** Refetches wallet info; resolves when done (never rejects: a failure keeps the last figures). */
  refreshWallet(): Promise<void>;
  /** Refetches the subscriber info (subscription status, creation date). */
  refreshSubscriber(): Promise<void>;
  /** Both, as the shell does on start. */
  load(): Promise<void>;
  /** Keeps a status the subscription flow learnt from the server. */
  setSubscribed(isSubscribed: boolean): void;
}

export interface AccountFetchers {
  wallet: () => Promise<WalletInfo>;
  subscriber: () => Promise<SubscriberInfo>;
}

const live: AccountFetchers = { wallet: () => fetchWalletInfo(), subscriber: () => fetchSubscriberInfo() };

/** `user` keys the wallet's last copy on this device, so another sign-in never sees it. */
export function createAccountStore(fetchers: AccountFetchers = live, user = ''): AccountStore {
  let state: AccountState = { wallet: null, walletFailed: false, walletSavedAt: null, subscriber: null };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<AccountState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  // Only the newest request of each kind may write: an older answer arriving late must not win.
  const seq = { wallet: 0, subscriber: 0 };

  const refreshWallet = async () => {
    const mine = ++seq.wallet;
    try {
      const copy = await withLastCopy('wallet', user, fetchers.wallet);
      if (mine === seq.wallet) set({ wallet: copy.data, walletFailed: false, walletSavedAt: copy.savedAt });
    } catch (err) {
      console.error('wallet info failed', err);
      if (mine === seq.wallet) set({ walletFailed: true });
    }
  };
  const refreshSubscriber = async () => {
    const mine = ++seq.subscriber;
    try {
      const subscriber = await fetchers.subscriber();
      if (mine === seq.subscriber) set({ subscriber });
    } catch (err) {
      console.error('subscriber info failed', err);
    }
  };

  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refreshWallet,
    refreshSubscriber,
    load: async () => {
      await Promise.all([refreshWallet(), refreshSubscriber()]);
    },
    setSubscribed: (isSubscribed) => {
      seq.subscriber++; // a fetch already under way predates this answer
      if (state.subscriber) set({ subscriber: { ...state.subscriber, isSubscriptionEnabled: isSubscribed } });
    },
  };
}
