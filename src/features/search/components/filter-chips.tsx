import { Link } from "@tanstack/react-router";
import { CloseIcon } from "~/components/ui/icons";
import { type SearchFilters, withFilters } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import type { Chip } from "../chips";
import { rawSearchOf } from "../use-search-navigation";

type Props = { chips: Chip[]; clearAll: SearchFilters; className?: string };

/** The active filters as removable chips, and "Počisti vse"; links, so they work before hydration too. */
export function FilterChips({ chips, clearAll, className = "" }: Props) {
  return (
    <div
      className={`flex flex-wrap items-center gap-2 ${className}`}
      aria-label={m.search_active_filters()}
      role="group"
    >
      {chips.map((chip) => (
        <Link
          key={chip.id}
          to="/iskanje"
          search={rawSearchOf(withFilters(chip.next, { ai: null, searchSource: null }))}
          className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-white py-1 pl-3 pr-2 text-sm font-medium text-brand-800 hover:bg-brand-50"
          aria-label={m.search_remove_filter({ label: chip.label })}
        >
          {chip.label} <CloseIcon width={16} height={16} />
        </Link>
      ))}
      <Link
        to="/iskanje"
        search={rawSearchOf(clearAll)}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {m.search_clear_all()}
      </Link>
    </div>
  );
}
