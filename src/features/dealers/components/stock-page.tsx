import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Modal } from "~/components/modal";
import { Pager } from "~/components/pager";
import { ViewsChart } from "~/components/ui/views-chart";
import {
  postingListSorts,
  postingStatusLabels,
  postingStatuses,
  postingTransitions,
  type PostingListSort,
  type PostingStatus,
} from "~/domain/enums/posting";
import { formatDate, formatNumber } from "~/domain/format";
import { rewriteImageUrl } from "~/domain/image-url";
import { pluralCategory } from "~/domain/plural";
import { priceDisplay } from "~/domain/price-display";
import { postingEditHref } from "~/domain/wizard-steps";
import { ApiError } from "~/client/errors";
import { toQueryString } from "~/client/api-client";
import { cancelFeaturing, postingStatistics, setPostingStatus } from "../dealers.mutations";
import { m } from "~/paraglide/messages";
import type { MyPostings } from "~/contracts/drafts";
import type { StockSearch } from "../stock-search";
import { stockQueryOptions, stockStatisticsQueryOptions } from "../stock.queries";
import { DelegateDialog } from "./delegate-dialog";
import { DmsNav } from "./dms-nav";

type StockPosting = MyPostings["postings"][number];

const sortLabels: Record<PostingListSort, () => string> = {
  updated: m.stock_sort_updated,
  published: m.stock_sort_published,
  "price-asc": m.stock_sort_price_asc,
  "price-desc": m.stock_sort_price_desc,
  views: m.stock_sort_views,
  featured: m.stock_sort_featured,
};

const statusActionLabels: Partial<Record<PostingStatus, Partial<Record<PostingStatus, () => string>>>> = {
  PUBLISHED: { SOLD: m.my_postings_mark_sold, REMOVED: m.my_postings_deactivate },
  SOLD: { PUBLISHED: m.my_postings_cancel_sale },
  REMOVED: { PUBLISHED: m.my_postings_activate },
  EXPIRED: { PUBLISHED: m.my_postings_prolong },
};

type Message = { text: string; error: boolean };

const daysOnline = {
  one: m.stock_days_online_one,
  two: m.stock_days_online_two,
  few: m.stock_days_online_few,
  other: m.stock_days_online_other,
};
const featuredDays = {
  one: m.stock_featured_days_one,
  two: m.stock_featured_days_two,
  few: m.stock_featured_days_few,
  other: m.stock_featured_days_other,
};
const daysOnlineLabel = (n: number) => daysOnline[pluralCategory(n)]({ count: formatNumber(n) });
const featuredDaysLabel = (n: number) => featuredDays[pluralCategory(n)]({ count: formatNumber(n) });

/**
 * /dms/zaloga: the dealership's stock. Status and featured filters with counts, text search (make,
 * model, VIN, code), sort, paging, the whole stock's views chart, per-posting statistics, status
 * actions one by one or for a selection, and a CSV export of the filtered list.
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
  extraActions?: (p: StockPosting, done: (message: Message) => void) => ReactNode;
  dealershipCode: string | null;
}) {
  const { data } = useSuspenseQuery(stockQueryOptions(search));
  const stats = useQuery(stockStatisticsQueryOptions());
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [chartFor, setChartFor] = useState<StockPosting | null>(null);
  const [delegateCode, setDelegateCode] = useState<string | null>(null);
  const [q, setQ] = useState(search.q ?? "");

  useEffect(() => setQ(search.q ?? ""), [search.q]);
  // Selection belongs to the list on screen: a new filter or page starts empty.
  useEffect(() => setSelected(new Set()), [search.status, search.featured, search.q, search.sort, search.page]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["my-postings"] });
  const done = (msg: Message) => {
    setMessage(msg);
    if (!msg.error) void refresh();
  };

  async function changeStatus(codes: string[], to: PostingStatus) {
    setBusy(true);
    setMessage(null);
    const results = await Promise.allSettled(codes.map((code) => setPostingStatus(code, to)));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    const ok = results.length - failed.length;
    if (codes.length === 1) {
      const reason: unknown = failed[0]?.reason;
      setMessage(
        failed.length
          ? { text: reason instanceof ApiError ? reason.firstMessage : m.error_generic(), error: true }
          : { text: m.my_postings_done(), error: false },
      );
    } else {
      const reason: unknown = failed[0]?.reason;
      setMessage({
        text: failed.length
          ? m.stock_bulk_partial({
              ok: String(ok),
              failed: String(failed.length),
              reason: reason instanceof ApiError ? reason.firstMessage : m.error_generic(),
            })
          : m.stock_bulk_done({ ok: String(ok) }),
        error: failed.length > 0,
      });
    }
    setSelected(new Set());
    setBusy(false);
    await refresh();
  }

  /** Cancel featuring: it stays featured for the rest of today (spec section 4's messages). */
  async function cancelFeature(code: string) {
    setBusy(true);
    setMessage(null);
    const ok = await cancelFeaturing(code);
    setMessage(ok ? { text: m.feat_cancel_success(), error: false } : { text: m.feat_cancel_failure(), error: true });
    setBusy(false);
    if (ok) await refresh();
  }

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
  const csvHref = `/internal-api/v1/dealer/stock.csv${toQueryString({ status: search.status, featured: search.featured ? "true" : undefined, q: search.q, sort: search.sort })}`;

  return (
    <div className="space-y-5">
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
      <section className="card p-4" aria-label={m.stock_chart_title()}>
        {stats.data ? (
          <ViewsChart days={stats.data.days} caption={m.stock_chart_title()} />
        ) : (
          <div style={{ minHeight: 260 }} aria-busy="true" />
        )}
      </section>

      <nav aria-label={m.my_postings_filter()} className="flex flex-wrap gap-2">
        {filterChips.map((chip) => (
          <button
            key={chip.key}
            type="button"
            aria-pressed={chip.active}
            onClick={() => onSearch({ ...chip.next, q: search.q, sort: search.sort })}
            className={`rounded-full border px-3 py-1 text-sm ${chip.active ? "border-brand-700 bg-brand-700 text-white" : "border-line bg-white"}`}
          >
            {chip.label}{" "}
            <span className={chip.active ? "text-white/80" : "text-muted"}>{formatNumber(chip.count)}</span>
          </button>
        ))}
      </nav>

      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch({ ...search, q: q.trim() || undefined, page: undefined });
        }}
      >
        <label className="flex-1 text-sm">
          <span className="mb-1 block font-medium">{m.stock_search_label()}</span>
          <input
            type="search"
            className="field-input"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={m.stock_search_placeholder()}
            maxLength={60}
          />
        </label>
        <button type="submit" className="btn-primary">
          {m.stock_search_submit()}
        </button>
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
      </form>

      {message ? (
        <p
          role={message.error ? "alert" : "status"}
          className={`rounded-lg p-3 text-sm ${message.error ? "bg-danger/10 text-danger" : "bg-brand-50 text-brand-800"}`}
        >
          {message.text}
        </p>
      ) : null}

      {data.postings.length === 0 ? (
        <div className="card p-8 text-center">
          <p>{search.q || search.status || search.featured ? m.stock_empty_filtered() : m.my_postings_empty()}</p>
        </div>
      ) : (
        <>
          <div
            className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-white p-2 text-sm"
            role="group"
            aria-label={m.stock_bulk_label()}
          >
            <label className="flex items-center gap-2 px-2">
              <input
                type="checkbox"
                className="size-4"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(data.postings.map((p) => p.code)))}
              />
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

          <ul className="space-y-3" data-testid="my-postings">
            {data.postings.map((p) => (
              <StockRow
                key={p.code}
                p={p}
                busy={busy}
                selected={selected.has(p.code)}
                onToggle={() => toggle(p.code)}
                onStatus={(to) => void changeStatus([p.code], to)}
                onChart={() => setChartFor(p)}
                onDelegate={() => setDelegateCode(p.code)}
                onCancelFeature={() => void cancelFeature(p.code)}
              >
                {extraActions?.(p, done)}
              </StockRow>
            ))}
          </ul>

          <Pager
            page={data.page}
            total={data.total}
            size={data.size}
            label={m.stock_pages()}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
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

function StockRow({
  p,
  busy,
  selected,
  onToggle,
  onStatus,
  onChart,
  onDelegate,
  onCancelFeature,
  children,
}: {
  p: StockPosting;
  busy: boolean;
  selected: boolean;
  onToggle: () => void;
  onStatus: (to: PostingStatus) => void;
  onChart: () => void;
  onDelegate: () => void;
  onCancelFeature: () => void;
  children?: ReactNode;
}) {
  const price = priceDisplay(p);
  const title = p.title || m.my_postings_untitled();
  const transitions = postingTransitions[p.status as PostingStatus];
  return (
    <li
      className={`card flex flex-col gap-3 p-3 sm:flex-row sm:items-start ${p.featured ? "border-accent-500" : ""}`}
      data-code={p.code}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={selected}
          onChange={onToggle}
          aria-label={m.stock_select_posting({ title })}
        />
        <div className="aspect-[3/2] w-28 shrink-0 overflow-hidden rounded-md bg-surface sm:w-36">
          {p.imageUrl ? (
            <img
              src={rewriteImageUrl(p.imageUrl, "sm")}
              alt=""
              width={144}
              height={96}
              className="size-full object-cover"
              loading="lazy"
            />
          ) : null}
        </div>
      </div>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {postingStatusLabels[p.status as PostingStatus]}
          {p.featured ? (
            <span className="ml-2 rounded bg-accent-500 px-1.5 py-0.5 text-[0.7rem] text-ink">
              {p.featuredCancelled ? m.stock_featured_cancelled() : featuredDaysLabel(p.featuredDaysLeft ?? 0)}
            </span>
          ) : null}
        </p>
        <h2 className="truncate font-semibold">
          {title}
          {p.modelYear ? <span className="font-normal text-muted"> · {p.modelYear}</span> : null}
        </h2>
        <p className="text-sm">{price.main ?? ""}</p>
        <p className="text-xs text-muted">
          {m.stock_code({ code: p.code })}
          {p.vin ? ` · VIN ${p.vin}` : ""}
        </p>
        <p className="text-xs text-muted">
          {m.detail_views()} {formatNumber(p.views)}
          {p.daysOnline !== null ? ` · ${daysOnlineLabel(p.daysOnline)}` : ""}
          {p.publishedAt ? ` · ${m.detail_published()} ${formatDate(p.publishedAt)}` : ""}
          {p.salesperson ? ` · ${m.stock_salesperson({ name: p.salesperson.name })}` : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:max-w-sm sm:justify-end">
        <a className="btn-outline" href={postingEditHref(p)}>
          {p.status === "DRAFT" ? m.my_postings_continue() : m.my_postings_edit()}
        </a>
        {p.status !== "DRAFT" ? (
          <a className="btn-ghost" href={`/oglas/${p.postId}`}>
            {m.my_postings_view()}
          </a>
        ) : null}
        {p.status !== "DRAFT" ? (
          <button type="button" className="btn-ghost" onClick={onChart}>
            {m.stock_statistics()}
          </button>
        ) : null}
        {transitions.map((to) => (
          <button key={to} type="button" className="btn-outline" disabled={busy} onClick={() => onStatus(to)}>
            {statusActionLabels[p.status as PostingStatus]?.[to]?.() ?? postingStatusLabels[to]}
          </button>
        ))}
        {p.status === "PUBLISHED" ? (
          <a className="btn-outline" href={`/oglasevanje/${p.postId}`}>
            {p.featured ? m.stock_feature_prolong() : m.my_postings_feature()}
          </a>
        ) : null}
        {p.featured && !p.featuredCancelled ? (
          <button type="button" className="btn-ghost" disabled={busy} onClick={onCancelFeature}>
            {m.stock_feature_cancel()}
          </button>
        ) : null}
        {p.status !== "DRAFT" ? (
          <button type="button" className="btn-ghost" onClick={onDelegate}>
            {m.stock_delegate()}
          </button>
        ) : null}
        {children}
      </div>
    </li>
  );
}

/** One posting's views over the last 30 days (`GET postings/{code}/statistics`) in a dialog. */
function PostingChartDialog({ posting, onClose }: { posting: StockPosting | null; onClose: () => void }) {
  const stats = useQuery({
    queryKey: ["posting-statistics", posting?.code],
    queryFn: () => postingStatistics(posting?.code ?? ""),
    enabled: posting !== null,
  });
  return (
    <Modal
      open={posting !== null}
      onClose={onClose}
      title={m.stock_posting_chart_title({ title: posting?.title || m.my_postings_untitled() })}
      size="lg"
    >
      {stats.data ? (
        <>
          <p className="text-sm">{m.stock_posting_total({ views: formatNumber(stats.data.total) })}</p>
          <ViewsChart days={stats.data.days} caption={m.stock_posting_chart_caption()} height={200} />
        </>
      ) : stats.isError ? (
        <p role="alert" className="text-sm text-danger">
          {stats.error instanceof ApiError ? stats.error.firstMessage : m.error_generic()}
        </p>
      ) : (
        <p className="text-sm text-muted" aria-busy="true">
          {m.stock_loading()}
        </p>
      )}
    </Modal>
  );
}
