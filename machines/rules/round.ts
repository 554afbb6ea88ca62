// What makes a new round (betslip) acceptable: the same checks on the operator's form and on the server,
// so the form never lets through what the server refuses nor refuses what it takes. Pure: the caller
// gives the clock. Each problem is one plain English sentence (the form shows it next to the field;
// the server sends it as the message of BETSLIP.INVALID).
import { priceCents } from './betslip.ts';
import { PRIZE_TIERS } from './prizeTiers.ts';

/** A betslip has this many matches (the game's name). */
export const MATCH_COUNT = 14;
const YEAR = 365 * 24 * 60 * 60 * 1000;
/** The dearest slip the parameters allow may cost at most this (M): a typo must not price slips in millions. */
export const MAX_SLIP_PRICE = 100_000;

export interface RoundParams {
  defaultBetslipPrice: number;
  thirdChance: number;
  multipleChance: number;
  feePerSecond: number;
  feePerThird: number;
}

export interface RoundInput {
  endDate: string;
  matches: readonly { tournament: string; startDate: string; homeTeam: string; awayTeam: string }[];
  betslipParams: RoundParams;
  prizes?: readonly { prizeType: number; amount: number }[];
}

const hasTwoDecimals = (m: number) => Math.abs(m * 100 - Math.round(m * 100)) <= 1e-6;

/** Why these parameters are not sane, or null when they are. */
export function paramsProblem(p: RoundParams): string | null {
  if (!(p.defaultBetslipPrice > 0) || !hasTwoDecimals(p.defaultBetslipPrice))
    return 'defaultBetslipPrice must be a positive amount with at most two decimals';
  if (!Number.isInteger(p.thirdChance) || p.thirdChance < 0 || p.thirdChance > MATCH_COUNT)
    return `thirdChance must be 0..${MATCH_COUNT}`;
  if (
    !Number.isInteger(p.multipleChance) ||
    p.multipleChance < p.thirdChance ||
    p.multipleChance > MATCH_COUNT
  )
    return `multipleChance must be thirdChance..${MATCH_COUNT}`;
  for (const fee of ['feePerSecond', 'feePerThird'] as const) {
    if (!(p[fee] >= 1 && p[fee] <= 10)) return `${fee} must be between 1 and 10`;
  }
  // The dearest slip: every multiple allowed, as many of them triples as allowed (or as doubles when
  // a triple costs less than a double).
  let dearest = 0;
  for (let triples = 0; triples <= p.thirdChance; triples++) {
    const outcomes = Array.from({ length: MATCH_COUNT }, (_, i) =>
      i < triples ? '123' : i < p.multipleChance ? '12' : '1',
    );
    dearest = Math.max(dearest, priceCents(p, outcomes));
  }
  if (dearest > MAX_SLIP_PRICE * 100) return `the dearest slip would cost more than M ${MAX_SLIP_PRICE}`;
  return null;
}

/** Why this prize list is not acceptable, or null. */
export function prizesProblem(prizes: readonly { prizeType: number; amount: number }[]): string | null {
  if (prizes.some((p) => !(PRIZE_TIERS as readonly number[]).includes(p.prizeType)))
    return 'an unknown prize tier';
  if (new Set(prizes.map((p) => p.prizeType)).size !== prizes.length) return 'a prize type twice';
  if (prizes.some((p) => !(p.amount >= 0) || !hasTwoDecimals(p.amount)))
    return 'prize amounts have at most two decimals';
  return null;
}

/** Why this round cannot be created at `now`, or null. */
export function roundProblem(input: RoundInput, now: Date): string | null {
  if (input.matches.length !== MATCH_COUNT) return `a betslip has ${MATCH_COUNT} matches`;
  const endAt = Date.parse(input.endDate);
  if (Number.isNaN(endAt)) return 'endDate is not a date';
  if (endAt <= now.getTime()) return 'endDate must be in the future';
  if (endAt > now.getTime() + 5 * YEAR) return 'endDate is more than five years away';
  for (const m of input.matches) {
    if (Number.isNaN(Date.parse(m.startDate))) return 'a startDate is not a date';
    if (!m.tournament.trim() || !m.homeTeam.trim() || !m.awayTeam.trim())
      return 'every match needs a tournament and two teams';
    if (m.homeTeam.trim().toLowerCase() === m.awayTeam.trim().toLowerCase())
      return 'a team cannot play itself';
  }
  // Nobody may pick a match already under way (or played): the round closes by its first kick-off.
  const first = firstKickOff(input.matches);
  if (first && endAt > Date.parse(first)) return 'the closing time is after the first kick-off';
  return paramsProblem(input.betslipParams) ?? prizesProblem(input.prizes ?? []);
}

/** The default closing time: the first kick-off (nobody picks a match already under way). */
export function firstKickOff(matches: readonly { startDate: string }[]): string | null {
  const times = matches.map((m) => Date.parse(m.startDate)).filter((t) => !Number.isNaN(t));
  return times.length ? new Date(Math.min(...times)).toISOString() : null;
}
