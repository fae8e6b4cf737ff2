import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { type SearchFilters, serializeSearchFilters } from "~/domain/search-filters";
import { parseRawSearch } from "~/lib/search-params";

/** The raw router search object for filters (canonical URL). */
export const rawSearchOf = (f: SearchFilters) => parseRawSearch(serializeSearchFilters(f).toString());

/** Navigates /iskanje to new filters (the URL is the state). */
export function useSearchNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (f: SearchFilters, options: { replace?: boolean } = {}) =>
      navigate({ to: "/iskanje", search: rawSearchOf(f), replace: options.replace, resetScroll: false }),
    [navigate],
  );
}
