import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { PostingListSort } from "~/domain/enums/posting";
import { formatDate, formatNumber } from "~/domain/format";
import { m } from "~/paraglide/messages";
import type { StockSearch } from "../stock-search";
import {
  SelectBox,
  StatusBadge,
  StockActions,
  StockThumb,
  StockTitleLink,
  stockPrice,
  type StockPosting,
  type StockRowHandlers,
} from "./stock-row";
import { PriceRatingLabel } from "~/components/ui/price-rating-label";

type Direction = "ascending" | "descending";
/**
 * The sortable columns and the server's sorts behind them (postingListSorts): a column sorts one way,
 * price both ways (a second click turns it round).
 */
const sortColumns = {
  price: { asc: "price-asc", desc: "price-desc" },
  views: { desc: "views" },
  // Newest published first: the fewest days online first.
  days: { asc: "published" },
  featured: { desc: "featured" },
} as const satisfies Record<string, Partial<Record<"asc" | "desc", PostingListSort>>>;
type SortColumn = keyof typeof sortColumns;

function columnSort(column: SortColumn, current: PostingListSort | undefined) {
  const sorts: Partial<Record<"asc" | "desc", PostingListSort>> = sortColumns[column];
  const direction: Direction | undefined =
    current && sorts.asc === current ? "ascending" : current && sorts.desc === current ? "descending" : undefined;
  const next =
    direction === "ascending"
      ? (sorts.desc ?? sorts.asc)
      : direction === "descending"
        ? (sorts.asc ?? sorts.desc)
        : (sorts.asc ?? sorts.desc);
  return { direction, next };
}

/** A sortable column header: a link to the sorted first page (it works before hydration), aria-sort when it is the sort. */
function SortHeader({ column, label, search }: { column: SortColumn; label: string; search: StockSearch }) {
  const { direction, next } = columnSort(column, search.sort);
  return (
    <th scope="col" aria-sort={direction} className="px-2 py-2 text-left font-semibold">
      <Link
        to="/dms/zaloga"
        search={{ ...search, sort: next, page: undefined }}
        className="inline-flex items-center gap-1 hover:underline"
      >
        {label}
        <span aria-hidden="true" className="text-muted">
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
        </span>
      </Link>
    </th>
  );
}

/** The stock on a desktop: a dense table with sortable columns, the same actions as the phone's cards. */
export function StockTable({
  postings,
  search,
  handlers,
  extra,
  selectAll,
}: {
  postings: StockPosting[];
  search: StockSearch;
  handlers: (p: StockPosting) => StockRowHandlers;
  extra?: (p: StockPosting) => ReactNode;
  selectAll: ReactNode;
}) {
  const th = "px-2 py-2 text-left font-semibold";
  return (
    <table className="w-full border-collapse text-sm" data-testid="stock-table">
      <thead className="border-b border-line bg-surface text-xs uppercase tracking-wide text-muted">
        <tr>
          <th scope="col" className="w-8 px-2 py-2">
            {selectAll}
          </th>
          <th scope="col" className={th}>
            <span className="sr-only">{m.stock_col_photo()}</span>
          </th>
          <th scope="col" className={th}>
            {m.stock_col_vehicle()}
          </th>
          <SortHeader column="price" label={m.stock_col_price()} search={search} />
          <th scope="col" className={th}>
            {m.stock_col_status()}
          </th>
          <SortHeader column="views" label={m.stock_col_views()} search={search} />
          <SortHeader column="days" label={m.stock_col_days()} search={search} />
          <th scope="col" className={th}>
            {m.stock_col_salesperson()}
          </th>
          <SortHeader column="featured" label={m.stock_col_featured()} search={search} />
          <th scope="col" className={th}>
            <span className="sr-only">{m.stock_col_actions()}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {postings.map((p) => {
          const h = handlers(p);
          return (
            <tr
              key={p.code}
              data-code={p.code}
              className={`border-b border-line align-middle ${h.selected ? "bg-brand-50" : "bg-white"}`}
            >
              <td className="px-2 py-1.5">
                <SelectBox p={p} h={h} className="size-4" />
              </td>
              <td className="px-2 py-1.5">
                <StockThumb p={p} width={60} />
              </td>
              <td className="max-w-60 px-2 py-1.5">
                <StockTitleLink p={p} className="block truncate font-semibold hover:underline" />
                <span className="text-xs text-muted">{m.stock_code({ code: p.code })}</span>
              </td>
              <td className="whitespace-nowrap px-2 py-1.5 font-semibold" data-testid="stock-price">
                {stockPrice(p)}
                <PriceRatingLabel rating={p.priceRating} hideUnrated className="ml-2 align-middle" />
              </td>
              <td className="px-2 py-1.5">
                <StatusBadge p={p} />
              </td>
              <td className="px-2 py-1.5 tabular-nums" data-testid="stock-views">
                {formatNumber(p.views)}
              </td>
              <td className="px-2 py-1.5 tabular-nums">{p.daysOnline === null ? "–" : formatNumber(p.daysOnline)}</td>
              <td className="whitespace-nowrap px-2 py-1.5">{p.salesperson?.name ?? "–"}</td>
              <td className="whitespace-nowrap px-2 py-1.5">
                {p.featured && p.featuredUntil ? formatDate(p.featuredUntil) : "–"}
              </td>
              <td className="whitespace-nowrap px-2 py-1.5">
                <StockActions p={p} h={h}>
                  {extra?.(p)}
                </StockActions>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
