// Top up and play (CONTRACTS.md "Top up and play"): when the wallet is short of a slip's price, the play
// screen offers a mobile-money deposit of the difference and pays the same slip, with the same
// Idempotency-Key, once the deposit is confirmed. The decisions, apart from their effects.
// Which refusal offers a top-up lives with the betslip machine's other failure rules (it keeps the key
// then), so the play screen's first load does not carry this file; re-exported here with the rest.
export { isShortOfMoney, SHORT_OF_MONEY_KEY } from '../betslip/helpers';

/** Deposits have no minimum above one cent today (the amount rule, parseAmountCents). */
export const DEPOSIT_MINIMUM_CENTS = 1;

/**
 * What to deposit for a slip of `priceCents` with `availableCents` in the wallet: the difference, at least
 * the deposit minimum; 0 when the wallet already covers it (then the slip is simply paid again).
 */
export function topUpCents(priceCents: number, availableCents: number, minimumCents = DEPOSIT_MINIMUM_CENTS) {
  const short = priceCents - Math.max(0, availableCents);
  if (short <= 0) return 0;
  return Math.max(Math.ceil(short), minimumCents);
}

export type DepositState = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'FAILED';

/** What the top-up does next, from its deposit's status and whether the slip's round is still open. */
export type TopUpStep =
  /** The subscriber is confirming on their phone. */
  | 'wait'
  /** Confirmed with the round open: submit the same slip with the same key. */
  | 'pay'
  /** Confirmed after the round closed: the money stays in the wallet; no slip goes into another round. */
  | 'roundClosed'
  /** Cancelled on the phone, or failed: nothing was taken; the picks stay for another try. */
  | 'cancelled'
  | 'failed';

export function topUpStep(status: DepositState, round: { sid: string; openSid: string | null }): TopUpStep {
  switch (status) {
    case 'PENDING':
      return 'wait';
    case 'CONFIRMED':
      return round.openSid === round.sid ? 'pay' : 'roundClosed';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return 'failed';
  }
}
