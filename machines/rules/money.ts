// Money as people read it, for the client and the server alike: the prefix M, thousands separators, two
// decimals ('M 2,000.00'), the sign after the prefix ('M -12.50'). The SPEC writes 'M. ' before a won
// amount on the results screen and a wallet move's amount (formatMDot). Plain ASCII, so SMS and USSD texts
// (GSM-7) carry it too. Apart from the amount field's typing rules (amount.ts) so the first load (the
// header's wallet button, the server messages naming the cap) carries only this.

/** Largest single wallet payment (M 1,000,000): far above any real one, well inside safe integers. */
export const MAX_PAYMENT_CENTS = 100_000_000;

/** Thousands separators on a run of digits: '1234567' → '1,234,567'. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whole cents, sign apart: a fraction of a cent rounds half away from zero; anything unreadable is 0. */
function centsParts(cents: number): { sign: string; whole: string; fraction: string } {
  const abs = Number.isFinite(cents) ? Math.round(Math.abs(cents)) : 0;
  return {
    sign: cents < 0 && abs > 0 ? '-' : '',
    whole: String(Math.floor(abs / 100)),
    fraction: String(abs % 100).padStart(2, '0'),
  };
}

/** '1,054.00' from cents, no prefix: for translated texts that write the M themselves ('Pay M {price}'). */
export function digitsOfCents(cents: number): string {
  const { sign, whole, fraction } = centsParts(cents);
  return `${sign}${groupThousands(whole)}.${fraction}`;
}

/** '1,054.00' from an amount in M (the wire's unit), no prefix: see digitsOfCents. */
export const digitsOfM = (amountInM: number): string => digitsOfCents(amountInM * 100);

/** 'M 1,054.00' from cents. */
export const formatCents = (cents: number): string => `M ${digitsOfCents(cents)}`;

/** 'M 1,054.00' from an amount in M. */
export const formatM = (amountInM: number): string => `M ${digitsOfM(amountInM)}`;

/** 'M. 1,054.00', 'M. -12.50': the SPEC's style for a won amount (results) and a wallet move's amount. */
export const formatMDot = (amountInM: number): string => `M. ${digitsOfM(amountInM)}`;

/** '-1234.50' from cents: no prefix, no separators, for files and payment rails that read a number. */
export function plainCents(cents: number): string {
  const { sign, whole, fraction } = centsParts(cents);
  return `${sign}${whole}.${fraction}`;
}
