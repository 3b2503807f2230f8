/** One entry of a pager: a page number or a gap. */
export type PageItem = number | '...';

/**
 * The pager's pages: always the first and the last page, the current page ±2,
 * and '...' for each gap; a gap of a single page shows that page instead of '...'.
 */
export const paginationItems = (current: number, totalPages: number, around = 2): PageItem[] => {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const shown = new Set<number>([1, totalPages]);
  for (let p = page - around; p <= page + around; p += 1) {
    if (p >= 1 && p <= totalPages) shown.add(p);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('...');
    items.push(p);
    previous = p;
  }
  return items;
};
