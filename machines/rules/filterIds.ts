// The lists' filter ids alone, apart from what the filters do (timeFilter.ts, results.ts): the router
// validates search params with these in the first load, and the filtering code stays in the screens'
// chunks.

/** The time filters, in the order the selector lists them (their durations are in timeFilter.ts). */
export const TIME_FILTER_IDS = ['all', 'month', 'week', 'day', '12h', '6h', '1h'] as const;

export type TimeFilterId = (typeof TIME_FILTER_IDS)[number];

export const isTimeFilterId = (value: string): value is TimeFilterId =>
  (TIME_FILTER_IDS as readonly string[]).includes(value);

export type ResultFilterId = 'all' | 'won' | 'notWon';

export const RESULT_FILTERS: readonly ResultFilterId[] = ['all', 'won', 'notWon'];

export const isResultFilterId = (value: string): value is ResultFilterId =>
  (RESULT_FILTERS as readonly string[]).includes(value);
