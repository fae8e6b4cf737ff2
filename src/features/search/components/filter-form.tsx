import type { ReactNode } from "react";
import { type SearchFilters, serializeSearchFilters } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import type { Field } from "../filter-fields";

/** The filters these fields do not show, as the URL writes them (kept as hidden inputs of the form). */
export function filtersOutside(fields: Field[], f: SearchFilters): [string, string][] {
  const rest: SearchFilters = { ...f, page: 0, ai: null, searchSource: null };
  for (const field of fields) {
    if (field.kind === "makeModel") rest.model = f.model.slice(1);
    else if (field.kind === "range") rest[field.key] = null;
    else if (field.kind === "list") (rest[field.key] as string[]) = [];
    else if (field.kind === "flags") for (const { key } of field.keys) rest[key] = false;
    else rest.postingAge = null;
  }
  return [...serializeSearchFilters(rest)];
}

/**
 * The filter sidebar as a GET form to /iskanje (decision 064): before hydration a visitor sets the filters and
 * submits them as any form; the other filters of the search ride along as hidden inputs. Once hydrated, every
 * change applies at once (FilterPanel's onChange) and the submit button is hidden.
 */
export function FilterForm({
  fields,
  filters,
  children,
}: {
  fields: Field[];
  filters: SearchFilters;
  children: ReactNode;
}) {
  return (
    <form method="get" action="/iskanje" onSubmit={(e) => e.preventDefault()}>
      {filtersOutside(fields, filters).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className="btn-primary sticky bottom-0 mt-3 w-full shadow-lg" data-before-js>
        {m.search_filters_submit()}
      </button>
    </form>
  );
}
