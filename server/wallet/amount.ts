// Money in the server's own words. Which amounts are accepted is one rule shared with the amount field:
// parseAmountCents in machines/rules/amount.ts.

/** 'M 1,050.00' (the money format of success messages). */
export const formatMoney = (cents: number): string =>
  `M ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
