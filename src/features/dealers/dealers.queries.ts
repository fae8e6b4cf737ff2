import { queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

/** A dealership's page data with `editable` for the signed-in user (the edit page reads it fresh). */
export const dealershipQueryOptions = (code: string) =>
  queryOptions({ queryKey: ["dealership", code], queryFn: () => api.getDealership(code), staleTime: 0 });

/** The dealership's published postings, newest first, for its public page. */
export const dealerStockQueryOptions = (code: string) => ({
  queryKey: ["dealer-stock", code],
  queryFn: () => api.searchMarketplace(new URLSearchParams({ dealerCode: code, size: "24", sort: "newest" })),
  staleTime: 60_000,
});

/** The manufacturers a dealership may officially represent (same cache entry as the search's makes). */
export const brandOptionsQueryOptions = () =>
  queryOptions({ queryKey: ["manufacturers"], queryFn: () => api.getManufacturers(), staleTime: 60 * 60_000 });
