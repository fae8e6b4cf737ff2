import { useEffect, useRef } from "react";
import { CloseIcon } from "~/components/ui/icons";
import { photoImage } from "~/domain/image-url";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { onPhoto, PrevNext, useSwipe } from "./gallery-controls";

// The lightbox's own history entry (decision 065): the back gesture closes it instead of leaving the posting.
const lightboxEntry = "avtotrgLightbox";
const inLightboxEntry = () => (window.history.state as Record<string, unknown> | null)?.[lightboxEntry] === true;

/**
 * The full-screen gallery, shown while mounted: arrow keys, swipes, Esc and the back gesture. Opening pushes a
 * history entry (same URL, the router's state kept), so back closes it and stays on the posting; closing by its
 * button, Esc or the platform's close goes back over that entry, so history stays clean. `onClosed` unmounts it.
 */
export function Lightbox({
  pictures,
  title,
  at: { index, prev: onPrev, next: onNext },
  onClosed,
}: {
  pictures: PostingFile[];
  title: string;
  /** The picture shown and the moves to its neighbours (the page's gallery keeps the index). */
  at: { index: number; prev: () => void; next: () => void };
  onClosed: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closed = useRef(onClosed);
  closed.current = onClosed;
  const swipe = useSwipe(onPrev, onNext);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    if (!inLightboxEntry()) window.history.pushState({ ...window.history.state, [lightboxEntry]: true }, "");
    const onPop = () => {
      if (!inLightboxEntry()) closed.current();
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      // Closed by back: closing the dialog gives focus back to the photo that opened it.
      if (d?.open) d.close();
    };
  }, []);
  const close = () => {
    if (inLightboxEntry()) window.history.back();
    else closed.current();
  };
  const count = pictures.length;
  const current = pictures[index] ?? pictures[0];
  return (
    <dialog
      ref={dialog}
      aria-label={m.gallery_lightbox({ title })}
      onClose={close}
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft") onPrev();
        if (e.key === "ArrowRight") onNext();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 text-white backdrop:bg-black"
    >
      <div className="relative flex h-full items-center justify-center" {...swipe} style={{ touchAction: "pan-y" }}>
        {current ? (
          <img
            {...photoImage(current.url, "xxl")}
            sizes="100vw"
            alt={m.gallery_picture_alt({ title, n: String(index + 1), total: String(count) })}
            className="max-h-full max-w-full object-contain"
          />
        ) : null}
        <p
          className="absolute left-3 top-4 rounded-full bg-black/60 px-3 py-1 text-sm text-white ring-1 ring-white/30"
          aria-live="polite"
          data-testid="lightbox-count"
        >
          {m.gallery_count({ n: String(index + 1), total: String(count) })}
        </p>
        <button
          type="button"
          autoFocus
          onClick={close}
          aria-label={m.gallery_close()}
          className={`absolute right-3 top-3 grid size-11 place-items-center rounded-full ${onPhoto}`}
        >
          <CloseIcon />
        </button>
        {count > 1 ? (
          <PrevNext onPrev={onPrev} onNext={onNext} place={["left-3", "right-3"]} look={`size-12 ${onPhoto}`} />
        ) : null}
      </div>
    </dialog>
  );
}
