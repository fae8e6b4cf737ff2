import { m } from "~/paraglide/messages";

/** "Prejšnja · Stran 2 od 7 · Naslednja" for paged lists; nothing when everything fits on one page. */
export function Pager({
  page,
  total,
  size,
  onPage,
  label,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <button type="button" className="btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {m.stock_prev()}
      </button>
      <span className="text-sm">{m.stock_page_of({ page: String(page), pages: String(pages) })}</span>
      <button type="button" className="btn-outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {m.stock_next()}
      </button>
    </nav>
  );
}
