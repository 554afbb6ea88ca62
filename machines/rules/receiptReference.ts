// A slip's reference as a person reads it off a receipt (CONTRACTS.md "Receipts"): the betslip's sid, a
// dash and six characters from an alphabet without 0/O or 1/I (J14-0004-NKSPA7). One rule for the public
// look-up route, which refuses anything else, and /verify, which decides whether text is a reference. Pure.

/** The six-character suffix: no 0, O, 1 or I, so it survives being read aloud and typed from paper. */
const SUFFIX = '[2-9A-HJ-NP-Z]{6}';
/** A betslip sid as operators may name one (machines/wire/admin.ts), then the suffix. */
export const RECEIPT_REFERENCE_PATTERN = `^[A-Za-z0-9][A-Za-z0-9_-]{0,31}-${SUFFIX}$`;

const REFERENCE = new RegExp(RECEIPT_REFERENCE_PATTERN);
/** As typed: surrounding spaces and a lower-case suffix are a person's, not a different reference. */
const TYPED = /^([A-Za-z0-9][A-Za-z0-9_-]{0,31})-([2-9A-HJ-NP-Za-hj-np-z]{6})$/;

/** True when `text` is exactly a reference as issued. */
export const isReceiptReference = (text: string): boolean => REFERENCE.test(text);

/** The reference `text` stands for (trimmed, suffix upper-cased), or null when it is not one. */
export function typedReference(text: string): string | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const [, sid, suffix] = match as unknown as [string, string, string];
  return `${sid}-${suffix.toUpperCase()}`;
}
