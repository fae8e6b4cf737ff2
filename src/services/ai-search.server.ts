import { type AiCatalogMake, parseFreeTextSearch } from "~/domain/ai-search";
import type { SearchFilters } from "~/domain/search-filters";

/**
 * Free text → filters. The deterministic parser is the answer; a language model may refine it
 * later where a Workers AI binding exists, and the parser's answer stands whenever that fails.
 */
export function understandFreeText(text: string, catalog: readonly AiCatalogMake[]): SearchFilters {
  return parseFreeTextSearch(text, catalog);
}
