// Placeholder until the Contact us screen is built (SPEC.md §2).
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../../components/ComingSoon';

export default function ContactScreen() {
  const { t } = useLingui();
  return <ComingSoon title={t`Contact us`} />;
}
