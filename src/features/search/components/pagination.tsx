import { Link } from "@tanstack/react-router";
import type { SearchFilters } from "~/domain/search-filters";
import { m } from "~/paraglide/messages";
import { rawSearchOf } from "../use-search-navigation";

/** Page links (zero-based pages in the URL, one-based for people). */
export function Pagination({ filters, total, size }: { filters: SearchFilters; total: number; size: number }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const current = Math.min(filters.page, pages - 1);
  const window = new Set([0, pages - 1, current - 1, current, current + 1].filter((p) => p >= 0 && p < pages));
  const list = [...window].sort((a, b) => a - b);
  const link = (page: number) => rawSearchOf({ ...filters, page });
  return (
    <nav aria-label={m.search_pagination()} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {current > 0 ? (
        <Link to="/iskanje" search={link(current - 1)} className="btn-outline" rel="prev">
          ‹ {m.search_page_prev()}
        </Link>
      ) : null}
      {list.map((p, i) => (
        <span key={p} className="flex items-center gap-1">
          {i > 0 && p - (list[i - 1] ?? p) > 1 ? <span className="px-1 text-muted">…</span> : null}
          <Link
            to="/iskanje"
            search={link(p)}
            aria-current={p === current ? "page" : undefined}
            aria-label={m.search_page_of({ page: String(p + 1), pages: String(pages) })}
            className={p === current ? "btn-primary min-w-10" : "btn-outline min-w-10"}
          >
            {p + 1}
          </Link>
        </span>
      ))}
      {current < pages - 1 ? (
        <Link to="/iskanje" search={link(current + 1)} className="btn-outline" rel="next">
          {m.search_page_next()} ›
        </Link>
      ) : null}
    </nav>
  );
}
