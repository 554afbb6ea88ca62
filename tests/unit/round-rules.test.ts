// The rules a new round must meet, shared by the operator's form and the server.
import { describe, expect, it } from 'vitest';
import { firstKickOff, paramsProblem, prizesProblem, roundProblem } from '../../machines/rules/round';
import { BETSLIP_PARAMS } from '../support/rounds';

const NOW = new Date('2030-05-01T10:00:00Z');
const params = BETSLIP_PARAMS;
const round = (over: object = {}) => ({
  endDate: '2030-05-04T12:00:00Z',
  matches: Array.from({ length: 14 }, (_, i) => ({
    tournament: 'League',
    startDate: `2030-05-04T${String(12 + (i % 8)).padStart(2, '0')}:00:00Z`,
    homeTeam: `Home ${i}`,
    awayTeam: `Away ${i}`,
  })),
  betslipParams: params,
  ...over,
});

describe('round rules', () => {
  it('accepts a sane round', () => {
    expect(roundProblem(round(), NOW)).toBeNull();
  });

  it.each([
    [{ matches: round().matches.slice(1) }, 'a betslip has 14 matches'],
    [{ endDate: '2030-04-30T10:00:00Z' }, 'endDate must be in the future'],
    [{ endDate: 'soon' }, 'endDate is not a date'],
    [{ endDate: '2030-05-04T12:00:01Z' }, 'the closing time is after the first kick-off'],
    [{ endDate: '2036-05-04T12:00:00Z' }, 'endDate is more than five years away'],
    [
      { matches: round().matches.map((m, i) => (i ? m : { ...m, awayTeam: ' home 0 ' })) },
      'a team cannot play itself',
    ],
    [
      { matches: round().matches.map((m, i) => (i ? m : { ...m, tournament: ' ' })) },
      'every match needs a tournament and two teams',
    ],
    [{ betslipParams: { ...params, thirdChance: 7 } }, 'multipleChance must be thirdChance..14'],
    [
      {
        prizes: [
          { prizeType: 14, amount: 1 },
          { prizeType: 14, amount: 2 },
        ],
      },
      'a prize type twice',
    ],
    [{ prizes: [{ prizeType: 9, amount: 1 }] }, 'an unknown prize tier'],
  ])('refuses %j: %s', (over, why) => {
    expect(roundProblem(round(over), NOW)).toBe(why);
  });

  it('bounds the price of the dearest slip and the fees', () => {
    expect(paramsProblem({ ...params, defaultBetslipPrice: 1.005 })).toMatch(/two decimals/);
    expect(paramsProblem({ ...params, feePerThird: 11 })).toBe('feePerThird must be between 1 and 10');
    expect(paramsProblem({ ...params, thirdChance: 14, multipleChance: 14, feePerThird: 10 })).toMatch(
      /M 100000/,
    );
    expect(prizesProblem([{ prizeType: 13, amount: 0.001 }])).toMatch(/two decimals/);
  });

  it('closes at the first kick-off by default', () => {
    expect(firstKickOff(round().matches)).toBe('2030-05-04T12:00:00.000Z');
    expect(firstKickOff([{ startDate: '' }])).toBeNull();
  });
});
