import { type AiCatalogMake, analyseFreeText } from "~/domain/ai-search";
import { serializeSearchFilters } from "~/domain/search-filters";
import type { AiSearchResult } from "~/contracts/search";

/**
 * Free text → filters and the words not understood. The deterministic parser is the answer; a
 * language model may refine it later where a Workers AI binding exists, and the parser's answer
 * stands whenever that fails.
 */
export function understandFreeText(text: string, catalog: readonly AiCatalogMake[]): AiSearchResult {
  const { filters, ignored } = analyseFreeText(text, catalog);
  return { filters, query: serializeSearchFilters(filters).toString(), ignored };
}
