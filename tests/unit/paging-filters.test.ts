import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakLongWords } from '../../machines/rules/longWords';
import { clampPage, pageControls, pageCount, pageItems, pageNumbers } from '../../machines/rules/paging';
import { filterByTime, filterSince, TIME_FILTERS } from '../../machines/rules/timeFilter';

describe('paginator', () => {
  it('counts pages rounding up', () => {
    expect([0, 1, 8, 9, 16, 17].map((n) => pageCount(n))).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('shows up to three numbers around the current page', () => {
    expect(pageNumbers(1, 9)).toEqual([1, 2, 3]);
    expect(pageNumbers(4, 9)).toEqual([3, 4, 5]);
    expect(pageNumbers(9, 9)).toEqual([7, 8, 9]);
    expect(pageNumbers(1, 2)).toEqual([1, 2]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('shows first above 2, previous above 1, next below the total, last below total minus one', () => {
    expect(pageControls(1, 5)).toEqual({ first: false, previous: false, next: true, last: true });
    expect(pageControls(2, 5)).toEqual({ first: false, previous: true, next: true, last: true });
    expect(pageControls(3, 5)).toEqual({ first: true, previous: true, next: true, last: true });
    expect(pageControls(4, 5)).toEqual({ first: true, previous: true, next: true, last: false });
    expect(pageControls(5, 5)).toEqual({ first: true, previous: true, next: false, last: false });
  });

  it('always includes the current page and every item lands on exactly one page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 30 }), (total, wanted) => {
        const count = pageCount(total);
        const page = clampPage(wanted, count);
        if (count > 0) expect(pageNumbers(page, count)).toContain(page);
        const items = Array.from({ length: total }, (_, i) => i);
        const all = Array.from({ length: count }, (_, i) => pageItems(items, i + 1)).flat();
        expect(all).toEqual(items);
      }),
    );
  });
});

describe('time filters (with DESIGN.md corrections)', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('has an unbounded All and a 30-day Last month', () => {
    expect(filterSince('all', now)).toBeNull();
    expect(filterSince('month', now)?.toISOString()).toBe('2026-10-24T12:00:00.000Z');
    expect(TIME_FILTERS.map((f) => f.id)).toEqual(['all', 'month', 'week', 'day', '12h', '6h', '1h']);
  });

  it('keeps records created at or after now minus the duration', () => {
    const at = (iso: string) => ({ at: new Date(iso) });
    const items = [at('2026-11-23T11:00:00Z'), at('2026-11-23T10:59:59Z'), at('2020-01-01T00:00:00Z')];
    expect(filterByTime(items, (i) => i.at, '1h', now)).toEqual([items[0]]);
    expect(filterByTime(items, (i) => i.at, 'all', now)).toEqual(items);
  });
});

describe('long words', () => {
  it('breaks a long word in two with a hyphen and a space, leaving short ones alone', () => {
    expect(breakLongWords('Borussia Mönchengladbach')).toBe('Borussia Mönchengladbac- h');
    expect(breakLongWords('Likuena FC')).toBe('Likuena FC');
  });
});
