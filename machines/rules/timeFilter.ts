// Time filters (All, last month, 7 days, 24/12/6/1 hours) with DESIGN.md's correction: 'Last month' is 30
// days and 'All' is unbounded. A record passes when it was created at or after now minus the chosen duration.

import { TIME_FILTER_IDS, type TimeFilterId } from './filterIds.ts';

export { isTimeFilterId, type TimeFilterId } from './filterIds.ts';

const HOUR = 3_600_000;

const DURATIONS: Record<TimeFilterId, number | null> = {
  all: null,
  month: 30 * 24 * HOUR,
  week: 7 * 24 * HOUR,
  day: 24 * HOUR,
  '12h': 12 * HOUR,
  '6h': 6 * HOUR,
  '1h': HOUR,
};

/** Durations in ms; null = no bound. In the order the selector lists them. */
export const TIME_FILTERS: readonly { id: TimeFilterId; durationMs: number | null }[] = TIME_FILTER_IDS.map(
  (id) => ({ id, durationMs: DURATIONS[id] }),
);

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
