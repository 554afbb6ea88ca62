// Placeholder until the Wallet screen is built (SPEC.md §2).
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../components/ComingSoon';

export default function WalletScreen() {
  const { t } = useLingui();
  return <ComingSoon title={t`Wallet`} />;
}
