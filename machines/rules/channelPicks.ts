// Picks typed on a phone without the app: on USSD (digits only, `*` is the gateway's separator) and in
// SMS commands; and the short code that ties a fallback SMS to the app slip it carries. Shared by the
// server (which parses) and the app (which writes the SMS). Pure: imports nothing but the betslip rules.
import { isValidOutcome, type Outcome } from './betslip.ts';

/**
 * USSD keypad digits for one match: 1 home, 2 away, 3 draw, and the multi-picks 4 = 1 or 2,
 * 5 = 1 or 3, 6 = 2 or 3, 7 = any of the three.
 */
export const USSD_DIGITS: Readonly<Record<string, string>> = {
  '1': '1',
  '2': '2',
  '3': '3',
  '4': '12',
  '5': '13',
  '6': '23',
  '7': '123',
};

/** The keypad digit of an outcome ('31' → '5'), or '?' for none. */
export function ussdDigit(outcome: Outcome): string {
  if (!outcome) return '?';
  const sorted = [...outcome].sort().join('');
  return Object.entries(USSD_DIGITS).find(([, o]) => o === sorted)?.[0] ?? '?';
}

/** `count` keypad digits as outcomes, or null when the input is not exactly that. */
export function parseUssdPicks(input: string, count: number): string[] | null {
  const text = input.trim();
  if (text.length !== count) return null;
  const outcomes: string[] = [];
  for (const ch of text) {
    const outcome = USSD_DIGITS[ch];
    if (!outcome) return null;
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * SMS picks: one digit 1/2/3 per match, a multi-pick in brackets (`1(12)3…`); spaces are ignored.
 * Returns the outcomes, or null when the text is not that (the count is checked by the caller).
 */
export function parseSmsPicks(input: string): string[] | null {
  const text = input.replace(/\s+/g, '');
  if (text.length === 0 || text.length > 100) return null;
  const outcomes: string[] = [];
  const token = /\(([^)]*)\)|([^(])/g;
  let consumed = 0;
  for (const match of text.matchAll(token)) {
    if (match.index !== consumed) return null;
    consumed += match[0].length;
    const outcome = match[1] ?? match[2] ?? '';
    if (!isValidOutcome(outcome)) return null;
    outcomes.push(outcome);
  }
  return consumed === text.length ? outcomes : null;
}

/** Outcomes as SMS picks ('1', '13', '2' → '1(13)2'). */
export const formatSmsPicks = (outcomes: readonly string[]): string =>
  outcomes.map((o) => (o.length === 1 ? o : `(${o})`)).join('');

/** Crockford's base-32 alphabet (no I, L, O, U): nothing a person can misread. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LETTERS = BASE32.slice(10);

/** A slip code: a letter then five base-32 characters, so it never reads as picks. */
export const SLIP_CODE = /^[A-HJKMNP-TV-Z][0-9A-HJKMNP-TV-Z]{5}$/;

/**
 * The short code of an Idempotency-Key (FNV-1a, 32 bits): the same key always gives the same code. It
 * is not a secret; it only names which app slip an SMS carries, within one subscriber's slips.
 */
export function slipCode(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let code = LETTERS[hash % LETTERS.length] ?? 'A';
  let rest = Math.floor(hash / LETTERS.length);
  for (let i = 0; i < 5; i++) {
    code += BASE32[rest % 32];
    rest = Math.floor(rest / 32);
  }
  return code;
}

/** How long before its round closes a slip stuck in the offline queue is offered as an SMS. */
export const SMS_FALLBACK_WINDOW_MS = 60 * 60 * 1000;

/** Whether a queued slip of a round ending at `endsAt` (ms) is offered as an SMS at `now`. */
export const offersSmsFallback = (endsAt: number, now: number): boolean =>
  now < endsAt && endsAt - now <= SMS_FALLBACK_WINDOW_MS;

/**
 * The SMS command that carries a queued slip: its picks in position order and its key's short code, so
 * the server pays it once whether this SMS or the queued request arrives first. Sesotho keyword for st.
 */
export function smsFallbackCommand(
  lang: string,
  dtos: readonly { betSlipPosition: number; prediction: number }[],
  key: string,
): string {
  const outcomes = [...dtos]
    .sort((a, b) => a.betSlipPosition - b.betSlipPosition)
    .map((d) => String(d.prediction));
  return `${lang === 'en' ? 'PLAY' : 'BAPALA'} ${formatSmsPicks(outcomes)} ${slipCode(key)}`;
}
