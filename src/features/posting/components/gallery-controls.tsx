import { type PointerEvent, useRef } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import { m } from "~/paraglide/messages";

/** Horizontal swipes (touch or pen) move between pictures; a short move is a tap. */
export function useSwipe(onPrev: () => void, onNext: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType !== "mouse") start.current = { x: e.clientX, y: e.clientY };
    },
    onPointerUp: (e: PointerEvent) => {
      const s = start.current;
      start.current = null;
      if (!s) return;
      const dx = e.clientX - s.x;
      if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(e.clientY - s.y)) (dx < 0 ? onNext : onPrev)();
    },
  };
}

/** The previous/next arrows over a picture (the page's and the lightbox's differ only in place and look). */
export function PrevNext({
  onPrev,
  onNext,
  place,
  look,
}: {
  onPrev: () => void;
  onNext: () => void;
  place: [left: string, right: string];
  look: string;
}) {
  const arrow = "absolute top-1/2 grid -translate-y-1/2 place-items-center rounded-full";
  return (
    <>
      <button
        type="button"
        onClick={onPrev}
        aria-label={m.gallery_previous()}
        className={`${arrow} ${place[0]} ${look}`}
      >
        <ChevronLeftIcon />
      </button>
      <button type="button" onClick={onNext} aria-label={m.gallery_next()} className={`${arrow} ${place[1]} ${look}`}>
        <ChevronRightIcon />
      </button>
    </>
  );
}

// Controls over a photo: white icons on a dark translucent circle, visible on a white photo and a black one.
export const onPhoto = "bg-black/60 text-white ring-1 ring-white/30 hover:bg-black/75";
