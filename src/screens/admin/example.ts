// A valid 14-match betslip for the create form, ending a few days from now, so an operator only edits.
import type { NewBetslip } from '../../api/admin';

const FIXTURES: [string, string][] = [
  ['Matlama FC', 'Lioli FC'],
  ['Bantu FC', 'Lesotho Defence Force'],
  ['Linare FC', 'Lioli FC'],
  ['Arsenal', 'Chelsea'],
  ['Liverpool', 'Manchester City'],
  ['Aston Villa', 'Newcastle United'],
  ['Real Madrid', 'FC Barcelona'],
  ['Sevilla FC', 'Villarreal CF'],
  ['Bayern München', 'Borussia Dortmund'],
  ['RB Leipzig', 'Bayer Leverkusen'],
  ['Juventus', 'Inter'],
  ['Lazio', 'AC Milan'],
  ['Orlando Pirates', 'Mamelodi Sundowns'],
  ['Al Ahly', 'Wydad AC'],
];

const DAY = 86_400_000;

/** Whole minutes, as the betslip's dates are shown to the minute. */
const iso = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

export function exampleBetslip(now = Date.now()): NewBetslip {
  return {
    endDate: iso(now + 4 * DAY),
    matches: FIXTURES.map(([homeTeam, awayTeam], i) => ({
      tournament: i < 3 ? 'Vodacom Premier League' : 'International',
      startDate: iso(now + 4 * DAY + (1 + (i % 4)) * 3_600_000),
      homeTeam,
      awayTeam,
    })),
    betslipParams: {
      defaultBetslipPrice: 2,
      thirdChance: 3,
      multipleChance: 6,
      feePerSecond: 2,
      feePerThird: 3,
    },
  };
}
