// A slip's price explained, for the confirmation above the default price: only that (lazy) dialog uses
// it, so it stays out of the rules the Play screen loads first.
import { type BetslipParams, countPicks, type Outcome, priceCents } from './betslip';

/** The parts of a slip's price, in the order `priceCents` multiplies them. */
export interface PriceParts {
  baseCents: number;
  doubles: number;
  feePerSecond: number;
  /** feePerSecond^doubles */
  doublesFactor: number;
  triples: number;
  feePerThird: number;
  /** feePerThird^triples */
  triplesFactor: number;
  totalCents: number;
}

/** The price explained: base × feePerSecond^doubles × feePerThird^triples = total. */
export function priceParts(params: BetslipParams, outcomes: readonly Outcome[]): PriceParts {
  const { doubles, triples } = countPicks(outcomes);
  return {
    baseCents: priceCents(params, []),
    doubles,
    feePerSecond: params.feePerSecond,
    doublesFactor: params.feePerSecond ** doubles,
    triples,
    feePerThird: params.feePerThird,
    triplesFactor: params.feePerThird ** triples,
    totalCents: priceCents(params, outcomes),
  };
}

/** A multiplier as a person writes it: 4, 1.21, 1.331 (at most four decimals, no trailing zeros). */
export const formatFactor = (n: number): string => String(Math.round(n * 10_000) / 10_000);
