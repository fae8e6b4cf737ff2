import { useSuspenseQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import {
  featuredUntilLabel,
  featuringAtStake,
  PostingStatusDialog,
  type StatusQuestion,
} from "~/components/posting-status-dialog";
import { postingStatusLabels, postingStatuses, type PostingStatus } from "~/domain/enums/posting";
import { formatDate } from "~/domain/format";
import { priceText } from "~/domain/price-display";
import { cardImage } from "~/domain/image-url";
import { postingEditHref, quickEditHref } from "~/domain/wizard-steps";
import { m } from "~/paraglide/messages";
import { myPostingsQueryOptions } from "../my-postings.queries";
import { type MyPostingAction, useMyPostingAction } from "../use-my-posting-action";

type Action = { label: string; run: MyPostingAction; danger?: boolean };

/** /uporabnik/moji-oglasi: a private seller's postings by status with photo, price, views and the actions each state allows. */
export function MyPostingsPage({
  status,
  onStatus,
  postingExtra,
}: {
  status: PostingStatus | undefined;
  onStatus: (s: PostingStatus | undefined) => void;
  /** Shown under a posting's numbers (the route passes its inquiries count). */
  postingExtra?: (code: string) => ReactNode;
}) {
  const { data } = useSuspenseQuery(myPostingsQueryOptions(status));
  const { act, busyCode: busy, message, write } = useMyPostingAction();
  // Sold or removed with featuring days left: asked first, saying what happens to them (decision 062).
  const [asking, setAsking] = useState<(StatusQuestion & { code: string }) | null>(null);
  const confirm = () => {
    if (asking) void act(asking.code, { kind: "status", status: asking.status }).then((ok) => ok && setAsking(null));
  };
  const run = (p: (typeof data.postings)[number], action: MyPostingAction) => {
    if (
      action.kind === "status" &&
      (action.status === "SOLD" || action.status === "REMOVED") &&
      featuringAtStake(p.featuring)
    )
      setAsking({ code: p.code, status: action.status, featuring: p.featuring });
    else void act(p.code, action);
  };

  const actionsFor = (p: (typeof data.postings)[number]): Action[] => {
    const status = (s: PostingStatus): MyPostingAction => ({ kind: "status", status: s });
    switch (p.status) {
      case "DRAFT":
        return [{ label: m.my_postings_delete(), run: { kind: "delete" }, danger: true }];
      case "PUBLISHED":
        return [
          { label: m.my_postings_mark_sold(), run: status("SOLD") },
          { label: m.my_postings_deactivate(), run: status("REMOVED") },
        ];
      case "SOLD":
        return [{ label: m.my_postings_cancel_sale(), run: status("PUBLISHED") }];
      case "REMOVED":
        return [{ label: m.my_postings_activate(), run: status("PUBLISHED") }];
      case "EXPIRED":
        return [{ label: m.my_postings_prolong(), run: status("PUBLISHED") }];
      default:
        return [];
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.my_postings_title()}</h1>
          {data.cap ? (
            <p className="mt-1 text-sm text-muted" data-testid="cap">
              {m.my_postings_cap({ active: String(data.cap.active), max: String(data.cap.max) })}
            </p>
          ) : null}
        </div>
        <a href="/nov-oglas" className="btn-accent">
          {m.header_new_post()}
        </a>
      </div>
      <nav aria-label={m.my_postings_filter()} className="flex flex-wrap gap-2">
        {[undefined, ...postingStatuses].map((s) => (
          <button
            key={s ?? "all"}
            type="button"
            aria-pressed={status === s}
            onClick={() => onStatus(s)}
            className={`rounded-full border px-3 py-1 text-sm ${status === s ? "border-brand-700 bg-brand-700 text-white" : "border-line bg-white"}`}
          >
            {s ? postingStatusLabels[s] : m.my_postings_all()}
          </button>
        ))}
      </nav>
      {message && !asking ? (
        <p
          role={message.error ? "alert" : "status"}
          className={`rounded-lg p-3 text-sm ${message.error ? "bg-danger/10 text-danger" : "bg-brand-50 text-brand-800"}`}
        >
          {message.text}
        </p>
      ) : null}
      {data.postings.length === 0 ? (
        <div className="card p-8 text-center">
          <p>{m.my_postings_empty()}</p>
          <a href="/nov-oglas" className="btn-primary mt-4">
            {m.header_new_post()}
          </a>
        </div>
      ) : (
        <ul className="space-y-3" data-testid="my-postings">
          {data.postings.map((p) => {
            return (
              <li key={p.code} className="card flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-code={p.code}>
                <div className="aspect-[3/2] w-full shrink-0 overflow-hidden rounded-md bg-surface sm:w-40">
                  {p.imageUrl ? (
                    <img
                      {...cardImage(p.imageUrl)}
                      sizes="(min-width: 640px) 160px, 100vw"
                      alt=""
                      width={160}
                      height={107}
                      className="size-full object-cover"
                      loading="lazy"
                    />
                  ) : null}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                    {postingStatusLabels[p.status as PostingStatus]}
                  </p>
                  <h2 className="truncate font-semibold">{p.title || m.my_postings_untitled()}</h2>
                  <p className="text-sm">{priceText(p)}</p>
                  {p.featuring ? (
                    <p
                      className="my-1 inline-block rounded bg-accent-500/15 px-2 py-0.5 text-sm font-medium"
                      data-testid="featured-until"
                    >
                      {featuredUntilLabel(p.featuring)}
                    </p>
                  ) : null}
                  <p className="text-xs text-muted">
                    {m.detail_views()} {p.views}
                    {p.publishedAt ? ` · ${m.detail_published()} ${formatDate(p.publishedAt)}` : ""}
                    {p.expiresAt && p.status === "PUBLISHED"
                      ? ` · ${m.my_postings_expires({ date: formatDate(p.expiresAt) })}`
                      : ""}
                  </p>
                  {postingExtra?.(p.code)}
                </div>
                <div className="flex flex-wrap gap-2">
                  {p.status !== "DRAFT" ? (
                    <a className="btn-ghost" href={`/oglas/${p.postId}`}>
                      {m.my_postings_view()}
                    </a>
                  ) : null}
                  <a
                    className="btn-outline"
                    href={p.status === "PUBLISHED" ? quickEditHref(p.postId) : postingEditHref(p)}
                  >
                    {p.status === "DRAFT" ? m.my_postings_continue() : m.my_postings_edit()}
                  </a>
                  {p.status === "PUBLISHED" ? (
                    <a className="btn-outline" href={`/oglasevanje/${p.postId}`}>
                      {m.my_postings_feature()}
                    </a>
                  ) : null}
                  {actionsFor(p).map((a) => (
                    <button
                      key={a.label}
                      type="button"
                      disabled={busy === p.code}
                      className={a.danger ? "btn-ghost text-danger" : "btn-outline"}
                      onClick={() => run(p, a.run)}
                    >
                      {a.label}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <PostingStatusDialog question={asking} write={write} onClose={() => setAsking(null)} onConfirm={confirm} />
    </div>
  );
}
