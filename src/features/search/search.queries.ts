import { queryOptions } from "@tanstack/react-query";
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
