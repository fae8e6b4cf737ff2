import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "~/client/api";
import { data } from "~/client/api-client";
import { type FacetName, type SearchFilters, serializeSearchFilters, withFilters } from "~/domain/search-filters";

/** A canonical query string as the search routes' query record (a repeated key becomes a list). */
function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return record;
}

const search = (params: URLSearchParams) => data(api.marketplace.search.$get({ query: queryRecord(params) }));

const fetchArticles = () => data(api.marketplace.articles.$get());

/** One news article of the search and home pages, as `GET marketplace/articles` answers it. */
export type Article = Awaited<ReturnType<typeof fetchArticles>>[number];

export const articlesQueryOptions = () =>
  queryOptions({ queryKey: ["articles"], queryFn: fetchArticles, staleTime: 5 * 60_000 });

/** The home page's grid: featured first, then the newest. */
export const homePostingsQueryOptions = () =>
  queryOptions({
    queryKey: ["marketplace", "home"],
    queryFn: () => search(new URLSearchParams({ sort: "newest", size: "12" })),
    staleTime: 60_000,
  });

/** Results for a canonical /iskanje query string (the URL codec's output). */
export const searchResultsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["marketplace", "search", query],
    queryFn: () => search(new URLSearchParams(query)),
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
      return (await search(params)).total;
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Counts per value of one facet, with the other filters applied. */
export const facetQueryOptions = (facet: FacetName, query: string) =>
  queryOptions({
    queryKey: ["marketplace", "facet", facet, query],
    queryFn: () =>
      data(
        api.marketplace["count-by"][":spreadParamName"].$get({
          param: { spreadParamName: facet },
          query: queryRecord(new URLSearchParams(query)),
        }),
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/**
 * What a phrase of the AI box became and the words it did not understand. The parser is deterministic,
 * so one answer per phrase stands for the whole visit.
 */
export const aiSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ["ai", "search", text],
    queryFn: () => data(api.ai.search.$post({ json: { query: text } })),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The zero-result help: the count without each one of the search's filters (one call, counted in one
 * batch), keyed by the filters alone so every phrase and page of one search shares the answer.
 */
export function dropOneCountsQueryOptions(filters: SearchFilters) {
  const query = serializeSearchFilters(withFilters(filters, { ai: null, searchSource: null })).toString();
  return queryOptions({
    queryKey: ["marketplace", "count-without-one", query],
    queryFn: () => data(api.marketplace["count-without-one"].$get({ query: queryRecord(new URLSearchParams(query)) })),
    staleTime: 30_000,
  });
}
