import type { ReactNode } from "react";
import { ActionMenu, type MenuAction } from "~/components/ui/action-menu";
import { postingStatusLabels, postingTransitions, type PostingStatus } from "~/domain/enums/posting";
import { formatNumber } from "~/domain/format";
import { cardImage, thumbImage } from "~/domain/image-url";
import { pluralCategory } from "~/domain/plural";
import { priceText } from "~/domain/price-display";
import { postingEditHref } from "~/domain/wizard-steps";
import type { MyPostings } from "~/contracts/drafts";
import { m } from "~/paraglide/messages";
import { PriceRatingLabel } from "~/components/ui/price-rating-label";

export type StockPosting = MyPostings["postings"][number];

/** What a stock row can ask of the page: a status change, the statistics, delegation, ending featuring. */
export type StockRowHandlers = {
  busy: boolean;
  selected: boolean;
  onToggle: () => void;
  onStatus: (to: PostingStatus) => void;
  onChart: () => void;
  onDelegate: () => void;
  onCancelFeature: () => void;
};

const statusActionLabels: Partial<Record<PostingStatus, Partial<Record<PostingStatus, () => string>>>> = {
  PUBLISHED: { SOLD: m.my_postings_mark_sold, REMOVED: m.my_postings_deactivate },
  SOLD: { PUBLISHED: m.my_postings_cancel_sale },
  REMOVED: { PUBLISHED: m.my_postings_activate },
  EXPIRED: { PUBLISHED: m.my_postings_prolong },
};

const featuredDays = {
  one: m.stock_featured_days_one,
  two: m.stock_featured_days_two,
  few: m.stock_featured_days_few,
  other: m.stock_featured_days_other,
};
/** "Izpostavljen še 3 dni", or that featuring was cancelled; null when the posting is not featured. */
export const featuredLabel = (p: StockPosting) =>
  !p.featured
    ? null
    : p.featuredCancelled
      ? m.stock_featured_cancelled()
      : featuredDays[pluralCategory(p.featuredDaysLeft ?? 0)]({ count: formatNumber(p.featuredDaysLeft ?? 0) });

export const stockTitle = (p: StockPosting) => p.title || m.my_postings_untitled();
/** The price as the lists show it: the amount, "Po dogovoru", a rental price, or "Cena ni navedena". */
export const stockPrice = (p: StockPosting) => priceText(p);
export const stockHref = (p: StockPosting) => (p.status === "DRAFT" ? postingEditHref(p) : `/oglas/${p.postId}`);

/**
 * The one primary action per status (decision 071): a draft is continued, a removed posting activated,
 * an expired one prolonged, a published or sold one edited. Everything else goes into "Več dejanj".
 */
function stockActions(p: StockPosting, h: StockRowHandlers): { primary: MenuAction; more: MenuAction[] } {
  const status = p.status as PostingStatus;
  const edit: MenuAction = {
    key: "edit",
    label: status === "DRAFT" ? m.my_postings_continue() : m.my_postings_edit(),
    href: postingEditHref(p),
  };
  const transitions: MenuAction[] = postingTransitions[status].map((to) => ({
    key: `status-${to}`,
    label: statusActionLabels[status]?.[to]?.() ?? postingStatusLabels[to],
    onSelect: () => h.onStatus(to),
    disabled: h.busy,
  }));
  const primaryKey = status === "REMOVED" || status === "EXPIRED" ? "status-PUBLISHED" : "edit";
  const all: MenuAction[] = [
    edit,
    ...(status === "DRAFT"
      ? []
      : [
          { key: "view", label: m.my_postings_view(), href: `/oglas/${p.postId}` },
          { key: "chart", label: m.stock_statistics(), onSelect: h.onChart },
          { key: "delegate", label: m.stock_delegate(), onSelect: h.onDelegate },
        ]),
    ...transitions,
    ...(status === "PUBLISHED"
      ? [
          {
            key: "feature",
            label: p.featured ? m.stock_feature_prolong() : m.my_postings_feature(),
            href: `/oglasevanje/${p.postId}`,
          },
        ]
      : []),
    ...(p.featured && !p.featuredCancelled
      ? [{ key: "unfeature", label: m.stock_feature_cancel(), onSelect: h.onCancelFeature, disabled: h.busy }]
      : []),
  ];
  const primary = all.find((a) => a.key === primaryKey) ?? edit;
  return { primary, more: all.filter((a) => a !== primary) };
}

/** The primary action as a button or link, and "Več dejanj" with the rest. */
export function StockActions({ p, h, children }: { p: StockPosting; h: StockRowHandlers; children?: ReactNode }) {
  const { primary, more } = stockActions(p, h);
  return (
    <div className="flex items-center gap-2">
      {primary.href ? (
        <a className="btn-primary whitespace-nowrap px-3" href={primary.href} data-testid="stock-primary">
          {primary.label}
        </a>
      ) : (
        <button
          type="button"
          className="btn-primary whitespace-nowrap px-3"
          disabled={primary.disabled}
          onClick={primary.onSelect}
          data-testid="stock-primary"
        >
          {primary.label}
        </button>
      )}
      <ActionMenu
        label={m.stock_more_actions()}
        buttonLabel={m.stock_more_actions_for({ title: stockTitle(p) })}
        actions={more}
      >
        {children}
      </ActionMenu>
    </div>
  );
}

/** The posting's cover at 3:2 from the card crops, `width` px wide on screen. */
export function StockThumb({ p, width }: { p: StockPosting; width: number }) {
  return (
    <div className="aspect-[3/2] shrink-0 overflow-hidden rounded-md bg-surface" style={{ width }}>
      {p.imageUrl ? (
        <img
          {...(width <= 100 ? thumbImage(p.imageUrl) : cardImage(p.imageUrl))}
          sizes={`${width}px`}
          alt=""
          width={width}
          height={Math.round((width * 2) / 3)}
          className="size-full object-cover"
          loading="lazy"
        />
      ) : null}
    </div>
  );
}

export function StatusBadge({ p }: { p: StockPosting }) {
  const featured = featuredLabel(p);
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-xs font-semibold uppercase tracking-wide text-brand-700">
      <span data-testid="stock-status">{postingStatusLabels[p.status as PostingStatus]}</span>
      {featured ? (
        <span className="rounded bg-accent-500 px-1.5 py-0.5 text-[0.7rem] normal-case text-ink">{featured}</span>
      ) : null}
    </span>
  );
}

/** The posting's selection for the bulk actions. */
export function SelectBox({ p, h, className }: { p: StockPosting; h: StockRowHandlers; className: string }) {
  return (
    <input
      type="checkbox"
      className={className}
      checked={h.selected}
      onChange={h.onToggle}
      aria-label={m.stock_select_posting({ title: stockTitle(p) })}
    />
  );
}

/** The title with its model year, linked to the public posting (a draft: to its editing). */
export function StockTitleLink({ p, className }: { p: StockPosting; className: string }) {
  return (
    <a href={stockHref(p)} className={className}>
      {stockTitle(p)}
      {p.modelYear ? <span className="font-normal text-muted"> · {p.modelYear}</span> : null}
    </a>
  );
}

/** One posting on a phone: selection, cover, status, title, price and views, the primary action and the menu. */
export function StockCard({ p, h, children }: { p: StockPosting; h: StockRowHandlers; children?: ReactNode }) {
  return (
    <li
      className={`card flex gap-3 p-3 ${p.featured ? "border-accent-500" : ""}`}
      data-code={p.code}
      data-testid="stock-card"
    >
      <div className="flex shrink-0 flex-col items-center gap-2">
        <StockThumb p={p} width={96} />
        <SelectBox p={p} h={h} className="size-5" />
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <StatusBadge p={p} />
        <h2 className="line-clamp-2 break-words text-sm font-semibold leading-snug">
          <StockTitleLink p={p} className="hover:underline" />
        </h2>
        <p className="flex flex-wrap gap-x-3 text-sm">
          <span className="font-semibold" data-testid="stock-price">
            {stockPrice(p)}
          </span>
          <PriceRatingLabel rating={p.priceRating} hideUnrated />
          <span className="text-muted">
            {m.detail_views()} {formatNumber(p.views)}
          </span>
        </p>
        {p.salesperson ? (
          <p className="truncate text-xs text-muted">{m.stock_salesperson({ name: p.salesperson.name })}</p>
        ) : null}
        <StockActions p={p} h={h}>
          {children}
        </StockActions>
      </div>
    </li>
  );
}
