// React access to the account store: the shell provides one per signed-in user, components read narrow
// slices (a header re-renders when the balance changes, not when the subscriber info does).
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { ACCOUNT_CHANGED_EVENT } from '../api/play';
import type { SubscriberInfo, WalletInfo } from '../api/wallet';
import { useLookAgainOnline } from '../hooks/useLookAgainOnline';
import { type AccountState, type AccountStore, createAccountStore } from './accountStore';

const AccountContext = createContext<AccountStore | null>(null);

/**
 * One store per signed-in user (`user` keys it, so another sign-in starts empty): loads wallet and
 * subscription status on start, the wallet again whenever ACCOUNT_CHANGED_EVENT fires (money moved: a paid
 * slip or group share; the subscription is changed only by its own flow, which keeps the status it learns)
 * and when the network goes (offline it is the last copy, src/offline/lastCopy.ts) and, while
 * that copy is shown, once online again.
 */
export function AccountProvider({ user, children }: { user: string | null; children: ReactNode }) {
  const [store, setStore] = useState<AccountStore | null>(null);
  useEffect(() => {
    if (!user) {
      setStore(null);
      return;
    }
    const next = createAccountStore(undefined, user);
    setStore(next);
    void next.load();
    // Losing the network turns the figures into the last copy (with its time); WalletLookAgain brings
    // them back to current once online.
    const rewallet = () => void next.refreshWallet();
    window.addEventListener(ACCOUNT_CHANGED_EVENT, rewallet);
    window.addEventListener('offline', rewallet);
    return () => {
      window.removeEventListener(ACCOUNT_CHANGED_EVENT, rewallet);
      window.removeEventListener('offline', rewallet);
    };
  }, [user]);
  return (
    <AccountContext.Provider value={store}>
      {store && <WalletLookAgain store={store} />}
      {children}
    </AccountContext.Provider>
  );
}

/** While online and the wallet shown is a last copy (or could not load), looks again by itself. */
function WalletLookAgain({ store }: { store: AccountStore }) {
  useLookAgainOnline(
    useAccount((s) => s.walletSavedAt !== null || s.walletFailed),
    store.refreshWallet,
  );
  return null;
}

/** The store, or null before it exists / when signed out. */
export const useAccountStore = (): AccountStore | null => useContext(AccountContext);

const EMPTY: AccountState = { wallet: null, walletFailed: false, walletSavedAt: null, subscriber: null };
const noop = () => () => undefined;

/** A narrow slice of the account state (select must return a stable value for the same state). */
export function useAccount<T>(select: (s: AccountState) => T): T {
  const store = useAccountStore();
  return useSyncExternalStore(
    store?.subscribe ?? noop,
    () => select(store?.get() ?? EMPTY),
    () => select(EMPTY),
  );
}

/** Wallet info, or null until loaded. */
export const useWalletInfo = (): WalletInfo | null => useAccount((s) => s.wallet);
/** True when the wallet could not be loaded and there is nothing to show. */
export const useWalletFailed = (): boolean => useAccount((s) => s.walletFailed && !s.wallet);
/** When the wallet shown is this device's last copy (offline): the time it was saved; else null. */
export const useWalletSavedAt = (): number | null => useAccount((s) => s.walletSavedAt);
/** Subscriber info (msisdn, createDate, isSubscriptionEnabled), or null until loaded. */
export const useSubscriberInfo = (): SubscriberInfo | null => useAccount((s) => s.subscriber);
/** The subscription status, or undefined while unknown. */
export const useIsSubscribed = (): boolean | undefined =>
  useAccount((s) => s.subscriber?.isSubscriptionEnabled);
