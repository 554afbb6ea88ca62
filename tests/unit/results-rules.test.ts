import { describe, expect, it } from 'vitest';
import {
  betMark,
  filterByResult,
  pickLabel,
  sharePercent,
  slipState,
  titleCase,
} from '../../machines/rules/results';

describe('pick and result labels', () => {
  it.each([
    ['HOME_WIN', 'HOME'],
    ['AWAY_WIN', 'AWAY'],
    ['DRAW', 'DRAW'],
    ['EITHER_HOME_OR_AWAY', 'HOME, AWAY'],
    ['EITHER_HOME_OR_DRAW', 'HOME, DRAW'],
    ['EITHER_AWAY_OR_DRAW', 'AWAY, DRAW'],
    ['ALL', 'ANY'],
  ])('%s is shown as %s', (value, label) => {
    expect(pickLabel(value)).toBe(label);
  });

  it.each([['VOID'], [null], [undefined], [''], ['home_win'], ['toString'], ['__proto__'], ['12']])(
    'anything else (%s) is N/A',
    (value) => {
      expect(pickLabel(value as string | null)).toBe('N/A');
    },
  );
});

describe('past betslip state', () => {
  it('is pending while open, whatever the won flag says', () => {
    expect(slipState({ won: false, betSlipClosed: false })).toBe('pending');
    expect(slipState({ won: true, betSlipClosed: false })).toBe('pending');
  });

  it('is won or lost once closed', () => {
    expect(slipState({ won: true, betSlipClosed: true })).toBe('won');
    expect(slipState({ won: false, betSlipClosed: true })).toBe('lost');
  });

  it('marks a bet with a tick or cross only once the slip is closed', () => {
    expect(betMark(true, true)).toBe('correct');
    expect(betMark(true, false)).toBe('wrong');
    expect(betMark(true, null)).toBe('n/a');
    expect(betMark(false, true)).toBe('n/a');
    expect(betMark(false, false)).toBe('n/a');
  });
});

describe('result filter', () => {
  const slips = [
    { sid: 'a', won: true },
    { sid: 'b', won: false },
    { sid: 'c', won: false },
    { sid: 'd', won: true },
  ];
  const won = (s: { won: boolean }) => s.won;
  const sids = (list: { sid: string }[]) => list.map((s) => s.sid);

  it('keeps everything for the placeholder and All', () => {
    expect(sids(filterByResult(slips, null, won))).toEqual(['a', 'b', 'c', 'd']);
    expect(sids(filterByResult(slips, 'all', won))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps won slips for Won and the others for Not Won, in order', () => {
    expect(sids(filterByResult(slips, 'won', won))).toEqual(['a', 'd']);
    expect(sids(filterByResult(slips, 'notWon', won))).toEqual(['b', 'c']);
  });
});

describe('title case and dates', () => {
  it('title-cases prize names', () => {
    expect(titleCase('SECOND PRIZE')).toBe('Second Prize');
    expect(titleCase('JACKPOT')).toBe('Jackpot');
    expect(titleCase('fifth_prize')).toBe('Fifth Prize');
    expect(titleCase('  ')).toBe('');
  });

  it('turns shares into clamped whole percents', () => {
    expect([0, 0.333, 0.5, 1, 1.2, -0.1, Number.NaN].map(sharePercent)).toEqual([0, 33, 50, 100, 100, 0, 0]);
  });
});
