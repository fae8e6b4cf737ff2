import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { badgeTypeLabels } from "~/domain/enums/posting";
import { formatDate, formatMileage, formatNumber } from "~/domain/format";
import { priceText } from "~/domain/price-display";
import { rewriteImageUrl } from "~/domain/image-url";
import { SearchForm } from "~/components/ui/search-form";
import { m } from "~/paraglide/messages";
import { ListPager } from "./admin-page-ui";
import { DealerAdminNav, NoticeBar } from "./dealer-admin-ui";
import type { ReviewItem } from "~/contracts/admin-posting-review";
import { postingReviewTabs, type PostingReviewTab } from "~/contracts/admin-posting-review";
import { postingReviewQueryOptions, type PostingReviewSearch } from "../posting-review.queries";
import { ReviewDialog } from "./review-dialog";

const tabLabels: Record<PostingReviewTab, () => string> = {
  newest: m.review_tab_newest,
  promising: m.review_tab_promising,
};

/** /admin/postings: published postings (newest, or Promising) with search and paging; each opens the review dialog. */
export function PostingReviewPage({
  search,
  onSearch,
}: {
  search: PostingReviewSearch;
  onSearch: (s: PostingReviewSearch) => void;
}) {
  const { data } = useSuspenseQuery(postingReviewQueryOptions(search));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReviewItem | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const tab = search.tab ?? "newest";

  return (
    <div className="space-y-5">
      <DealerAdminNav current="postings" />
      <h1 className="text-2xl font-bold tracking-tight">{m.review_title()}</h1>
      <div role="tablist" aria-label={m.review_tabs()} className="flex gap-2 border-b border-line">
        {postingReviewTabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => onSearch({ tab: t === "newest" ? undefined : t, q: search.q })}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === t ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"}`}
          >
            {tabLabels[t]()}
          </button>
        ))}
      </div>
      <SearchForm
        key={search.q ?? ""}
        label={m.review_search()}
        placeholder={m.stock_search_placeholder()}
        initial={search.q ?? ""}
        maxLength={60}
        submitLabel={m.stock_search_submit()}
        onSearch={(q) => onSearch({ tab: search.tab, q })}
      />
      <p className="text-sm text-muted">{m.review_total({ total: formatNumber(data.total) })}</p>
      <NoticeBar notice={message ? { text: message, error: false } : null} />
      <ul className="space-y-3" data-testid="review-list">
        {data.postings.map((p) => (
          <li
            key={p.code}
            className="card flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap sm:items-center"
            data-code={p.code}
          >
            <div className="aspect-[3/2] w-24 shrink-0 overflow-hidden rounded-md bg-surface sm:w-32">
              {p.imageUrl ? (
                <img
                  src={rewriteImageUrl(p.imageUrl, "sm")}
                  alt=""
                  width={128}
                  height={85}
                  className="size-full object-cover"
                  loading="lazy"
                />
              ) : null}
            </div>
            <div className="min-w-0 flex-1 space-y-0.5">
              <h2 className="line-clamp-2 break-words font-semibold">
                <a className="hover:underline" href={`/oglas/${p.postId}`}>
                  {p.title || p.code}
                </a>
                {p.modelYear ? <span className="font-normal text-muted"> · {p.modelYear}</span> : null}
              </h2>
              <p className="text-sm">
                {priceText(p)}
                {p.odometerKm !== null ? ` · ${formatMileage(p.odometerKm)}` : ""}
              </p>
              <p className="text-xs text-muted">
                {m.stock_code({ code: p.code })} · {p.seller ?? ""}
                {p.publishedAt ? ` · ${m.detail_published()} ${formatDate(p.publishedAt)}` : ""}
                {p.corrected ? ` · ${m.review_corrected()}` : ""}
              </p>
              {p.badges.length ? (
                <ul className="flex flex-wrap gap-1" aria-label={m.review_badges()}>
                  {p.badges.map((b) => (
                    <li key={b} className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
                      {badgeTypeLabels[b]}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <button type="button" className="btn-outline" onClick={() => setEditing(p)}>
              {m.review_edit()}
            </button>
          </li>
        ))}
      </ul>
      <ListPager list={data} search={search} onSearch={onSearch} />
      <ReviewDialog
        item={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setMessage(m.review_saved());
          void queryClient.invalidateQueries({ queryKey: ["posting-review"] });
        }}
      />
    </div>
  );
}
