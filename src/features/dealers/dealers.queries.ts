import { queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";

/** A dealership's page data with `editable` for the signed-in user (the edit page reads it fresh). */
export const dealershipQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["dealership", code],
    queryFn: () => data(api.dealership[":code"].$get({ param: { code } })),
    staleTime: 0,
  });

/** The dealership's published postings, newest first, for its public page. */
export const dealerStockQueryOptions = (code: string) => ({
  queryKey: ["dealer-stock", code],
  queryFn: () => data(api.marketplace.search.$get({ query: { dealerCode: code, size: "24", sort: "newest" } })),
  staleTime: 60_000,
});

/** The manufacturers a dealership may officially represent (same cache entry as the search's makes). */
export const brandOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ["manufacturers"],
    queryFn: () => data(api.manufacturer.$get()),
    staleTime: 60 * 60_000,
  });
