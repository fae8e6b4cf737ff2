import type { ReactNode } from "react";
import { pageWindow } from "~/domain/page-window";
import { m } from "~/paraglide/messages";

/** What a page link gets: the caller renders it as a router link (a real href, so it works before hydration). */
export type PageLinkProps = {
  className: string;
  children: ReactNode;
  "aria-current"?: "page";
  "aria-label"?: string;
  rel?: "prev" | "next";
};

/**
 * Page links "‹ Prejšnja 1 … 4 5 6 … 17 Naslednja ›" (one-based pages), the current one marked with
 * aria-current; nothing when everything fits on one page. `link(page, props)` renders each link.
 */
export function Pagination({
  page,
  pages,
  label,
  link,
  after,
}: {
  page: number;
  pages: number;
  label: string;
  link: (page: number, props: PageLinkProps) => ReactNode;
  /** Shown after the links (e.g. the page size choice), also when there is only one page. */
  after?: ReactNode;
}) {
  if (pages <= 1 && !after) return null;
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1" data-testid="pagination">
      {pages > 1 && current > 1
        ? link(current - 1, { className: "btn-outline px-3", rel: "prev", children: `‹ ${m.search_page_prev()}` })
        : null}
      {pages > 1
        ? pageWindow(current, pages).map((p, i) =>
            p === null ? (
              <span key={`gap-${i}`} className="px-1 text-muted" aria-hidden="true">
                …
              </span>
            ) : (
              <span key={p} className="contents">
                {link(p, {
                  className: p === current ? "btn-primary min-w-10 px-3" : "btn-outline min-w-10 px-3",
                  "aria-current": p === current ? "page" : undefined,
                  "aria-label": m.search_page_of({ page: String(p), pages: String(pages) }),
                  children: String(p),
                })}
              </span>
            ),
          )
        : null}
      {pages > 1 && current < pages
        ? link(current + 1, { className: "btn-outline px-3", rel: "next", children: `${m.search_page_next()} ›` })
        : null}
      {after}
    </nav>
  );
}
