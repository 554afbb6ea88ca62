// "M 5.00 a week": the subscription's price and billing period as the operator set them.
import { useLingui } from '@lingui/react/macro';
import { formatM } from '../../machines/rules/money';
import type { SiteInfo } from './site';

export function useSubscriptionPrice(site: SiteInfo | null): string | null {
  const { t } = useLingui();
  if (!site) return null;
  const amount = formatM(site.subscription.price);
  switch (site.subscription.period) {
    case 'day':
      return t`${amount} a day`;
    case 'week':
      return t`${amount} a week`;
    default:
      return t`${amount} a month`;
  }
}
