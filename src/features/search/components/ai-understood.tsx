import { useQuery } from "@tanstack/react-query";
import type { SearchFilters } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import type { Chip } from "../chips";
import { aiSearchQueryOptions } from "../search.queries";
import { FilterChips } from "./filter-chips";

type Props = { phrase: string; failed: boolean; chips: Chip[]; clearAll: SearchFilters };

/** Under the AI box: what the phrase became, as removable chips, and the words it did not understand. */
export function AiUnderstood({ phrase, failed, chips, clearAll }: Props) {
  // The route's loader fetched it with the page; the parser is deterministic, so this is never refetched.
  const ignored = useQuery({ ...aiSearchQueryOptions(phrase), enabled: !failed }).data?.ignored ?? [];
  return (
    <div className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm" data-testid="ai-understood">
      <p role="status" className={failed ? "text-danger" : chips.length > 0 ? "font-medium" : undefined}>
        {failed ? m.search_ai_error() : chips.length === 0 ? m.search_ai_nothing() : m.search_ai_understood()}
      </p>
      {chips.length > 0 ? <FilterChips chips={chips} clearAll={clearAll} className="mt-2" /> : null}
      {!failed && ignored.length > 0 ? (
        <p className="mt-2 text-muted" data-testid="ai-ignored">
          {m.search_ai_ignored({ words: ignored.join(", ") })}
        </p>
      ) : null}
    </div>
  );
}
