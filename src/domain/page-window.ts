/**
 * The page numbers a pager shows (one-based), always seven places when there are more pages: the first,
 * the last, and the current one with its neighbours; near either end five pages in a row. `null` marks a
 * gap: "1 2 3 4 5 … 17", "1 … 4 5 6 … 17", "1 … 13 14 15 16 17".
 */
export function pageWindow(current: number, pages: number): (number | null)[] {
  if (pages < 1) return [];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pages <= 7) return range(1, pages);
  const page = Math.min(Math.max(1, current), pages);
  if (page <= 4) return [...range(1, 5), null, pages];
  if (page >= pages - 3) return [1, null, ...range(pages - 4, pages)];
  return [1, null, page - 1, page, page + 1, null, pages];
}
