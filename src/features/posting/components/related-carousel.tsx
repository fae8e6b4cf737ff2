import { useRef } from "react";
import { appConfig } from "~/app.config";
import { PostingCard } from "~/components/posting-card";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import type { PostingCard as Card } from "~/domain/posting-card";
import { m } from "~/paraglide/messages";

const { itemWidthPx, gapPx, moveLockMs, arrowsHiddenAtOrBelow } = appConfig.ui.carousel;

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
