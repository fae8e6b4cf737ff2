import type { ReactNode } from "react";
import { postingStatusLabels, postingTransitions, type PostingStatus } from "~/domain/enums/posting";
import { formatDate, formatNumber } from "~/domain/format";
import { rewriteImageUrl } from "~/domain/image-url";
import { pluralCategory } from "~/domain/plural";
import { priceDisplay } from "~/domain/price-display";
import { postingEditHref } from "~/domain/wizard-steps";
import type { MyPostings } from "~/contracts/drafts";
import { m } from "~/paraglide/messages";

export type StockPosting = MyPostings["postings"][number];

const statusActionLabels: Partial<Record<PostingStatus, Partial<Record<PostingStatus, () => string>>>> = {
  PUBLISHED: { SOLD: m.my_postings_mark_sold, REMOVED: m.my_postings_deactivate },
  SOLD: { PUBLISHED: m.my_postings_cancel_sale },
  REMOVED: { PUBLISHED: m.my_postings_activate },
  EXPIRED: { PUBLISHED: m.my_postings_prolong },
};

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

/** One posting of the stock: its picture, facts, featuring, and the actions its status allows. */
export function StockRow({
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
