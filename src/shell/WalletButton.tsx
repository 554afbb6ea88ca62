// Wallet button (SPEC.md §2): M plus the total available amount, linking to /wallet; a click also
// refreshes the token when due. Placeholder amount until the wallet feature wires its data here.
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession } from '../session/hooks';

export function WalletButton({ totalAvailableAmount = 0 }: { totalAvailableAmount?: number }) {
  const { t } = useLingui();
  const { userAction } = useSession();
  const amount = totalAvailableAmount.toFixed(2);
  return (
    <Link
      to="/wallet"
      className="btn btn-gold wallet-button"
      data-testid="wallet-button"
      aria-label={t`Wallet: M ${amount}`}
      onClick={userAction}
    >
      M {amount}
    </Link>
  );
}
