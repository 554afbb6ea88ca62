// SMS text as the networks carry it. A message in the GSM 03.38 default alphabet (7 bits a character)
// fits 160 characters; one other character turns the whole message into UCS-2 (70 characters), which
// more than doubles the parts paid for. So typographic punctuation and accented letters get close GSM
// equivalents before sending; what has none (emoji, other scripts) is left as it is.

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Sent as an escape plus a character: each counts 2 septets. */
const EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

/** Replacements that keep the meaning (Sesotho's š/ō/ê go through the accent stripping below). */
const CLOSE: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '`': "'",
  '\u00B4': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
  '\t': ' ',
  '\u2022': '-',
  '\u00B7': '.',
  '\u00D7': 'x',
  '\u200B': '',
  '\uFEFF': '',
};

const isGsmChar = (c: string) => basic.has(c) || extension.has(c);

/** A GSM equivalent of one character, or the character itself when there is none. */
function closeTo(c: string): string {
  if (isGsmChar(c)) return c;
  const close = CLOSE[c];
  if (close !== undefined) return close;
  // š → s, ō → o, ê → e: the base letter, when it is GSM, keeps the word readable.
  const base = c.normalize('NFD').replace(/\p{M}/gu, '');
  return base.length > 0 && [...base].every(isGsmChar) ? base : c;
}

/** The text with every character that has a close GSM equivalent replaced by it. */
export const toGsm7 = (text: string) => [...text].map(closeTo).join('');

/** True when the whole text is in the GSM 03.38 default alphabet or its extension table. */
export const isGsm7 = (text: string) => [...text].every(isGsmChar);

/**
 * The parts of a message: the text cut into units (a character, in septets for GSM or UTF-16 code
 * units for UCS-2) packed without splitting a unit (an escape pair or a surrogate pair) across parts.
 */
function partsOf(units: number[], single: number, multi: number): number {
  const total = units.reduce((sum, u) => sum + u, 0);
  if (total <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const unit of units) {
    if (used + unit > multi) {
      parts++;
      used = 0;
    }
    used += unit;
  }
  return parts;
}

/** Number of SMS parts: 160 / 153 a part for GSM-7 (extension characters count 2), 70 / 67 for UCS-2. */
export function smsParts(text: string): number {
  const chars = [...text];
  return isGsm7(text)
    ? partsOf(
        chars.map((c) => (extension.has(c) ? 2 : 1)),
        160,
        153,
      )
    : partsOf(
        chars.map((c) => c.length),
        70,
        67,
      );
}

/**
 * The text cut to fit `maxParts` parts, ending with "..." (GSM) or "…" (UCS-2) when cut. Longer
 * prefixes never need fewer parts, so the longest one that fits is found by bisection.
 */
export function fitParts(text: string, maxParts = 3): string {
  if (smsParts(text) <= maxParts) return text;
  const chars = [...text];
  const cut = (n: number) => {
    const kept = chars.slice(0, n).join('').trimEnd();
    return kept + (isGsm7(kept) ? '...' : '\u2026');
  };
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (smsParts(cut(mid)) <= maxParts) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}
