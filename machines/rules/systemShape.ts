// What the betslip machine needs to know of a reduced system (DESIGN.md "Systems and pick shares"): how
// many triples and doubles it covers and how many rows it plays. Its fit and its price follow from
// these alone, so /play's first load carries this module and not the tables (reducedSystems.ts, which
// builds on it and is loaded with the system picker). Pure: imports nothing but the pick rules.
import {
  type BetslipParams,
  countPicks,
  fullPriceExactCents,
  type Outcome,
  roundCents,
  signsOf,
} from './betslip.ts';

/** A reduced system as plain data: `R-<triples>-<doubles>-<rows>` and those three numbers. */
export interface SystemShape {
  id: string;
  /** Matches with three picks the slip must have, exactly. */
  triples: number;
  /** Matches with exactly two picks the slip must have, exactly. */
  doubles: number;
  /** Rows the system plays. */
  rows: number;
}

/** 3^triples × 2^doubles: the rows of the full system over the same marks. */
export const fullRowsOf = (s: Pick<SystemShape, 'triples' | 'doubles'>): number =>
  3 ** s.triples * 2 ** s.doubles;

/** True when a slip has exactly the system's triples and doubles (and nothing unset). */
export function fitsShape(s: SystemShape, outcomes: readonly Outcome[]): boolean {
  if (outcomes.some((o) => signsOf(o).length === 0)) return false;
  const { triples, doubles } = countPicks(outcomes);
  return triples === s.triples && doubles === s.doubles;
}

/**
 * A system slip's price in cents: the full system's price × rows ÷ full rows, rounded half-up to the cent
 * once (from the exact full price, as `priceCents` rounds once). At fees 2 and 3 it is base × rows.
 */
export const shapePriceCents = (s: SystemShape, params: BetslipParams): number =>
  roundCents((fullPriceExactCents(params, s.doubles, s.triples) * s.rows) / fullRowsOf(s));
