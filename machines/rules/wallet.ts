// Wallet rules of SPEC.md §3–§5 that are not about typing amounts: the friend's number, how a wallet
// move reads, its time, and which mobile wallet is chosen by default. Pure and shared by the screens.
import { formatMoney } from './money';

/** A friend's number needs at least this many digits (SPEC.md §9); Lesotho numbers have exactly 8. */
export const FRIEND_NUMBER_DIGITS = 8;

/**
 * The friend's number as typed (SPEC.md §5): a leading 266 or +266 is stripped and non-digits removed;
 * kept to the 8 digits a Lesotho number has, so a stray extra digit cannot make it invalid.
 */
export function cleanFriendNumber(raw: string): string {
  const compact = raw.replace(/[^\d+]/g, '');
  return compact
    .replace(/^\+?266/, '')
    .replace(/\D/g, '')
    .slice(0, FRIEND_NUMBER_DIGITS);
}

export const isFriendNumberValid = (digits: string): boolean => digits.length >= FRIEND_NUMBER_DIGITS;

/** The receivingMsisdn the server takes for a friend: the normalised 266XXXXXXXX. */
export const friendMsisdn = (digits: string): string => `266${digits}`;

/** A move's reason for people: underscores as spaces, title case ('CASH_OUT' → 'Cash Out'). */
export const reasonTitle = (reason: string): string =>
  reason
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

/** A move's amount as SPEC.md §3 shows it: 'M. -12.50' for money out, 'M. 1,000.00' for money in. */
export const moveAmount = (amount: number): string => `M. ${formatMoney(amount)}`;

/** Lesotho keeps UTC+2 all year (no daylight saving), the zone the server writes its dates in. */
const MASERU_OFFSET = '+02:00';

/** A server date 'yyyy-mm-dd hh:mm[:ss]' (Africa/Maseru) as an instant; Invalid Date when malformed. */
export function parseMaseruDate(text: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(text.trim());
  return m ? new Date(`${m[1]}T${m[2]}${m[3] ?? ':00'}${MASERU_OFFSET}`) : new Date(Number.NaN);
}

export interface SupportedWallet {
  sid: string;
  name: string;
}

/** The wallet chosen at first (SPEC.md §4): the only real one when exactly one exists, else none (''). */
export const defaultWalletSid = (wallets: readonly SupportedWallet[]): string =>
  wallets.length === 1 ? wallets[0]!.sid : '';

/** Buy shows the selector only when there is a real choice (more than one real wallet). */
export const needsWalletChoice = (wallets: readonly SupportedWallet[]): boolean => wallets.length > 1;
