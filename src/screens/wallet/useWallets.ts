// Supported mobile wallets (fetch-supported-wallets), once per visit to the Wallet screen, and the
// choice a form starts with (the only real wallet when exactly one exists).
import { useEffect, useState } from 'react';
import { defaultWalletSid } from '../../../machines/rules/wallet';
import { fetchSupportedWallets, type SupportedWallet } from '../../api/wallet';

export function useSupportedWallets(): SupportedWallet[] {
  const [wallets, setWallets] = useState<SupportedWallet[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchSupportedWallets(ctrl.signal).then(
      (list) => setWallets(Array.isArray(list) ? list : []),
      (err: unknown) => {
        if (!ctrl.signal.aborted) console.error('supported wallets failed', err);
      },
    );
    return () => ctrl.abort();
  }, []);
  return wallets;
}

/** The chosen wallet's sid ('' = none); takes the default once the list arrives, unless already chosen. */
export function useWalletChoice(wallets: readonly SupportedWallet[]): [string, (sid: string) => void] {
  const [sid, setSid] = useState(() => defaultWalletSid(wallets));
  useEffect(() => {
    setSid((current) => (wallets.some((w) => w.sid === current) ? current : defaultWalletSid(wallets)));
  }, [wallets]);
  return [sid, setSid];
}
