// Past-betslip fixtures for the results screen: a won, a lost and a pending slip of the demo subscriber,
// plus older lost ones so that paging (8 per page) and the time filter have something to do.
import { HttpResponse, http } from 'msw';
import { formatWireDate } from '../../machines/rules/maseruTime';
import type { PastBetslip, PlacedBet } from '../../machines/rules/results';
import { PLAY } from './playHandlers';

/** 'yyyy-mm-dd hh:mm' in Maseru time, as the server writes it, `daysAgo` before now. */
export const wireDate = (daysAgo: number): string =>
  formatWireDate(new Date(Date.now() - daysAgo * 86_400_000));

const PICKS = [
  'HOME_WIN',
  'AWAY_WIN',
  'DRAW',
  'EITHER_HOME_OR_AWAY',
  'EITHER_HOME_OR_DRAW',
  'EITHER_AWAY_OR_DRAW',
  'ALL',
];

function bets(closed: boolean, daysAgo: number): PlacedBet[] {
  return Array.from({ length: 14 }, (_, i) => ({
    positionInBetSlip: i + 1,
    pick: PICKS[i % PICKS.length]!,
    result: closed ? (i === 13 ? 'VOID' : 'HOME_WIN') : i < 5 ? 'HOME_WIN' : null,
    isCorrect: closed ? i !== 1 : i < 5 ? i !== 1 : null,
    tournament: 'Vodacom Premier League',
    homeTeam: i === 0 ? 'Borussiamönchengladbach' : `Home ${i + 1}`,
    awayTeam: `Away ${i + 1}`,
    matchDate: wireDate(daysAgo - 2),
    betDate: wireDate(daysAgo),
  }));
}

export function slipFixture(overrides: Partial<PastBetslip> & { daysAgo?: number } = {}): PastBetslip {
  const { daysAgo = 3, ...rest } = overrides;
  const closed = rest.betSlipClosed ?? true;
  return {
    sid: `J14-${daysAgo}`,
    won: false,
    betSlipClosed: closed,
    subscriberId: '26650000001',
    createdAt: wireDate(daysAgo),
    amountWon: 0,
    prizeWon: '',
    correctCount: closed ? 13 : 4,
    placedBets: bets(closed, daysAgo),
    statistics: null,
    ...rest,
  };
}

export const WON = slipFixture({
  sid: 'J14-WON',
  reference: 'J14-WON-7F3K2Q',
  daysAgo: 2,
  won: true,
  amountWon: 2500.5,
  prizeWon: 'SECOND PRIZE',
  statistics: {
    matches: Array.from({ length: 14 }, (_, i) => ({ position: i + 1, home: 0.5, draw: 0.25, away: 0.25 })),
    tiers: [
      { prizeType: 14, winners: 0, amountEach: 0 },
      { prizeType: 13, winners: 2, amountEach: 2500.5 },
      { prizeType: 12, winners: 9, amountEach: 277.77 },
    ],
    settlementRule: 'SLIP',
  },
});
export const PENDING = slipFixture({ sid: 'J14-OPEN', daysAgo: 0.5, betSlipClosed: false, correctCount: 4 });
export const LOST = slipFixture({ sid: 'J14-LOST', daysAgo: 5, correctCount: 9 });

/** Newest first: pending, won, lost, then seven older lost slips (10 in all: two pages). */
export const HISTORY: PastBetslip[] = [
  PENDING,
  WON,
  LOST,
  ...Array.from({ length: 7 }, (_, i) =>
    slipFixture({ sid: `J14-OLD${i}`, daysAgo: 40 + i, correctCount: 6 }),
  ),
];

export const PAST_URL = `${PLAY}/fetch-past-submitted-betslips`;

export const pastBetslips = (list: PastBetslip[] = HISTORY) =>
  http.post(PAST_URL, () => HttpResponse.json(list));
