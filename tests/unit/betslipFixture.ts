// The three-match betslip the betslip machine's tests play on: limits low enough (one triple, two
// multi-pick matches) that every pick rule is reached in a few taps.
import type { Betslip } from '../../machines/betslip/betslipMachine';

/** A three-match betslip `sid` ending at epoch ms `endsAt`. */
export const threeMatchSlip = (sid: string, endsAt: number): Betslip => ({
  sid,
  endDate: '2030-05-04 12:00',
  endsAt: new Date(endsAt).toISOString(),
  betslipParams: {
    defaultBetslipPrice: 2,
    thirdChance: 1,
    multipleChance: 2,
    feePerSecond: 2,
    feePerThird: 3,
  },
  matches: Array.from({ length: 3 }, (_, i) => ({
    betslipPosotion: i + 1,
    tournament: 'Premier League',
    startDate: '2030-05-02 15:00',
    homeTeam: `Home ${i}`,
    awayTeam: `Away ${i}`,
    homeTeamLogo: '/logos/arsenal.svg',
    awayTeamLogo: '/logos/chelsea.svg',
  })),
});

/** What is sent for the picks 1, 12 and 3 on 'J14-1' (price M 2 × 2 for the double), with key 'key-1'. */
export const SUBMIT_1_12_3 = {
  betSlipSid: 'J14-1',
  positionAndPredictionDtos: [
    { betSlipPosition: 0, prediction: 1 },
    { betSlipPosition: 1, prediction: 12 },
    { betSlipPosition: 2, prediction: 3 },
  ],
  betSlipCost: 4,
  idempotencyKey: 'key-1',
};
