// Wallet rules that are not about typing amounts: the friend's number, how a wallet
// move reads, and which mobile wallet is chosen by default. Pure and shared by the screens.
import { msisdnProblem, normaliseMsisdn } from '../session/msisdn';

/** A friend's number is typed without the country code: the 8 digits of a Lesotho number. */
export const FRIEND_NUMBER_DIGITS = 8;

/**
 * The friend's number as typed: a leading 266 or +266 is stripped and non-digits removed;
 * kept to the 8 digits a Lesotho number has, so a stray extra digit cannot make it invalid.
 */
export function cleanFriendNumber(raw: string): string {
  const compact = raw.replace(/[^\d+]/g, '');
  return compact
    .replace(/^\+?266/, '')
    .replace(/\D/g, '')
    .slice(0, FRIEND_NUMBER_DIGITS);
}

/**
 * Why the server would refuse this friend's number (the shared msisdn rule): 'length' when digits are
 * missing, 'prefix' when it is not a mobile number; null when it will be accepted.
 */
export const friendNumberProblem = (digits: string): 'length' | 'prefix' | null => msisdnProblem(digits);

export const isFriendNumberValid = (digits: string): boolean => friendNumberProblem(digits) === null;

/** The receivingMsisdn the server takes for a friend: the normalised 266XXXXXXXX (null when invalid). */
export const friendMsisdn = (digits: string): string | null => normaliseMsisdn(digits);

/** A move's reason for people: underscores as spaces, title case ('CASH_OUT' → 'Cash Out'). */
export const reasonTitle = (reason: string): string =>
  reason
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

export interface SupportedWallet {
  sid: string;
  name: string;
  /** Cash-outs go to it (M-Pesa); false for a wallet that takes deposits only (EcoCash). Older servers omit it. */
  payouts?: boolean;
}

/** The wallets a cash-out can go to. */
export const payoutWallets = (wallets: readonly SupportedWallet[]): SupportedWallet[] =>
  wallets.filter((w) => w.payouts !== false);

/** The wallet chosen at first: the only real one when exactly one exists, else none (''). */
export const defaultWalletSid = (wallets: readonly SupportedWallet[]): string =>
  wallets.length === 1 ? wallets[0]!.sid : '';

/** Buy shows the selector only when there is a real choice (more than one real wallet). */
export const needsWalletChoice = (wallets: readonly SupportedWallet[]): boolean => wallets.length > 1;
