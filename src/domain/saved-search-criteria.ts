import { type SearchFilters, serializeSearchFilters } from "./search-filters";

/**
 * What a saved search stands for, as one comparable string: the canonical filters without the sort, the page
 * size, the page and where the search came from, models in a fixed order. Two saves with the same criteria are
 * one search (decision 067); the database holds each user's criteria once.
 */
export function savedSearchCriteria(f: SearchFilters): string {
  const model = [...f.model].sort((a, b) =>
    `${a.manufacturer}(${a.model ?? ""})`.localeCompare(`${b.manufacturer}(${b.model ?? ""})`),
  );
  return serializeSearchFilters({
    ...f,
    model,
    sort: null,
    results: null,
    page: 0,
    from: null,
    ai: null,
    searchSource: null,
  }).toString();
}
