import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "~/lib/api/api";

export const manufacturersQueryOptions = () =>
  queryOptions({ queryKey: ["manufacturers"], queryFn: () => api.getManufacturers(), staleTime: 60 * 60_000 });

/** Models of one manufacturer, fetched per manufacturer and cached. */
export const modelsQueryOptions = (manufacturerCode: string) =>
  queryOptions({
    queryKey: ["models", manufacturerCode],
    queryFn: () => api.getModels(manufacturerCode),
    staleTime: 60 * 60_000,
    enabled: manufacturerCode !== "",
  });

export const articlesQueryOptions = () =>
  queryOptions({ queryKey: ["articles"], queryFn: () => api.getArticles(), staleTime: 5 * 60_000 });

/** The home page's grid: featured first, then the newest. */
export const homePostingsQueryOptions = () =>
  queryOptions({
    queryKey: ["marketplace", "home"],
    queryFn: () => api.searchMarketplace({ sort: "newest", size: 12 }),
    staleTime: 60_000,
  });

/** Results for a canonical /iskanje query string (the URL codec's output). */
export const searchResultsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["marketplace", "search", query],
    queryFn: () => api.searchMarketplace(new URLSearchParams(query)),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** How many vehicles a draft of filters would show (the live count on the apply button). */
export const searchCountQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["marketplace", "count", query],
    queryFn: async () => {
      const params = new URLSearchParams(query);
      params.set("size", "1");
      params.delete("page");
      return (await api.searchMarketplace(params)).total;
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Counts per value of one facet, with the other filters applied. */
export const facetQueryOptions = (facet: string, query: string) =>
  queryOptions({
    queryKey: ["marketplace", "facet", facet, query],
    queryFn: () => api.countBy(facet, new URLSearchParams(query)),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
