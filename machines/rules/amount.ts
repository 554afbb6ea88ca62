// Money as subscribers read and type it (SPEC.md §5 Amount input, §9: prefix M, two decimals). Pure, so
// the amount field, the wallet figures and their tests share one rule.
import { groupThousands } from './money';

export { formatMoney, groupThousands } from './money';

/** Whole-M digits the amount field takes (up to M 999,999,999.99): more is a typing slip, not a payment. */
export const MAX_WHOLE_DIGITS = 9;

/**
 * What the amount field shows while typing: digits and one dot only, at most two decimals, thousands
 * separators, no leading zeros ('0012' → '12', '.5' → '0.5', '1234.567' → '1,234.56').
 */
export function formatAmountInput(raw: string): string {
  const clean = raw.replace(/[^\d.]/g, '');
  const dot = clean.indexOf('.');
  const decimals =
    dot === -1
      ? null
      : clean
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  let whole = (dot === -1 ? clean : clean.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, MAX_WHOLE_DIGITS);
  if (whole === '' && decimals !== null) whole = '0';
  return groupThousands(whole) + (decimals === null ? '' : `.${decimals}`);
}

/** The value sent: every character other than digits and the dot removed ('1,234.50' → '1234.50'). */
export const amountValue = (display: string): string => display.replace(/[^\d.]/g, '');

/** The amount in M for the wire, or null when the field is empty, zero or not a number. */
export function amountToWire(display: string): number | null {
  const value = amountValue(display);
  if (!/^\d+(\.\d{0,2})?$/.test(value)) return null;
  const amount = Number(value);
  return amount > 0 ? Math.round(amount * 100) / 100 : null;
}

/** On blur: padded to two decimals ('1,234' → '1,234.00', '5.5' → '5.50'); zero or empty clears it. */
export function padAmountInput(display: string): string {
  const formatted = formatAmountInput(display);
  if (amountToWire(formatted) === null) return '';
  const [whole, decimals = ''] = formatted.split('.');
  return `${whole}.${decimals.padEnd(2, '0')}`;
}

/**
 * Where the caret belongs after reformatting: just after as many digits and dots as stood before it in
 * what was typed, so inserting a separator does not throw the caret to the end of the field.
 */
export function caretAfterFormat(raw: string, caret: number, formatted: string): number {
  let wanted = raw.slice(0, caret).replace(/[^\d.]/g, '').length;
  if (wanted === 0) return 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/[\d.]/.test(formatted[i]!) && --wanted === 0) return i + 1;
  }
  return formatted.length;
}
