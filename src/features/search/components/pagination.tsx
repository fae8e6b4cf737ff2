import { Link } from "@tanstack/react-router";
import { Pagination as PageLinks } from "~/components/ui/pagination";
import type { SearchFilters } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import { rawSearchOf } from "../use-search-navigation";

/** Page links of the search results (zero-based pages in the URL, one-based for people). */
export function Pagination({ filters, total, size }: { filters: SearchFilters; total: number; size: number }) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div className="mt-8">
      <PageLinks
        page={filters.page + 1}
        pages={pages}
        label={m.search_pagination()}
        link={(page, props) => (
          <Link
            key={page}
            to="/iskanje"
            activeOptions={{ exact: true }}
            search={rawSearchOf({ ...filters, page: page - 1 })}
            {...props}
          />
        )}
      />
    </div>
  );
}
