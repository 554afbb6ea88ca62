// Results-screen rules (docs/CONTRACTS.md "Results and operations API"): how picks and results are labelled,
// a slip's state, the result filter, title case for prize names. Pure (wire dates are read by
// machines/rules/maseruTime.ts). The result filter's ids are in filterIds.ts, for the router's search params.
import type { ResultFilterId } from './filterIds.ts';

export { isResultFilterId, RESULT_FILTERS, type ResultFilterId } from './filterIds.ts';

import type { PastBetslipWire } from '../wire/results';

export type { BetslipStatistics, PlacedBet } from '../wire/results';

/** Fields an answer cached by an older build may lack. */
type Newer = 'reference' | 'rows' | 'systemId' | 'winningRows';

/** A past betslip as the client reads it: `reference`, `rows`, `systemId` and `winningRows` are absent in
 * answers cached by an older build. */
export type PastBetslip = Omit<PastBetslipWire, Newer> & Partial<Pick<PastBetslipWire, Newer>>;

/** What a pick or result is shown as (HOME_WIN → HOME, ALL → ANY, unknown → N/A); the UI translates it. */
export type PickLabel = 'HOME' | 'AWAY' | 'DRAW' | 'HOME, AWAY' | 'HOME, DRAW' | 'AWAY, DRAW' | 'ANY' | 'N/A';

const PICK_LABELS: Record<string, PickLabel> = {
  HOME_WIN: 'HOME',
  AWAY_WIN: 'AWAY',
  DRAW: 'DRAW',
  EITHER_HOME_OR_AWAY: 'HOME, AWAY',
  EITHER_HOME_OR_DRAW: 'HOME, DRAW',
  EITHER_AWAY_OR_DRAW: 'AWAY, DRAW',
  ALL: 'ANY',
};

/** The table's label for a pick or result value; anything else (VOID, null, unknown) is 'N/A'. */
export const pickLabel = (value: string | null | undefined): PickLabel =>
  (value != null && Object.hasOwn(PICK_LABELS, value) && PICK_LABELS[value]) || 'N/A';

export type SlipState = 'pending' | 'won' | 'lost';

/** Pending while not closed; once closed, won or lost. */
export const slipState = (slip: Pick<PastBetslip, 'won' | 'betSlipClosed'>): SlipState =>
  !slip.betSlipClosed ? 'pending' : slip.won ? 'won' : 'lost';

/** The tick or cross column: only once the slip is closed, and only when the bet has a verdict. */
export type BetMark = 'correct' | 'wrong' | 'n/a';

export const betMark = (closed: boolean, isCorrect: boolean | null): BetMark =>
  !closed || isCorrect === null ? 'n/a' : isCorrect ? 'correct' : 'wrong';

/**
 * The result filter: the placeholder (null) and All keep everything; Won keeps won slips; Not Won keeps
 * the rest, pending ones included (they have not won, as the `won` flag says).
 */
export function filterByResult<T>(
  items: readonly T[],
  filter: ResultFilterId | null,
  won: (item: T) => boolean,
): T[] {
  if (filter === 'won') return items.filter((item) => won(item));
  if (filter === 'notWon') return items.filter((item) => !won(item));
  return [...items];
}

/** 'SECOND PRIZE' → 'Second Prize'; 'JACKPOT' → 'Jackpot'. Words split on spaces, underscores or hyphens kept. */
export const titleCase = (text: string): string =>
  text
    .trim()
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());

/** Integer percent of a 0..1 share, clamped (the bars and their labels). */
export const sharePercent = (share: number): number =>
  Number.isFinite(share) ? Math.round(Math.min(1, Math.max(0, share)) * 100) : 0;
