import { useId, useState } from "react";
import { useJsPending } from "~/components/js-pending";
import { featuredUntilLabel, PostingStatusDialog, type StatusQuestion } from "~/components/posting-status-dialog";
import { postingStatusLabels } from "~/domain/enums/posting";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { useMarkSold } from "../use-mark-sold";

const barClass =
  "card flex flex-col gap-3 border-brand-700/30 bg-brand-50 p-3 desk:flex-row desk:items-center desk:justify-between";

/**
 * The seller's own actions on their posting page: "Uredi" (the quick edit), "Izpostavi" and "Označi kot
 * prodano", which always asks first here and, with featuring days left, says what happens to them (decision
 * 062). Shown only when the posting answer carries `owner` (its seller, signed in: such pages are never
 * served from the shared cache) and loaded on demand, so buyers download none of it.
 */
export function OwnerBar({ posting }: { posting: PostingDetail }) {
  const titleId = useId();
  const featuring = posting.owner?.featuring ?? null;
  const [asking, setAsking] = useState<StatusQuestion | null>(null);
  const close = () => setAsking(null);
  const markSold = useMarkSold(posting.postId, close);
  const confirm = () => void markSold.submit(posting.code);
  const published = posting.status === "PUBLISHED";
  // Its chunk arrives after the page has hydrated: "Označi kot prodano" takes taps once it works.
  const pending = useJsPending();
  return (
    <section aria-labelledby={titleId} data-testid="owner-bar" className={barClass} {...pending}>
      <div className="text-sm">
        <p id={titleId} className="font-semibold">
          {m.owner_bar_label()} · {m.owner_bar_status({ status: postingStatusLabels[posting.status] })}
        </p>
        {featuring ? <p data-testid="owner-featured">{featuredUntilLabel(featuring)}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <a className="btn-outline bg-white" href={`/uporabnik/moji-oglasi/${posting.postId}/uredi`}>
          {m.owner_bar_edit()}
        </a>
        {published ? (
          <>
            <a className="btn-accent" href={`/oglasevanje/${posting.postId}`}>
              {m.owner_bar_feature()}
            </a>
            <button
              type="button"
              className="btn-outline bg-white"
              onClick={() => setAsking({ status: "SOLD", featuring })}
            >
              {m.owner_bar_mark_sold()}
            </button>
          </>
        ) : (
          <a className="btn-ghost" href="/uporabnik/moji-oglasi">
            {m.owner_bar_my_postings()}
          </a>
        )}
      </div>
      <PostingStatusDialog question={asking} write={markSold} onClose={close} onConfirm={confirm} />
    </section>
  );
}
