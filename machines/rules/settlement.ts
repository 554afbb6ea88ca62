// Settlement rules (docs/CONTRACTS.md "Results and operations API"): which picks are correct, which prize
// tier a slip reaches, how a tier's pool is shared, and the statistics published once a betslip closes.
// Shared by the server (what it pays) and the client (how it labels picks and results), so the two cannot
// disagree. Pure: imports nothing but the pick rules.
import { type Outcome, predictionToOutcome } from './betslip.ts';

/** A match result as stored: a pick digit ('1' home, '2' away, '3' draw) or VOID (abandoned). */
export type StoredResult = '1' | '2' | '3' | 'VOID';

/** Results on the wire (admin API and past betslips). */
export type WireResult = 'HOME_WIN' | 'AWAY_WIN' | 'DRAW' | 'VOID';

/** Picks on the wire: one value per combination of digits, whatever the tap order. */
export type WirePick =
  | 'HOME_WIN'
  | 'AWAY_WIN'
  | 'DRAW'
  | 'EITHER_HOME_OR_AWAY'
  | 'EITHER_HOME_OR_DRAW'
  | 'EITHER_AWAY_OR_DRAW'
  | 'ALL';

const RESULT_TO_WIRE: Record<StoredResult, WireResult> = {
  '1': 'HOME_WIN',
  '2': 'AWAY_WIN',
  '3': 'DRAW',
  VOID: 'VOID',
};

/** 'HOME_WIN' → '1' … 'VOID' → 'VOID'; null for anything else. */
export function resultFromWire(value: string): StoredResult | null {
  const found = Object.entries(RESULT_TO_WIRE).find(([, wire]) => wire === value);
  return found ? (found[0] as StoredResult) : null;
}

/** A stored result (or null / anything unknown) as the wire's value; null when not known. */
export function resultToWire(result: string | null | undefined): WireResult | null {
  return result != null && result in RESULT_TO_WIRE ? RESULT_TO_WIRE[result as StoredResult] : null;
}

/** A stored result text checked: one of '1', '2', '3', 'VOID', else null (not known yet). */
export const asStoredResult = (value: string | null | undefined): StoredResult | null =>
  value != null && value in RESULT_TO_WIRE ? (value as StoredResult) : null;

/** An outcome ('1', '31', '123') as the wire's pick; null when it is not a valid outcome. */
export function pickToWire(outcome: Outcome): WirePick | null {
  if (!outcome || !/^[123]{1,3}$/.test(outcome) || new Set(outcome).size !== outcome.length) return null;
  const key = [...outcome].sort().join('');
  const picks: Record<string, WirePick> = {
    '1': 'HOME_WIN',
    '2': 'AWAY_WIN',
    '3': 'DRAW',
    '12': 'EITHER_HOME_OR_AWAY',
    '13': 'EITHER_HOME_OR_DRAW',
    '23': 'EITHER_AWAY_OR_DRAW',
    '123': 'ALL',
  };
  return picks[key] ?? null;
}

/**
 * Whether a pick is right: it contains the result, and a void match is right for everyone (nobody can
 * lose on a match that was not played). Null while the result is unknown.
 */
export function isPickCorrect(outcome: Outcome, result: StoredResult | null): boolean | null {
  if (result === null) return null;
  if (result === 'VOID') return true;
  return outcome?.includes(result) ?? false;
}

/** Correct picks among the matches whose result is known (the final count once all are known). */
export function correctCount(
  outcomes: readonly Outcome[],
  results: readonly (StoredResult | null)[],
): number {
  let n = 0;
  outcomes.forEach((o, i) => {
    if (isPickCorrect(o, results[i] ?? null) === true) n++;
  });
  return n;
}

/** Outcomes by position (0-based) from stored predictions; a missing or broken one is null. */
export function outcomesOf(
  predictions: readonly { betSlipPosition: number; prediction: number }[],
  matchCount: number,
): Outcome[] {
  const outcomes: Outcome[] = Array.from({ length: matchCount }, () => null);
  for (const p of predictions) {
    if (Number.isInteger(p.betSlipPosition) && p.betSlipPosition >= 0 && p.betSlipPosition < matchCount) {
      outcomes[p.betSlipPosition] = predictionToOutcome(p.prediction);
    }
  }
  return outcomes;
}

/** One row of a prize list: a tier (correct picks needed) and its pool in cents. */
export interface PrizePool {
  prizeType: number;
  amountCents: number;
}

const PRIZE_NAMES: Record<number, string> = {
  14: 'JACKPOT',
  13: 'SECOND PRIZE',
  12: 'THIRD PRIZE',
  7: 'FOURTH PRIZE',
  6: 'FIFTH PRIZE',
};

/** prizeWon text of a tier ('JACKPOT', 'SECOND PRIZE', …); '' for no tier. */
export const prizeName = (tier: number | null): string =>
  tier === null ? '' : (PRIZE_NAMES[tier] ?? `${tier} CORRECT`);

/**
 * The tier a count reaches: the highest prize type at or below it among the pools that pay something
 * (13 correct also has 12, but a slip is counted in its best tier only). Null when it reaches none.
 */
export function tierOf(count: number, pools: readonly PrizePool[]): number | null {
  let best: number | null = null;
  for (const p of pools) {
    if (p.amountCents > 0 && p.prizeType <= count && (best === null || p.prizeType > best))
      best = p.prizeType;
  }
  return best;
}

/** A tier's pool shared equally, rounded down to the cent (the remainder stays with the operator). */
export const shareOf = (poolCents: number, winners: number): number =>
  winners > 0 ? Math.floor(poolCents / winners) : 0;

export interface SlipToSettle {
  id: string;
  outcomes: readonly Outcome[];
}

export interface SettledSlip {
  id: string;
  correctCount: number;
  tier: number | null;
  prizeWon: string;
  amountWonCents: number;
}

export interface TierStatistic {
  prizeType: number;
  winners: number;
  amountEachCents: number;
}

export interface MatchShares {
  /** 1-based, as positionInBetSlip. */
  position: number;
  home: number;
  draw: number;
  away: number;
}

export interface Settlement {
  slips: SettledSlip[];
  /** Every paying tier of the prize list, highest first, also those nobody reached. */
  tiers: TierStatistic[];
}

/**
 * Every paying tier of the prize list, highest first, with how many slips reached it (`tiers`: each
 * slip's tier, null for none) and each one's share of its pool.
 */
export function shareTiers(tiers: readonly (number | null)[], pools: readonly PrizePool[]): TierStatistic[] {
  const reached = new Map<number, number>();
  for (const t of tiers) if (t !== null) reached.set(t, (reached.get(t) ?? 0) + 1);
  const paying = [...pools].filter((p) => p.amountCents > 0).sort((a, b) => b.prizeType - a.prizeType);
  return paying.map((p) => {
    const winners = reached.get(p.prizeType) ?? 0;
    return { prizeType: p.prizeType, winners, amountEachCents: shareOf(p.amountCents, winners) };
  });
}

/** A counted slip with what its tier pays, given every tier's statistics. */
export function paySlip(
  slip: { id: string; correctCount: number; tier: number | null },
  tiers: readonly TierStatistic[],
): SettledSlip {
  const each = slip.tier === null ? 0 : (tiers.find((t) => t.prizeType === slip.tier)?.amountEachCents ?? 0);
  return { ...slip, prizeWon: prizeName(slip.tier), amountWonCents: each };
}

/** Settles every slip of a betslip against its final results and prize list. */
export function settle(
  slips: readonly SlipToSettle[],
  results: readonly (StoredResult | null)[],
  pools: readonly PrizePool[],
): Settlement {
  const counted = slips.map((s) => {
    const count = correctCount(s.outcomes, results);
    return { id: s.id, correctCount: count, tier: tierOf(count, pools) };
  });
  const tiers = shareTiers(
    counted.map((s) => s.tier),
    pools,
  );
  return { slips: counted.map((s) => paySlip(s, tiers)), tiers };
}

/**
 * For each match, how many slips' picks include home, draw and away (a double counts for both its
 * picks). Counts of parts of a betslip add up to the counts of the whole.
 */
export function pickCounts(
  slips: readonly { outcomes: readonly Outcome[] }[],
  matchCount: number,
): MatchShares[] {
  return Array.from({ length: matchCount }, (_, i) => {
    let home = 0;
    let draw = 0;
    let away = 0;
    for (const s of slips) {
      const o = s.outcomes[i] ?? '';
      if (o.includes('1')) home++;
      if (o.includes('3')) draw++;
      if (o.includes('2')) away++;
    }
    return { position: i + 1, home, draw, away };
  });
}

/** Pick counts of `n` slips as shares (0..1). */
export const countsToShares = (counts: readonly MatchShares[], n: number): MatchShares[] =>
  counts.map((c) => ({
    position: c.position,
    home: n ? c.home / n : 0,
    draw: n ? c.draw / n : 0,
    away: n ? c.away / n : 0,
  }));

/**
 * For each match, the share (0..1) of slips whose pick includes home, draw and away. A double counts
 * for both its picks, so the three shares of a match add up to more than 1 when doubles were played.
 */
export function pickShares(
  slips: readonly { outcomes: readonly Outcome[] }[],
  matchCount: number,
): MatchShares[] {
  return countsToShares(pickCounts(slips, matchCount), slips.length);
}

export interface TierPayout extends TierStatistic {
  poolCents: number;
}

export interface Payout {
  tiers: TierPayout[];
  /** What the winners are paid in all (the shares, each rounded down). */
  totalPayoutCents: number;
  /** The jackpot pool passed to the next round: unwon, and the round rolls over. */
  rolloverCents: number;
}

/** What a settlement pays per tier and in all, and what it rolls over: the preview and the settlement alike. */
export function payoutOf(
  tiers: readonly TierStatistic[],
  pools: readonly PrizePool[],
  rollover: boolean,
): Payout {
  const withPools = tiers.map((t) => ({
    ...t,
    poolCents: pools.find((p) => p.prizeType === t.prizeType)?.amountCents ?? 0,
  }));
  const jackpot = withPools.find((t) => t.prizeType === 14);
  return {
    tiers: withPools,
    totalPayoutCents: withPools.reduce((sum, t) => sum + t.winners * t.amountEachCents, 0),
    rolloverCents: rollover && jackpot && jackpot.winners === 0 ? jackpot.poolCents : 0,
  };
}
