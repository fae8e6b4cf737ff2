import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState, type ReactNode } from "react";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/ui/search-form";
import { Notice, type NoticeMessage } from "~/components/ui/notice";
import { ViewsChart } from "~/components/ui/views-chart";
import {
  postingListSorts,
  postingStatusLabels,
  postingStatuses,
  postingTransitions,
  type PostingListSort,
  type PostingStatus,
} from "~/domain/enums/posting";
import { formatNumber } from "~/domain/format";
import { api } from "~/client/api";
import { toQueryString } from "~/client/api-client";
import { m } from "~/paraglide/messages";
import { stockPageSize, stockPageSizes, type StockSearch } from "../stock-search";
import { stockQueryOptions, stockStatisticsQueryOptions } from "../stock.queries";
import { useCancelFeaturing } from "../use-cancel-featuring";
import { useChangePostingStatus } from "../use-change-posting-status";
import { DelegateDialog } from "./delegate-dialog";
import { DmsNav } from "./dms-nav";
import { PostingChartDialog } from "./posting-chart-dialog";
import { StockCard, type StockPosting, type StockRowHandlers } from "./stock-row";
import { StockTable } from "./stock-table";

const sortLabels: Record<PostingListSort, () => string> = {
  updated: m.stock_sort_updated,
  published: m.stock_sort_published,
  "price-asc": m.stock_sort_price_asc,
  "price-desc": m.stock_sort_price_desc,
  views: m.stock_sort_views,
  featured: m.stock_sort_featured,
  market: m.stock_sort_market,
};

/** Where a page of the list begins: a page link lands there, not at the top of the screen. */
const stockListAnchor = "seznam";

/**
 * /dms/zaloga: the dealership's stock. Status and featured filters with counts, text search (make,
 * model, VIN, code), sort, numbered pages of 20, 50 or 100, the whole stock's views chart, per-posting
 * statistics, status actions one by one or for a selection, and a CSV export of the filtered list.
 * A phone gets compact cards, a desktop (992 px and up) a dense table with sortable columns (decision 071).
 */
export function StockPage({
  search,
  onSearch,
  extraActions,
  dealershipCode,
}: {
  search: StockSearch;
  onSearch: (next: StockSearch) => void;
  /** Actions other features add per posting (featuring, delegation). */
  extraActions?: (p: StockPosting, done: (message: NoticeMessage) => void) => ReactNode;
  dealershipCode: string | null;
}) {
  const { data } = useSuspenseQuery(stockQueryOptions(search));
  const stats = useQuery(stockStatisticsQueryOptions());
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [chartFor, setChartFor] = useState<StockPosting | null>(null);
  const [delegateCode, setDelegateCode] = useState<string | null>(null);

  // Selection belongs to the list on screen: a new filter or page starts empty.
  useEffect(
    () => setSelected(new Set()),
    [search.status, search.featured, search.q, search.sort, search.page, search.size],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["my-postings"] });
  const done = (msg: NoticeMessage) => {
    setMessage(msg);
    if (!msg.error) void refresh();
  };
  const statusChange = useChangePostingStatus((msg) => {
    setMessage(msg);
    setSelected(new Set());
  });
  const featuring = useCancelFeaturing(setMessage);
  const busy = statusChange.busy || featuring.busy;
  const changeStatus = (codes: string[], to: PostingStatus) => {
    setMessage(null);
    return statusChange.change(codes, to);
  };
  /** Cancel featuring: it stays featured for the rest of today. */
  const cancelFeature = (code: string) => {
    setMessage(null);
    return featuring.cancel(code);
  };

  const selectedPostings = data.postings.filter((p) => selected.has(p.code));
  const bulkTargets = (to: PostingStatus) =>
    selectedPostings.filter((p) => postingTransitions[p.status as PostingStatus].includes(to)).map((p) => p.code);
  const toggle = (code: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(code)) next.add(code);
      return next;
    });
  const allSelected = data.postings.length > 0 && data.postings.every((p) => selected.has(p.code));
  const selectAll = () => setSelected(allSelected ? new Set() : new Set(data.postings.map((p) => p.code)));
  const selectAllBox = (
    <input
      type="checkbox"
      className="size-4"
      checked={allSelected}
      onChange={selectAll}
      aria-label={m.stock_select_all()}
    />
  );
  const handlers = (p: StockPosting): StockRowHandlers => ({
    busy,
    selected: selected.has(p.code),
    onToggle: () => toggle(p.code),
    onStatus: (to) => void changeStatus([p.code], to),
    onChart: () => setChartFor(p),
    onDelegate: () => setDelegateCode(p.code),
    onCancelFeature: () => void cancelFeature(p.code),
  });
  const filterChips: { key: string; label: string; count: number; active: boolean; next: StockSearch }[] = [
    {
      key: "all",
      label: m.my_postings_all(),
      count: Object.entries(data.counts).reduce((s, [k, n]) => (k === "FEATURED" ? s : s + (n ?? 0)), 0),
      active: !search.status && !search.featured,
      next: {},
    },
    ...postingStatuses.map((s) => ({
      key: s,
      label: postingStatusLabels[s],
      count: data.counts[s] ?? 0,
      active: search.status === s,
      next: { status: s },
    })),
    {
      key: "featured",
      label: m.stock_featured_filter(),
      count: data.counts.FEATURED ?? 0,
      active: search.featured === true,
      next: { featured: true as const },
    },
  ];
  const csvHref = `${api.dealer["stock.csv"].$url().pathname}${toQueryString({ status: search.status, featured: search.featured ? "true" : undefined, q: search.q, sort: search.sort })}`;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.stock_title()}</h1>
          <p className="mt-1 text-sm text-muted">{m.stock_summary({ total: formatNumber(data.total) })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={csvHref} className="btn-outline" download>
            {m.stock_export_csv()}
          </a>
          <a href="/nov-oglas" className="btn-accent">
            {m.header_new_post()}
          </a>
        </div>
      </div>
      <DmsNav current="stock" dealershipCode={dealershipCode} />
      {/* On a phone the list comes first and the whole stock's chart after it; on a desktop above it. */}
      <section className="card order-last p-4 desk:order-none" aria-label={m.stock_chart_title()}>
        {stats.data ? (
          <ViewsChart days={stats.data.days} caption={m.stock_chart_title()} />
        ) : (
          <div style={{ minHeight: 260 }} aria-busy="true" />
        )}
      </section>

      <nav
        aria-label={m.my_postings_filter()}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 [scrollbar-width:thin] desk:flex-wrap desk:overflow-visible"
      >
        {filterChips.map((chip) => (
          <button
            key={chip.key}
            type="button"
            aria-pressed={chip.active}
            onClick={() => onSearch({ ...chip.next, q: search.q, sort: search.sort, size: search.size })}
            className={`shrink-0 whitespace-nowrap rounded-full border px-3 py-1 text-sm ${chip.active ? "border-brand-700 bg-brand-700 text-white" : "border-line bg-white"}`}
          >
            {chip.label}{" "}
            <span className={chip.active ? "text-white/80" : "text-muted"}>{formatNumber(chip.count)}</span>
          </button>
        ))}
      </nav>

      <SearchForm
        key={search.q ?? ""}
        label={m.stock_search_label()}
        placeholder={m.stock_search_placeholder()}
        maxLength={60}
        initial={search.q ?? ""}
        submitLabel={m.stock_search_submit()}
        onSearch={(q) => onSearch({ ...search, q, page: undefined })}
        after={
          <label className="text-sm">
            <span className="mb-1 block font-medium">{m.stock_sort_label()}</span>
            <select
              className="field-input"
              value={search.sort ?? "updated"}
              onChange={(e) =>
                onSearch({
                  ...search,
                  sort: e.target.value === "updated" ? undefined : (e.target.value as PostingListSort),
                  page: undefined,
                })
              }
            >
              {postingListSorts.map((s) => (
                <option key={s} value={s}>
                  {sortLabels[s]()}
                </option>
              ))}
            </select>
          </label>
        }
      />

      <Notice notice={message} />

      {data.postings.length === 0 ? (
        <div className="card p-8 text-center">
          <p>{search.q || search.status || search.featured ? m.stock_empty_filtered() : m.my_postings_empty()}</p>
        </div>
      ) : (
        <>
          <div
            id={stockListAnchor}
            className="flex scroll-mt-4 flex-wrap items-center gap-2 rounded-lg border border-line bg-white p-2 text-sm"
            role="group"
            aria-label={m.stock_bulk_label()}
          >
            <label className="flex items-center gap-2 px-2">
              <input type="checkbox" className="size-4" checked={allSelected} onChange={selectAll} />
              {m.stock_select_all()}
            </label>
            <span className="text-muted" aria-live="polite">
              {m.stock_selected({ count: String(selected.size) })}
            </span>
            {(["PUBLISHED", "REMOVED", "SOLD"] as const).map((to) => {
              const targets = bulkTargets(to);
              return (
                <button
                  key={to}
                  type="button"
                  className="btn-outline px-3 py-1"
                  disabled={busy || targets.length === 0}
                  onClick={() => void changeStatus(targets, to)}
                >
                  {to === "PUBLISHED"
                    ? m.stock_bulk_activate({ count: String(targets.length) })
                    : to === "REMOVED"
                      ? m.stock_bulk_deactivate({ count: String(targets.length) })
                      : m.stock_bulk_sold({ count: String(targets.length) })}
                </button>
              );
            })}
          </div>

          <div data-testid="my-postings">
            <ul className="space-y-3 desk:hidden">
              {data.postings.map((p) => (
                <StockCard key={p.code} p={p} h={handlers(p)}>
                  {extraActions?.(p, done)}
                </StockCard>
              ))}
            </ul>
            <div className="hidden desk:block">
              <StockTable
                postings={data.postings}
                search={search}
                handlers={handlers}
                extra={extraActions ? (p) => extraActions(p, done) : undefined}
                selectAll={selectAllBox}
              />
            </div>
          </div>

          <Pagination
            page={data.page}
            pages={Math.max(1, Math.ceil(data.total / data.size))}
            label={m.stock_pages()}
            link={(page, props) => (
              <Link
                key={page}
                to="/dms/zaloga"
                activeOptions={{ exact: true }}
                search={{ ...search, page: page > 1 ? page : undefined }}
                hash={stockListAnchor}
                {...props}
              />
            )}
            after={
              <span className="ml-3 flex items-center gap-1 text-sm" role="group" aria-label={m.stock_page_size()}>
                <span aria-hidden="true" className="text-muted">
                  {m.stock_page_size()}:
                </span>
                {stockPageSizes.map((size) => (
                  <Link
                    key={size}
                    to="/dms/zaloga"
                    activeOptions={{ exact: true }}
                    search={{ ...search, size: size === stockPageSize ? undefined : size, page: undefined }}
                    aria-current={(search.size ?? stockPageSize) === size ? "page" : undefined}
                    aria-label={m.stock_page_size_option({ size: String(size) })}
                    className={`rounded-md px-2 py-1 ${(search.size ?? stockPageSize) === size ? "bg-brand-700 text-white" : "hover:bg-surface"}`}
                  >
                    {size}
                  </Link>
                ))}
              </span>
            }
          />
        </>
      )}
      <PostingChartDialog posting={chartFor} onClose={() => setChartFor(null)} />
      <DelegateDialog
        code={delegateCode ?? ""}
        open={delegateCode !== null}
        onClose={() => setDelegateCode(null)}
        onDone={() => void refresh()}
      />
    </div>
  );
}
