import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";
import { stockPageSize, type StockSearch } from "./stock-search";

const stockQuery = (s: StockSearch) => ({
  includeDealership: true,
  status: s.status,
  featured: s.featured,
  q: s.q,
  sort: s.sort,
  page: s.page,
  size: stockPageSize,
});

/** `GET draft` for the stock dashboard: one page of the dealership's postings with status counts. */
export const stockQueryOptions = (s: StockSearch) =>
  queryOptions({ queryKey: ["my-postings", "stock", s], queryFn: () => api.myPostings(stockQuery(s)), staleTime: 0 });

/** `GET dealer/statistics`: the whole stock's views of the last 30 days. */
export const stockStatisticsQueryOptions = () =>
  queryOptions({ queryKey: ["stock-statistics"], queryFn: () => api.stockStatistics(), staleTime: 60_000 });
