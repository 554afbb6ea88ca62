// Wallet button: M plus the total available amount once the wallet has loaded, linking to
// /wallet; a click also refetches the wallet and refreshes the token when due.
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { digitsOfM } from '../../machines/rules/money';
import { useAccountStore, useWalletInfo } from '../account/hooks';

export function WalletButton() {
  const { t } = useLingui();
  const store = useAccountStore();
  const wallet = useWalletInfo();
  if (!wallet) return null;
  const amount = digitsOfM(wallet.totalAvailableAmount);
  return (
    <Link
      to="/wallet"
      className="btn btn-gold wallet-button"
      data-testid="wallet-button"
      aria-label={t`Wallet: M ${amount}`}
      onClick={() => void store?.refreshWallet()}
    >
      M {amount}
    </Link>
  );
}
