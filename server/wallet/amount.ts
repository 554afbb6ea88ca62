// Wire money in, integer cents out. The original client sends the amount field as typed with everything
// but digits and the dot removed (SPEC.md §5), so a numeric string is accepted as well as a number.

/** Largest single wallet payment (M 1,000,000): far above any real one, well inside safe integers. */
export const MAX_PAYMENT_CENTS = 100_000_000;

const DECIMAL = /^\d{1,9}(\.\d{0,2})?$/;

/** Cents for a positive amount with at most two decimals, or null (AMOUNT.INVALID). */
export function parseAmountCents(value: number | string): number | null {
  let cents: number;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL.test(text)) return null;
    const [whole = '0', fraction = ''] = text.split('.');
    cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  } else {
    if (!Number.isFinite(value)) return null;
    cents = Math.round(value * 100);
    // 12.345 is refused rather than rounded: the subscriber must see what they pay.
    if (Math.abs(value * 100 - cents) > 1e-6) return null;
  }
  return cents > 0 && cents <= MAX_PAYMENT_CENTS ? cents : null;
}

/** 'M 1,050.00' (the money format of success messages). */
export const formatMoney = (cents: number): string =>
  `M ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
