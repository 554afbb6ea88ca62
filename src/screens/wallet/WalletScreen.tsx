// The Wallet screen: tabs — Overview, Deposit, Buy mobile, Transactions, Cash out — over the
// account store's wallet info, with a toast for the outcome of a purchase or cash-out (5 s). Every tab
// stays mounted (only hidden) so a half-typed form or a running cash-out survives a tab change. The tab
// and the transactions' filter and page are the route's search params, so reload and back keep them.
import { Trans, useLingui } from '@lingui/react/macro';
import * as Tabs from '@radix-ui/react-tabs';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { payoutWallets } from '../../../machines/rules/wallet';
import { useAccountStore, useWalletFailed, useWalletInfo, useWalletSavedAt } from '../../account/hooks';
import { OfflineCopyNote } from '../../components/OfflineCopyNote';
import { Toast, type ToastMessage } from '../../components/Toast';
import { WALLET_TABS, type WalletSearch, type WalletTab } from '../../lib/listSearch';
import { BuyAirtime } from './BuyAirtime';
import { CashOut } from './CashOut';
import { Deposit } from './Deposit';
import { Overview } from './Overview';
import { failureToast, successToast } from './results';
import { Transactions } from './Transactions';
import { useSupportedWallets } from './useWallets';
import './wallet.css';

export default function WalletScreen() {
  const { t, i18n } = useLingui();
  const store = useAccountStore();
  const wallet = useWalletInfo();
  const failed = useWalletFailed();
  // Offline, the last wallet this device saw (balances and moves), with its time.
  const savedAt = useWalletSavedAt();
  const wallets = useSupportedWallets();
  const { tab = 'overview', time = null, page = 1 } = useSearch({ from: '/shell/guarded/wallet' });
  const navigate = useNavigate({ from: '/wallet' });
  // Replaced, not pushed: back leaves the screen as it always did, and returns to this tab and list.
  const show = (change: WalletSearch) =>
    navigate({ search: (prev) => ({ ...prev, ...change }), replace: true, resetScroll: false });
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const refresh = useCallback(() => void store?.refreshWallet(), [store]);

  // Either way the balance may have moved (a lost answer can still have been charged): refetch it.
  const onSent = (answer: Parameters<typeof successToast>[1]) => {
    setToast(successToast(i18n, answer));
    void store?.refreshWallet();
  };
  const onFailed = (error: unknown) => {
    setToast(failureToast(i18n, error));
    void store?.refreshWallet();
  };
  const labels: Record<WalletTab, string> = {
    overview: t`Overview`,
    deposit: t`Deposit`,
    buy: t`Buy mobile`,
    transactions: t`Transactions`,
    cashout: t`Cash out`,
  };
  // What Cash out gets (Buy mobile takes no wallet: the wallet pays): the wallets and where outcomes go.
  const forms = { wallets, onSent, onFailed };
  const cashOutWallets = useMemo(() => payoutWallets(wallets), [wallets]);
  const panel = (id: WalletTab, content: ReactNode) => (
    <Tabs.Content value={id} className="wallet-panel" forceMount hidden={tab !== id}>
      {content}
    </Tabs.Content>
  );

  return (
    <section className="page wallet" aria-labelledby="wallet-title">
      <h1 id="wallet-title">
        <Trans>Wallet</Trans>
      </h1>
      {!wallet && !failed && (
        <div className="wallet-pending" role="status">
          <span className="spinner" aria-hidden="true" />
          <Trans>Loading your wallet…</Trans>
        </div>
      )}
      {failed && (
        <div className="wallet-pending" role="alert">
          <p>
            <Trans>Your wallet could not be loaded.</Trans>
          </p>
          <button type="button" className="btn btn-gold" onClick={() => void store?.refreshWallet()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {wallet && savedAt !== null && <OfflineCopyNote kind="wallet" savedAt={savedAt} onRetry={refresh} />}
      {wallet && (
        <Tabs.Root
          value={tab}
          onValueChange={(next) => show({ tab: next === 'overview' ? undefined : (next as WalletTab) })}
        >
          <Tabs.List className="wallet-tabs" aria-label={t`Wallet`}>
            {WALLET_TABS.map((id) => (
              <Tabs.Trigger key={id} value={id} className="wallet-tab">
                {labels[id]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {panel('overview', <Overview wallet={wallet} />)}
          {panel(
            'deposit',
            <Deposit
              wallets={wallets}
              deposits={wallet.deposits ?? []}
              onFailed={onFailed}
              onSettled={refresh}
            />,
          )}
          {panel(
            'buy',
            <BuyAirtime onSent={onSent} onFailed={onFailed} available={wallet.totalAvailableAmount} />,
          )}
          {panel(
            'transactions',
            <Transactions
              moves={wallet.walletMovesDto}
              filter={time}
              page={page}
              onFilter={(next) => show({ time: next, page: undefined })}
              onPage={(next) => show({ page: next > 1 ? next : undefined })}
            />,
          )}
          {panel(
            'cashout',
            <CashOut {...forms} wallets={cashOutWallets} withdrawable={wallet.withdrawablemount} />,
          )}
        </Tabs.Root>
      )}
      <Toast toast={toast} onClose={closeToast} />
    </section>
  );
}
