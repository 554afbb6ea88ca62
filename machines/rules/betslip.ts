// Pick and price rules of a betslip (docs/CONTRACTS.md "Play rules").
// Shared by the client (what the player sees) and the server (what it accepts and charges), so the
// two can never disagree on a limit or a cent. Pure: imports nothing.

/** A pick digit: 1 home win, 2 away win, 3 draw. */
export type Digit = '1' | '2' | '3';
/** A match's picks as digits in tap order ('1', '13', '132'), or null when unset. */
export type Outcome = string | null;

export interface BetslipParams {
  /** Price in M of a slip of singles only. */
  defaultBetslipPrice: number;
  /** Most matches with three picks. */
  thirdChance: number;
  /** Most matches with two or more picks (a triple counts here too). */
  multipleChance: number;
  /** Price multiplier per match with exactly two picks. */
  feePerSecond: number;
  /** Price multiplier per match with three picks. */
  feePerThird: number;
}

export const DIGITS: readonly Digit[] = ['1', '2', '3'];

export interface PickCounts {
  /** Matches with any pick. */
  placedBets: number;
  /** Matches with exactly two picks. */
  doubles: number;
  /** Matches with three picks. */
  triples: number;
  /** Matches with two or more picks: what the round's multipleChance caps. */
  multiples: number;
}

/** Counts singles, doubles and triples of a slip. */
export function countPicks(outcomes: readonly Outcome[]): PickCounts {
  let placedBets = 0;
  let doubles = 0;
  let triples = 0;
  for (const o of outcomes) {
    if (!o) continue;
    placedBets++;
    if (o.length === 2) doubles++;
    else if (o.length >= 3) triples++;
  }
  return { placedBets, doubles, triples, multiples: doubles + triples };
}

/**
 * The slip after tapping `digit` on match `index`:
 * - a selected digit is removed (the match is unset when nothing is left);
 * - an unset match takes the single pick;
 * - otherwise the digit is added when the limits allow — single→double only while fewer than
 *   multipleChance matches have 2+ picks, double→triple only while fewer than thirdChance are triples
 *   (the match is already counted as a multiple, so multipleChance still holds);
 * - when they do not, the last pick is replaced by the tapped digit.
 */
export function tapOutcome(
  outcomes: readonly Outcome[],
  index: number,
  digit: Digit,
  params: BetslipParams,
): Outcome[] {
  const next = outcomes.slice();
  if (!Number.isInteger(index) || index < 0 || index >= outcomes.length) return next;
  const current = outcomes[index] ?? null;
  if (!current) {
    next[index] = digit;
  } else if (current.includes(digit)) {
    next[index] = current.replace(digit, '') || null;
  } else {
    const { multiples, triples } = countPicks(outcomes);
    const canAdd =
      (current.length === 1 && multiples < params.multipleChance) ||
      (current.length === 2 && triples < params.thirdChance);
    next[index] = canAdd ? current + digit : current.slice(0, -1) + digit;
  }
  return next;
}

/** A pick that a tap swapped out because a limit was reached (match index, 0-based). */
export interface Replacement {
  index: number;
  removed: Digit;
  added: Digit;
  /** The limit that stopped the tap from adding a pick. */
  limit: 'doubles' | 'triples';
}

/** What `tapOutcome` replaced instead of adding, so the player can be told; null when nothing was. */
export function tapReplacement(
  outcomes: readonly Outcome[],
  index: number,
  digit: Digit,
  params: BetslipParams,
): Replacement | null {
  const current = outcomes[index] ?? null;
  if (!current || current.includes(digit)) return null;
  const next = tapOutcome(outcomes, index, digit, params)[index];
  if (next === current + digit) return null;
  return {
    index,
    removed: current.slice(-1) as Digit,
    added: digit,
    limit: current.length === 1 ? 'doubles' : 'triples',
  };
}

/** Relative tolerance so that a product like 250 × 1.1² (= 302.50000000000006 or 302.4999…) rounds as
 * the decimal arithmetic a person would do; far below a cent for any realistic price. */
const EPSILON = 1e-9;

/**
 * Price in integer cents: defaultBetslipPrice × 100 × feePerSecond^doubles × feePerThird^triples,
 * rounded half-up to the cent (the one rounding rule, applied once at the end).
 */
export function priceCents(params: BetslipParams, outcomes: readonly Outcome[]): number {
  const { doubles, triples } = countPicks(outcomes);
  return roundCents(fullPriceExactCents(params, doubles, triples));
}

/** A slip's price in cents before rounding: defaultBetslipPrice × 100 × feePerSecond^doubles × feePerThird^triples. */
export const fullPriceExactCents = (params: BetslipParams, doubles: number, triples: number): number =>
  params.defaultBetslipPrice * 100 * params.feePerSecond ** doubles * params.feePerThird ** triples;

/** An exact amount of cents rounded half-up to the cent, as a person doing decimal arithmetic would. */
export const roundCents = (exact: number): number =>
  Math.floor(exact + 0.5 + EPSILON * Math.max(1, Math.abs(exact)));

/** A slip costing more than a slip of singles: the player confirms before paying it. */
export const costsMoreThanDefault = (params: BetslipParams, outcomes: readonly Outcome[]): boolean =>
  priceCents(params, outcomes) > priceCents(params, []);

/** Cents as the wire's M amount (at most two decimals). */
export const centsToM = (cents: number): number => cents / 100;

/** True for a valid outcome text: one to three of the digits 1/2/3, none repeated. */
export const isValidOutcome = (o: string): boolean => /^[123]{1,3}$/.test(o) && new Set(o).size === o.length;

/** The wire's prediction number of an outcome: '13' → 13. */
export const outcomeToPrediction = (outcome: string): number => Number(outcome);

/** Every valid outcome by its prediction number (1, 2, 3, 12, …, 321): fifteen in all. */
const OUTCOME_OF = new Map(
  ['1', '2', '3']
    .flatMap((a) => [a, ...['1', '2', '3'].flatMap((b) => [a + b, ...['1', '2', '3'].map((c) => a + b + c)])])
    .filter(isValidOutcome)
    .map((o) => [Number(o), o]),
);

/**
 * The outcome of a wire prediction: 13 → '13'; null when it is not 1–3 distinct digits of 1/2/3. A lookup:
 * settlement asks it for every pick of every slip (1.4 million times for 100k slips).
 */
export function predictionToOutcome(prediction: number): Outcome {
  return OUTCOME_OF.get(prediction) ?? null;
}

/** True when a slip stays within multipleChance and thirdChance. */
export function withinLimits(outcomes: readonly Outcome[], params: BetslipParams): boolean {
  const { multiples, triples } = countPicks(outcomes);
  return multiples <= params.multipleChance && triples <= params.thirdChance;
}

export interface PredictionDto {
  betSlipPosition: number;
  prediction: number;
}

export type PredictionCheck =
  | { ok: true; outcomes: string[] }
  | { ok: false; messageKey: 'PICKS.INCOMPLETE' | 'PICKS.INVALID' | 'PICKS.LIMITS' };

/**
 * The server's check of a submission: every position 0..matchCount-1 exactly once, each prediction a
 * valid outcome, limits kept. Malformed input (bad position, repeat, bad digits) is PICKS.INVALID before
 * a missing position is PICKS.INCOMPLETE, so the message names the real problem.
 */
export function validatePredictions(
  dtos: readonly PredictionDto[],
  matchCount: number,
  params: BetslipParams,
): PredictionCheck {
  const parsed = parsePredictions(dtos, matchCount);
  if (!parsed.ok) return parsed;
  if (!withinLimits(parsed.outcomes, params)) return { ok: false, messageKey: 'PICKS.LIMITS' };
  return parsed;
}

/**
 * The first half of `validatePredictions`, without the limits: every position exactly once, each
 * prediction a valid outcome (PICKS.INVALID before PICKS.INCOMPLETE). A system slip checks its system
 * between this and the limits.
 */
export function parsePredictions(
  dtos: readonly PredictionDto[],
  matchCount: number,
): { ok: true; outcomes: string[] } | { ok: false; messageKey: 'PICKS.INCOMPLETE' | 'PICKS.INVALID' } {
  const outcomes: Outcome[] = Array.from({ length: matchCount }, () => null);
  for (const { betSlipPosition: pos, prediction } of dtos) {
    if (!Number.isInteger(pos) || pos < 0 || pos >= matchCount || outcomes[pos] !== null) {
      return { ok: false, messageKey: 'PICKS.INVALID' };
    }
    const outcome = predictionToOutcome(prediction);
    if (outcome === null) return { ok: false, messageKey: 'PICKS.INVALID' };
    outcomes[pos] = outcome;
  }
  if (outcomes.some((o) => o === null)) return { ok: false, messageKey: 'PICKS.INCOMPLETE' };
  return { ok: true, outcomes: outcomes as string[] };
}

/** A match's signs in the order 1, 2, 3 whatever the tap order ('31' → ['1', '3']); [] when unset. */
export const signsOf = (outcome: Outcome): readonly Digit[] => {
  if (!outcome) return NO_SIGNS;
  let signs = SIGNS.get(outcome);
  if (!signs) {
    signs = Object.freeze(DIGITS.filter((d) => outcome.includes(d)));
    if (SIGNS.size < 64) SIGNS.set(outcome, signs);
  }
  return signs;
};
const NO_SIGNS: readonly Digit[] = Object.freeze([]);
/** Settlement reads the signs of millions of picks: the few outcome texts there are, read once. */
const SIGNS = new Map<string, readonly Digit[]>();

/** An empty slip of `n` matches. */
export const emptyOutcomes = (n: number): Outcome[] => Array.from({ length: n }, () => null);

/** Fills every unset match with a random single pick; `random` returns [0, 1) (Math.random). */
export function quickPick(outcomes: readonly Outcome[], random: () => number): Outcome[] {
  return outcomes.map((o) => o ?? DIGITS[Math.min(2, Math.floor(random() * 3))]!);
}
