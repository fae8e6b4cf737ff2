import { postingListSorts, postingStatuses, type PostingListSort, type PostingStatus } from "~/domain/enums/posting";

/** The stock dashboard's URL state: status (or featured), text search, sort, page and page size. */
export type StockSearch = {
  status?: PostingStatus;
  featured?: true;
  q?: string;
  sort?: PostingListSort;
  page?: number;
  /** Postings per page; 20 (the default) is left out of the address. */
  size?: StockPageSize;
};

export const stockPageSizes = [20, 50, 100] as const;
export type StockPageSize = (typeof stockPageSizes)[number];
export const stockPageSize: StockPageSize = 20;

/** Reads `/dms/zaloga?…` leniently: unknown values fall back to the defaults instead of an error page. */
export function stockSearch(search: Record<string, unknown>): StockSearch {
  const out: StockSearch = {};
  if ((postingStatuses as readonly string[]).includes(String(search.status)))
    out.status = search.status as PostingStatus;
  if (search.featured === true || search.featured === "1" || search.featured === 1 || search.featured === "true")
    out.featured = true;
  if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim().slice(0, 60);
  if ((postingListSorts as readonly string[]).includes(String(search.sort))) out.sort = search.sort as PostingListSort;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  const size = Number(search.size);
  if (size !== stockPageSize && (stockPageSizes as readonly number[]).includes(size)) out.size = size as StockPageSize;
  return out;
}
