// A settled slip's winning rows as past betslips and my-slips show them ([{prizeType, count, amountEach}],
// M): stored per slip at settlement (slip_results.winning_rows), so reading never recounts. A slip settled
// before rows were stored (rule 'SLIP', the demo's seeded rounds) won once in its best tier: that tier is
// read back from its prize's name.
import { PRIZE_TIERS } from '../../machines/rules/prizeTiers.ts';
import { prizeName } from '../../machines/rules/settlement.ts';
import { fromJson } from '../db/json.ts';
import { toCents } from '../wallet/ledger.ts';

export interface WinningRowsWire {
  prizeType: number;
  count: number;
  /** M */
  amountEach: number;
}

/** The tier a prize name stands for ('SECOND PRIZE' → 13, '9 CORRECT' → 9); null for none. */
export function tierOfPrizeName(name: string | null): number | null {
  if (!name) return null;
  const known = PRIZE_TIERS.find((p) => prizeName(p) === name);
  if (known !== undefined) return known;
  const other = /^(\d+) CORRECT$/.exec(name);
  return other ? Number(other[1]) : null;
}

/** Only tiers with a winning row, highest first; [] while the betslip is not settled or nothing won. */
export function winningRowsOf(
  slip: {
    winning_rows: unknown;
    amount_won_cents: number | string | null;
    prize_won: string | null;
  },
  settled: boolean,
): WinningRowsWire[] {
  if (!settled) return [];
  if (slip.winning_rows != null) {
    return fromJson<Array<{ prizeType: number; count: number; amountEachCents: number }>>(slip.winning_rows)
      .filter((w) => w.count > 0)
      .map((w) => ({ prizeType: w.prizeType, count: w.count, amountEach: w.amountEachCents / 100 }));
  }
  const amount = toCents(slip.amount_won_cents);
  const tier = tierOfPrizeName(slip.prize_won);
  return amount > 0 && tier !== null ? [{ prizeType: tier, count: 1, amountEach: amount / 100 }] : [];
}
