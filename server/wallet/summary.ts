// The wallet figures the API reports, derived from per-kind sums of the ledger (pure, so the rules are
// tested without a database). All amounts in integer cents.
import type { MoveKind } from '../db/playWalletTables.ts';

export interface WalletSummary {
  /** Everything the subscriber may spend now: the sum of all movements (a pending cash-out is already out). */
  totalAvailableAmount: number;
  /**
   * Winnings and deposits not yet cashed out, capped by what is available. Spending consumes operator credit before
   * winnings (the subscriber-friendly order), so only once credit is gone does a stake lower this figure.
   */
  withdrawableAmount: number;
  /** Sum of all prizes. */
  totalWonAmount: number;
  /** Cash-outs the provider confirmed. */
  totalWithdrawnAmount: number;
  /** Cash-outs in flight: debited from the balance but not yet confirmed or reversed. */
  currentlyWithheldAmount: number;
}

/** `totals` is the sum of amount_cents per kind; `withheldCents` the sum of PENDING cash-outs. */
export function computeSummary(
  totals: Partial<Record<MoveKind, number>>,
  withheldCents: number,
): WalletSummary {
  const sum = (kind: MoveKind) => totals[kind] ?? 0;
  const available = Object.values(totals).reduce((a, b) => a + (b ?? 0), 0);
  const won = sum('PRIZE');
  // Net money sent out by cash-outs, pending included (a failed one nets to zero with its reversal).
  const cashedOut = 0 - (sum('CASH_OUT') + sum('CASH_OUT_REVERSAL')); // '0 -' avoids -0
  // The subscriber's own money (deposits) may leave again, as winnings may; operator credit may not.
  const withdrawable = Math.max(0, Math.min(won + sum('DEPOSIT') - cashedOut, available));
  return {
    totalAvailableAmount: available,
    withdrawableAmount: withdrawable,
    totalWonAmount: won,
    totalWithdrawnAmount: cashedOut - withheldCents,
    currentlyWithheldAmount: withheldCents,
  };
}
