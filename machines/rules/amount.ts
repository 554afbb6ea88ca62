// Money as subscribers type it and as the server takes it: an M prefix, thousands separators, at most two
// decimals. One rule for both sides: the amount field refuses exactly what the wallet routes refuse
// (server/wallet/moneyRoutes.ts imports parseAmountCents from here), so a subscriber never sends an
// amount only to be told no.
import { groupThousands, MAX_PAYMENT_CENTS } from './money.ts';

export { groupThousands, MAX_PAYMENT_CENTS } from './money.ts';

/** Whole-M digits the amount field takes: as many as the largest payment has, more is a typing slip. */
export const MAX_WHOLE_DIGITS = String(MAX_PAYMENT_CENTS / 100).length;

/** A decimal as typed or sent: digits, then at most two decimals ('5', '5.', '5.5', '5.50'). */
const DECIMAL = /^\d+(\.\d{0,2})?$/;

/**
 * An amount as a person writes it, read to a plain decimal ('2,50' → '2.50', '1,234.5' → '1234.5',
 * 'M 1 000' → '1000'), or null when it could mean two things. A comma followed by one or two digits at
 * the end is the decimal separator (phones in many locales offer only a comma on the decimal keypad); a
 * comma before groups of exactly three digits separates thousands. '1.234,56', '1,23,456' and '2,5,0'
 * are refused, never guessed.
 */
export function readWrittenAmount(text: string): string | null {
  const plain = text.replace(/^\s*M\.?/i, '').replace(/\s/g, '');
  if (/^\d*,\d{1,2}$/.test(plain)) return plain.replace(',', '.');
  if (!/^[\d.,]*$/.test(plain) || (plain.match(/\./g) ?? []).length > 1) return null;
  const [whole = '', fraction] = plain.split('.');
  if (fraction?.includes(',') || (whole.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(whole))) return null;
  return whole.replace(/,/g, '') + (fraction === undefined ? '' : `.${fraction}`);
}

/**
 * Cents for a positive amount of at most M 1,000,000 with at most two decimals, or null (the server's
 * AMOUNT.INVALID). The wire may carry a number or the field's text with everything but digits and the
 * dot removed (as the original client sends it), so both are read.
 */
export function parseAmountCents(value: number | string): number | null {
  let cents: number;
  if (typeof value === 'string') {
    // '2,50' from a phone whose keypad has a decimal comma; thousands separators stay refused here.
    const text = /^\s*\d+,\d{1,2}\s*$/.test(value) ? value.trim().replace(',', '.') : value.trim();
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

/** What the field shows after a change, or `refused` when what was typed could mean two amounts. */
export type AmountChange = { shown: string; caret: number } | { refused: true };

/**
 * Reads a change to the amount field. The field's own commas separate thousands and are re-made on
 * every change, so only commas the subscriber has just typed or pasted are read, by readWrittenAmount:
 * '2' then ',' then '5' shows '2.5'; deleting the 4 of '1,234' shows '123', not '1.23'.
 */
export function readAmountChange(shown: string, raw: string, caret: number): AmountChange {
  let start = 0;
  while (start < shown.length && start < raw.length && shown[start] === raw[start]) start++;
  let end = 0;
  while (
    end < shown.length - start &&
    end < raw.length - start &&
    shown[shown.length - 1 - end] === raw[raw.length - 1 - end]
  )
    end++;
  const typed = raw.slice(start, raw.length - end);
  let text = raw;
  let at = caret;
  if (typed.includes(',')) {
    const read = typed === ',' ? '.' : readWrittenAmount(typed);
    if (read === null) return { refused: true };
    text = raw.slice(0, start) + read + raw.slice(raw.length - end);
    at = caret + read.length - typed.length;
    const [, decimals] = text.replace(/,/g, '').split('.');
    // A second decimal mark, or a comma typed before three digits: '1,234' → '1.234' is no amount.
    if ((text.match(/\./g) ?? []).length > 1 || (decimals ?? '').length > 2) return { refused: true };
  }
  const next = formatAmountInput(text);
  return { shown: next, caret: caretAfterFormat(text, at, next) };
}

/** The value sent: every character other than digits and the dot removed ('1,234.50' → '1234.50'). */
export const amountValue = (display: string): string => display.replace(/[^\d.]/g, '');

/** The amount in M for the wire, or null when the server would refuse it (empty, zero, above the cap). */
export function amountToWire(display: string): number | null {
  const cents = parseAmountCents(amountValue(display));
  return cents === null ? null : cents / 100;
}

/** On blur: padded to two decimals ('1,234' → '1,234.00', '5.5' → '5.50'); zero or empty clears it. */
export function padAmountInput(display: string): string {
  const formatted = formatAmountInput(display);
  // Only an amount that is no amount at all is cleared: one above the cap stays, to be corrected.
  if (!/[1-9]/.test(formatted)) return '';
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
