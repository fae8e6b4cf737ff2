import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { stockPageSize, type StockSearch } from "./stock-search";

const stockQuery = (s: StockSearch) => ({
  includeDealership: "true" as const,
  status: s.status,
  featured: s.featured ? ("true" as const) : undefined,
  q: s.q,
  sort: s.sort,
  page: s.page ? String(s.page) : undefined,
  size: String(s.size ?? stockPageSize),
});

/** `GET draft` for the stock dashboard: one page of the dealership's postings with status counts. */
export const stockQueryOptions = (s: StockSearch) =>
  queryOptions({
    queryKey: ["my-postings", "stock", s],
    queryFn: () => data(api.draft.$get({ query: stockQuery(s) })),
    staleTime: 0,
  });

/** `GET dealer/statistics`: the whole stock's views of the last 30 days. */
export const stockStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: ["stock-statistics"],
    queryFn: () => data(api.dealer.statistics.$get()),
    staleTime: 60_000,
  });
