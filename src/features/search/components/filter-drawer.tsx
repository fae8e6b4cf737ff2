import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type SearchFilters, serializeSearchFilters } from "~/domain/search-filters";
import { CloseIcon } from "~/components/ui/icons";
import { m } from "~/paraglide/messages";
import { clearedFilters } from "../chips";
import { quickFields } from "../filter-fields";
import { showVehiclesLabel } from "../plural-labels";
import { searchCountQueryOptions } from "../search.queries";
import { useFacetCounts } from "../use-facets";
import { FilterPanel } from "./filter-panel";

/**
 * Mobile filters: a modal dialog holding a draft; the apply button shows the live count
 * ("Prikaži 5 vozil") and only then changes the search.
 */
export function FilterDrawer({
  open,
  filters,
  onApply,
  onClose,
}: {
  open: boolean;
  filters: SearchFilters;
  onApply: (f: SearchFilters) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(filters);
  const query = serializeSearchFilters({ ...draft, page: 0 }).toString();
  const count = useQuery({ ...searchCountQueryOptions(query), enabled: open });
  const facets = useFacetCounts(["fuel", "body", "transmission", "seller", "region"], query, open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setDraft(filters);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open, filters]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="filter-drawer-title"
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-white p-0 shadow-xl backdrop:bg-black/40 open:flex open:flex-col"
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id="filter-drawer-title" className="text-lg font-semibold">
          {m.search_filters()}
        </h2>
        <button type="button" className="btn-ghost px-2" aria-label={m.search_filters_close()} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto p-4">
        {/* Rendered only while open: closed, it would double the page's markup and its hydration for nothing. */}
        {open ? (
          <FilterPanel fields={quickFields} value={draft} onChange={setDraft} facets={facets} collapseAfter={6} />
        ) : null}
      </div>
      <div className="flex gap-2 border-t border-line p-3">
        <button type="button" className="btn-outline" onClick={() => setDraft(clearedFilters(draft))}>
          {m.search_clear_all()}
        </button>
        <button
          type="button"
          className={`btn-primary flex-1 py-2.5 ${count.isPlaceholderData ? "opacity-70" : ""}`}
          data-testid="apply-filters"
          // While the count for the latest draft loads, the previous one is shown dimmed.
          aria-busy={count.isPlaceholderData || count.isFetching}
          onClick={() => onApply({ ...draft, page: 0 })}
        >
          {count.data === undefined ? m.search_filters() : showVehiclesLabel(count.data)}
        </button>
      </div>
    </dialog>
  );
}
