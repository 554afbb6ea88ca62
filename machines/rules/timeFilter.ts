// Time filters (All, last month, 7 days, 24/12/6/1 hours) with DESIGN.md's correction: 'Last month' is 30
// days and 'All' is unbounded. A record passes when it was created at or after now minus the chosen duration.

const HOUR = 3_600_000;

export type TimeFilterId = 'all' | 'month' | 'week' | 'day' | '12h' | '6h' | '1h';

/** Durations in ms; null = no bound. In the order the selector lists them. */
export const TIME_FILTERS: readonly { id: TimeFilterId; durationMs: number | null }[] = [
  { id: 'all', durationMs: null },
  { id: 'month', durationMs: 30 * 24 * HOUR },
  { id: 'week', durationMs: 7 * 24 * HOUR },
  { id: 'day', durationMs: 24 * HOUR },
  { id: '12h', durationMs: 12 * HOUR },
  { id: '6h', durationMs: 6 * HOUR },
  { id: '1h', durationMs: HOUR },
];

export const isTimeFilterId = (value: string): value is TimeFilterId =>
  TIME_FILTERS.some((filter) => filter.id === value);

/** The earliest creation time that passes, or null when everything passes. */
export function filterSince(id: TimeFilterId, now: Date): Date | null {
  const duration = TIME_FILTERS.find((filter) => filter.id === id)?.durationMs ?? null;
  return duration === null ? null : new Date(now.getTime() - duration);
}

/** Records created at or after now minus the filter's duration (records with no valid date are kept). */
export function filterByTime<T>(
  items: readonly T[],
  createdAt: (item: T) => Date,
  id: TimeFilterId,
  now: Date,
): T[] {
  const since = filterSince(id, now);
  if (!since) return [...items];
  return items.filter((item) => {
    const at = createdAt(item).getTime();
    return Number.isNaN(at) || at >= since.getTime();
  });
}
