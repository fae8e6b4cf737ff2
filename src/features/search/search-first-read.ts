import type { QueryClient } from "@tanstack/react-query";
import { hasFormFields, parseSearchParams, serializeSearchFilters } from "~/domain/search-filters";
import { type FirstRead, keepFirstRead, takeFirstRead } from "~/lib/first-read";
import { toRawSearch } from "~/lib/search-params";
import type { SearchResponse } from "~/domain/posting-card";
import { homePostingsQueryOptions, searchResultsQueryOptions } from "./search.queries";

const readResults = (queryClient: QueryClient, query: string) =>
  queryClient.ensureQueryData(searchResultsQueryOptions(query));

/**
 * /iskanje's first read (decision 089): signed in, the root starts the results' search (by the canonical query, the
 * loader's key) before `me`, and it brings the session in its batch. None for a URL the route redirects (the filter
 * forms' fields, a phrase still to understand): its loader reads no results there.
 */
export const searchResultsFirstRead: FirstRead = ({ search, queryClient }) => {
  if (hasFormFields(Object.keys(search))) return undefined;
  const filters = parseSearchParams(toRawSearch(search));
  if (filters.ai && filters.searchSource !== "ai") return undefined;
  const query = serializeSearchFilters(filters).toString();
  return keepFirstRead(queryClient, `search:${query}`, readResults(queryClient, query));
};

/** The results for /iskanje's canonical query: the read the root started, else a read of its own. */
export const takeSearchResults = (queryClient: QueryClient, query: string) =>
  takeFirstRead<SearchResponse>(queryClient, `search:${query}`) ?? readResults(queryClient, query);

const readHome = (queryClient: QueryClient) => queryClient.ensureQueryData(homePostingsQueryOptions());

/** The home page's first read (decision 089): its grid's search, started by the root before `me` when signed in. */
export const homeFirstRead: FirstRead = ({ queryClient }) => keepFirstRead(queryClient, "home", readHome(queryClient));

/** The home's grid: the read the root started, else a read of its own. */
export const takeHomePostings = (queryClient: QueryClient) =>
  takeFirstRead(queryClient, "home") ?? readHome(queryClient);
