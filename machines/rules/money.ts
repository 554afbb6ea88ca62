// Money as subscribers read it (prefix M, two decimals), and the largest payment, apart from the amount
// field's typing rules (amount.ts) so the first load (the header's wallet button, the server messages
// naming the cap) carries only this.

/** Largest single wallet payment (M 1,000,000): far above any real one, well inside safe integers. */
export const MAX_PAYMENT_CENTS = 100_000_000;

/** Thousands separators on a run of digits: '1234567' → '1,234,567'. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A wire amount (M) for display, two decimals and separators: 1054 → '1,054.00', -12.5 → '-12.50'. */
export function formatMoney(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;
}
