import { useSuspenseQuery } from "@tanstack/react-query";
import { Component, type ReactNode, Suspense, useRef } from "react";
import { appConfig } from "~/app.config";
import { PostingCard } from "~/components/posting-card";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import type { PostingCard as Card } from "~/domain/posting-card";
import { m } from "~/paraglide/messages";
import { similarVehiclesQueryOptions } from "../posting.queries";

const { itemWidthPx, gapPx, moveLockMs, arrowsHiddenAtOrBelow, reservedHeightPx } = appConfig.ui.carousel;

/**
 * The posting page's related vehicles. The page's loader put them under their query with the posting (one D1
 * round trip, decision 089), so the server renders them at once and the hydrated page does not ask again. Where
 * they are not there yet (a posting first opened by the /pdf page, or cached before they expired), the carousel
 * asks for them itself and keeps its space meanwhile; if that fails, the page simply has no carousel.
 */
export function RelatedVehicles({ postId }: { postId: number }) {
  return (
    <NothingOnError>
      <Suspense
        fallback={<div aria-hidden="true" style={{ minHeight: reservedHeightPx }} data-testid="related-pending" />}
      >
        <StreamedRelated postId={postId} />
      </Suspense>
    </NothingOnError>
  );
}

function StreamedRelated({ postId }: { postId: number }) {
  const { data } = useSuspenseQuery(similarVehiclesQueryOptions(String(postId)));
  return <RelatedCarousel cards={data} title={m.related_title()} />;
}

/** A failed related query leaves the posting page without its carousel (as before streaming), not an error page. */
class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Related vehicles (spec section 9): only with at least 2; 236 px items, 15 px gap, arrows hidden at 4 or fewer, 250 ms move lock. */
export function RelatedCarousel({ cards, title }: { cards: Card[]; title: string }) {
  const track = useRef<HTMLUListElement>(null);
  const locked = useRef(false);
  if (cards.length < appConfig.limits.relatedVehiclesMin) return null;
  const move = (direction: 1 | -1) => {
    if (locked.current || !track.current) return;
    locked.current = true;
    track.current.scrollBy({ left: direction * (itemWidthPx + gapPx), behavior: "smooth" });
    setTimeout(() => (locked.current = false), moveLockMs);
  };
  const arrows = cards.length > arrowsHiddenAtOrBelow;
  return (
    <section aria-labelledby="related-title" className="space-y-3" data-testid="related">
      <div className="flex items-center justify-between">
        <h2 id="related-title" className="text-xl font-semibold">
          {title}
        </h2>
        {arrows ? (
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-outline size-10 p-0"
              aria-label={m.carousel_previous()}
              onClick={() => move(-1)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="btn-outline size-10 p-0"
              aria-label={m.carousel_next()}
              onClick={() => move(1)}
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <ul ref={track} className="flex snap-x overflow-x-auto pb-2" style={{ gap: gapPx }}>
        {cards.map((c) => (
          <li key={c.postId} className="shrink-0 snap-start" style={{ width: itemWidthPx }}>
            <PostingCard card={c} sizes={`${itemWidthPx}px`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
