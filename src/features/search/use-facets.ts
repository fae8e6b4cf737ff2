import { useQueries } from "@tanstack/react-query";
import type { FacetName } from "~/domain/search-filters";
import type { FacetCounts } from "./components/filter-panel";
import { facetQueryOptions } from "./search.queries";

/** Facet counts for several facets at once (fetched in the browser after the page has rendered). */
export function useFacetCounts(facets: readonly FacetName[], query: string, enabled = true): FacetCounts {
  const results = useQueries({ queries: facets.map((f) => ({ ...facetQueryOptions(f, query), enabled })) });
  const out: FacetCounts = {};
  facets.forEach((facet, i) => {
    const data = results[i]?.data;
    if (data) out[facet] = new Map(data.map((d) => [d.value, d.count]));
  });
  return out;
}
