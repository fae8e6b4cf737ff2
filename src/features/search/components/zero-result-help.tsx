import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { parseSearchParams, type SearchFilters } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import type { Chip } from "../chips";
import { vehiclesLabel } from "../plural-labels";
import { dropOneCountsQueryOptions } from "../search.queries";
import { rawSearchOf } from "../use-search-navigation";

type Props = { filters: SearchFilters; chips: Chip[] };

/** Nothing found: which one filter to drop, with the count it would give, most first ("brez »…«: 5 vozil"). */
export function ZeroResultHelp({ filters, chips }: Props) {
  const headingId = useId();
  const options = useQuery(dropOneCountsQueryOptions(filters)).data?.options ?? [];
  const labels = new Map(chips.map((c) => [c.id, c.label]));
  const shown = options.filter((o) => labels.has(o.id));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto mt-5 max-w-md text-left" data-testid="drop-one-help">
      <h3 id={headingId} className="font-semibold">
        {m.search_drop_heading()}
      </h3>
      <ul className="mt-2 space-y-1.5">
        {shown.map((o) => (
          <li key={o.id}>
            <Link
              to="/iskanje"
              search={rawSearchOf(parseSearchParams(o.query))}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {m.search_drop_one({ label: labels.get(o.id) ?? o.id, vehicles: vehiclesLabel(o.total) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
