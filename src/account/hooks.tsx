// React access to the account store: the shell provides one per signed-in user, components read narrow
// slices (a header re-renders when the balance changes, not when the subscriber info does).
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { ACCOUNT_CHANGED_EVENT } from '../api/play';
import type { SubscriberInfo, WalletInfo } from '../api/wallet';
import { type AccountState, type AccountStore, createAccountStore } from './accountStore';

const AccountContext = createContext<AccountStore | null>(null);

/** Back online but the wallet still the last copy: the first look again, doubling up to the ceiling. */
export const RECONNECT_RETRY_MS = 2000;
const RECONNECT_RETRY_MAX_MS = 60_000;

/**
 * One store per signed-in user (`user` keys it, so another sign-in starts empty): loads wallet and
 * subscription status on start and again whenever ACCOUNT_CHANGED_EVENT fires (after a paid submission);
 * the wallet again when the network goes or comes back (offline it is the last copy, src/offline/lastCopy.ts).
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
    const reload = () => void next.load();
    // Losing the network turns the figures into the last copy (with its time); getting it back, current.
    // The first request after the network returns often fails still (the radio waking, the service worker
    // not yet online): while online and showing the last copy, look again after a pause that grows.
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pause = RECONNECT_RETRY_MS;
    const rewallet = async () => {
      clearTimeout(retry);
      await next.refreshWallet();
      if (stopped) return;
      if (navigator.onLine && next.get().walletSavedAt !== null) {
        retry = setTimeout(rewallet, pause);
        pause = Math.min(pause * 2, RECONNECT_RETRY_MAX_MS);
      } else pause = RECONNECT_RETRY_MS;
    };
    window.addEventListener(ACCOUNT_CHANGED_EVENT, reload);
    window.addEventListener('offline', rewallet);
    window.addEventListener('online', rewallet);
    return () => {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener(ACCOUNT_CHANGED_EVENT, reload);
      window.removeEventListener('offline', rewallet);
      window.removeEventListener('online', rewallet);
    };
  }, [user]);
  return <AccountContext.Provider value={store}>{children}</AccountContext.Provider>;
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
