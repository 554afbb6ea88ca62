// Deterministic demo fixtures: the same betslip number always gives the same 14 matches, so a
// restarted demo server and the tests see stable data, while each rolled-forward betslip differs.

import { type DemoTeam, logoPath, TOURNAMENTS } from '../../machines/data/teams.ts';
import { maseruDayAt } from '../lib/maseruTime.ts';
import type { MatchInput } from '../play/betslips.ts';

export type DemoMatch = MatchInput;

/** Small seeded PRNG (mulberry32): good enough for shuffling demo teams. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// Kick-off slots in Maseru time, spread over the two days after the betslip closes.
const SLOTS: Array<[number, number]> = [
  [13, 30],
  [15, 0],
  [16, 0],
  [17, 30],
  [18, 30],
  [20, 0],
  [21, 0],
];

/**
 * The 14 matches of demo betslip number `seq`. Every match kicks off after `closesAt`, as in a real
 * pool where picks must be in before the first whistle.
 */
export function demoMatches(seq: number, closesAt: Date): DemoMatch[] {
  const random = seededRandom(seq * 7919 + 17);
  const pairs: Array<{ tournament: string; home: DemoTeam; away: DemoTeam }> = [];
  for (const tournament of TOURNAMENTS) {
    const teams = shuffled(tournament.teams, random);
    for (let i = 0; i < tournament.matches; i++) {
      pairs.push({ tournament: tournament.name, home: teams[2 * i]!, away: teams[2 * i + 1]! });
    }
  }
  return pairs.map((pair, position) => {
    const [hour, minute] = SLOTS[position % SLOTS.length]!;
    return {
      position,
      tournament: pair.tournament,
      startAt: maseruDayAt(closesAt, 1 + Math.floor(position / SLOTS.length), hour, minute),
      homeTeam: pair.home.name,
      awayTeam: pair.away.name,
      homeTeamLogo: logoPath(pair.home),
      awayTeamLogo: logoPath(pair.away),
    };
  });
}

/** Demo results ('1' home, '2' away, '3' draw) for a past betslip, seeded by its number. */
export function demoResults(seq: number, count = 14): string[] {
  const random = seededRandom(seq * 104729 + 3);
  // Home wins are the most common result in football, draws the least.
  return Array.from({ length: count }, () => {
    const r = random();
    return r < 0.46 ? '1' : r < 0.75 ? '2' : '3';
  });
}
