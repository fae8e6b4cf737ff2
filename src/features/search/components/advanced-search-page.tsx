import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { facetNames, type SearchFilters, serializeSearchFilters } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import { clearedFilters } from "../chips";
import { filterGroups } from "../filter-fields";
import { showVehiclesLabel } from "../plural-labels";
import { searchCountQueryOptions } from "../search.queries";
import { useFacetCounts } from "../use-facets";
import { rawSearchOf } from "../use-search-navigation";
import { FilterPanel } from "./filter-panel";

/** Waits until the value has been still for `ms` (facet counts follow the form without a request per keystroke). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** /napredno-iskanje: every filter on one page, grouped, each option with its facet count. */
export function AdvancedSearchPage({ initial }: { initial: SearchFilters }) {
  const [draft, setDraft] = useState<SearchFilters>({ ...initial, page: 0 });
  const query = useSettled(serializeSearchFilters(draft).toString(), 250);
  const facets = useFacetCounts(facetNames, query);
  const count = useQuery(searchCountQueryOptions(query));

  return (
    <div className="mx-auto max-w-5xl pb-24">
      <h1 className="text-2xl font-bold tracking-tight desk:text-3xl">{m.advanced_title()}</h1>
      <p className="mt-2 max-w-2xl text-muted">{m.advanced_intro()}</p>
      <form className="mt-6 space-y-6" onSubmit={(e) => e.preventDefault()} aria-label={m.advanced_title()}>
        {filterGroups.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`} className="card p-5">
            <h2 id={`group-${group.id}`} className="mb-4 text-lg font-semibold">
              {group.label()}
            </h2>
            <div className="grid gap-x-8 gap-y-5 desk:grid-cols-2">
              {group.fields.map((field, i) => (
                <div
                  key={i}
                  className={
                    field.kind === "list" && Object.keys(field.labels).length > 12 ? "desk:col-span-2" : undefined
                  }
                >
                  <FilterPanel fields={[field]} value={draft} onChange={setDraft} facets={facets} />
                </div>
              ))}
            </div>
          </section>
        ))}
      </form>
      <div className="fixed inset-x-0 bottom-16 z-20 border-t border-line bg-white/95 py-3 backdrop-blur desk:bottom-0">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4">
          <button type="button" className="btn-outline" onClick={() => setDraft(clearedFilters(draft))}>
            {m.advanced_reset()}
          </button>
          <Link
            to="/iskanje"
            search={rawSearchOf(draft)}
            className={`btn-primary px-6 py-2.5 ${count.isPlaceholderData ? "opacity-70" : ""}`}
            data-testid="advanced-apply"
            aria-busy={count.isPlaceholderData || count.isFetching}
          >
            {count.data === undefined ? m.search_title() : showVehiclesLabel(count.data)}
          </Link>
        </div>
      </div>
    </div>
  );
}
