// The lists' URL state (src/lib/listSearch.ts): known values pass, defaults and anything unreadable are
// undefined (so they are neither shown in the URL nor able to reach a screen).
import { describe, expect, it } from 'vitest';
import { validateResultsSearch, validateWalletSearch } from '../../src/lib/listSearch';

describe('results search', () => {
  it('keeps a known time range, result filter and a page after the first', () => {
    expect(validateResultsSearch({ time: 'week', result: 'notWon', page: 3 })).toEqual({
      time: 'week',
      result: 'notWon',
      page: 3,
    });
  });

  it('drops unknown values, page 1 and pages that are not whole positive numbers', () => {
    for (const page of [1, 0, -2, 2.5, '2', Number.NaN, null]) {
      expect(validateResultsSearch({ page }).page, String(page)).toBeUndefined();
    }
    const search = validateResultsSearch({ time: 'forever', result: 'maybe', other: 'x' });
    expect(search).toEqual({ time: undefined, result: undefined, page: undefined });
    expect(Object.keys(search).sort()).toEqual(['page', 'result', 'time']);
  });
});

describe('wallet search', () => {
  it('keeps a tab other than the first, a time range and a page', () => {
    expect(validateWalletSearch({ tab: 'transactions', time: 'day', page: 2 })).toEqual({
      tab: 'transactions',
      time: 'day',
      page: 2,
    });
    expect(validateWalletSearch({ tab: 'overview' }).tab).toBeUndefined();
    expect(validateWalletSearch({ tab: 'bank' }).tab).toBeUndefined();
  });
});
