// "M 5.00 a week": the subscription's price and billing period as the operator set them.
import { useLingui } from '@lingui/react/macro';
import { formatM } from '../../machines/rules/money';
import type { Period, SiteInfo } from './site';

/** The price and period in words, or null without them. */
export function useOfferText(offer: { price: number; period: Period } | null): string | null {
  const { t } = useLingui();
  if (!offer) return null;
  const amount = formatM(offer.price);
  switch (offer.period) {
    case 'day':
      return t`${amount} a day`;
    case 'week':
      return t`${amount} a week`;
    default:
      return t`${amount} a month`;
  }
}

export const useSubscriptionPrice = (site: SiteInfo | null): string | null =>
  useOfferText(site?.subscription ?? null);
