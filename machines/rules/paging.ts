// The paginator, shared by the results and wallet-transactions lists: pure, 1-based pages, 8 per page.

export const PAGE_SIZE = 8;

/** Item total divided by page size, rounded up (0 items → 0 pages). */
export const pageCount = (total: number, size = PAGE_SIZE): number => Math.ceil(Math.max(0, total) / size);

/** `page` kept within 1..count (1 when there are no pages). */
export const clampPage = (page: number, count: number): number =>
  Math.min(Math.max(1, page), Math.max(1, count));

/** Up to three page numbers around the current one, e.g. 4 of 9 → [3, 4, 5]; 1 of 9 → [1, 2, 3]. */
export function pageNumbers(current: number, count: number): number[] {
  if (count <= 0) return [];
  const start = Math.max(1, Math.min(current - 1, count - 2));
  const end = Math.min(count, start + 2);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export interface PageControls {
  first: boolean;
  previous: boolean;
  next: boolean;
  last: boolean;
}

/** First above page 2, previous above 1, next below the total, last below the total minus one. */
export const pageControls = (current: number, count: number): PageControls => ({
  first: current > 2,
  previous: current > 1,
  next: current < count,
  last: current < count - 1,
});

/** The items on a page. */
export const pageItems = <T>(items: readonly T[], page: number, size = PAGE_SIZE): T[] =>
  items.slice((page - 1) * size, page * size);
