import { appConfig } from "~/app.config";
import { maxPageSize, parseSearchParams, type SearchFilters } from "~/domain/search-filters";
import { z } from "~/domain/zod-locale";

const queryValue = z.union([z.string().max(2000), z.array(z.string().max(2000)).max(100)]);

/**
 * `GET marketplace/search` and `count-by`: the /iskanje URL parameters plus `size` and `offset`
 * (offset = page × size unless given). Garbage is dropped or clamped by the codec, never refused.
 */
export const marketplaceSearchQuerySchema = z.record(z.string().max(100), queryValue).transform((query) => {
  const filters = parseSearchParams(query);
  const one = (k: string) => {
    const v = query[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const int = (v: string | undefined) => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : null);
  const size = Math.min(
    maxPageSize,
    Math.max(1, int(one("size")) ?? filters.results ?? appConfig.limits.searchPageSize),
  );
  const offset = int(one("offset")) ?? filters.from ?? filters.page * size;
  return { filters, size, offset: Math.min(offset, 1_000_000), sort: filters.sort ?? "newest" };
});
export type MarketplaceSearchQuery = z.output<typeof marketplaceSearchQuerySchema>;

/**
 * `GET marketplace/count-without-one`'s answer: per active filter (the chips' `id`), the /iskanje query
 * without it and how many vehicles that finds; only those that find some, most first.
 */
export type DropOneCounts = { options: { id: string; query: string; total: number }[] };

/**
 * `POST ai/search`'s answer: the filters the text became, the same as an /iskanje query string, and
 * the words it did not understand, as written (issue 24).
 */
export type AiSearchResult = { filters: SearchFilters; query: string; ignored: string[] };

/** `POST ai/search`. */
export const aiSearchInputSchema = z.object({
  query: z
    .string({ error: "Vnesite opis vozila." })
    .trim()
    .min(1, "Vnesite opis vozila.")
    .max(300, "Opis je predolg (največ 300 znakov)."),
});
