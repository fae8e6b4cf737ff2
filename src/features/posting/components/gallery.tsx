import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import { webHref } from "~/domain/web-address";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ExpandIcon } from "~/components/ui/icons";
import { rewriteImageUrl } from "~/domain/image-url";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

/** Horizontal swipes (touch or pen) move between pictures; a short move is a tap. */
function useSwipe(onPrev: () => void, onNext: () => void) {
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
function PrevNext({
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

// The lightbox's own history entry (decision 065): the back gesture closes it instead of leaving the posting.
const lightboxEntry = "avtotrgLightbox";
const inLightboxEntry = () => (window.history.state as Record<string, unknown> | null)?.[lightboxEntry] === true;

/**
 * Opening pushes a history entry (same URL, the router's state kept), so back closes the lightbox and stays on the
 * posting; closing by button, Esc or the platform's close goes back over that entry, so history stays clean.
 */
function useLightboxHistory() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onPop = () => {
      if (!inLightboxEntry()) setOpen(false);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [open]);
  const show = useCallback(() => {
    if (!inLightboxEntry()) window.history.pushState({ ...window.history.state, [lightboxEntry]: true }, "");
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    if (inLightboxEntry()) window.history.back();
    else setOpen(false);
  }, []);
  return { open, show, close };
}

// Controls over a photo: white icons on a dark translucent circle, visible on a white photo and a black one.
const onPhoto = "bg-black/60 text-white ring-1 ring-white/30 hover:bg-black/75";

/**
 * Large picture with thumbnails, swipe on touch, a full-screen lightbox with arrow keys, Esc and the back gesture,
 * the picture count and the 360° link. Documents that are images open in the same lightbox.
 */
export function Gallery({
  pictures,
  title,
  view360Url,
}: {
  pictures: PostingFile[];
  title: string;
  view360Url: string | null;
}) {
  const [index, setIndex] = useState(0);
  const { open, show, close } = useLightboxHistory();
  const dialog = useRef<HTMLDialogElement>(null);
  const count = pictures.length;
  const prev = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const swipe = useSwipe(prev, next);

  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);

  if (count === 0) {
    return (
      <div className="grid aspect-[3/2] place-items-center rounded-xl bg-surface text-muted">{m.card_no_image()}</div>
    );
  }
  const current = pictures[index] ?? pictures[0]!;
  const alt = (i: number) => m.gallery_picture_alt({ title, n: String(i + 1), total: String(count) });

  return (
    <section aria-label={m.gallery_label()} className="space-y-2">
      <div
        className="relative overflow-hidden rounded-xl bg-surface"
        {...swipe}
        style={{ touchAction: "pan-y" }}
        data-testid="gallery-main"
      >
        <button
          type="button"
          className="block w-full"
          onClick={show}
          aria-label={m.gallery_open({ n: String(index + 1) })}
        >
          <img
            src={rewriteImageUrl(current.url, "xl")}
            alt={alt(index)}
            width={1280}
            height={853}
            className="aspect-[3/2] w-full object-cover"
            fetchPriority={index === 0 ? "high" : undefined}
          />
        </button>
        {count > 1 ? (
          <PrevNext onPrev={prev} onNext={next} place={["left-2", "right-2"]} look={`size-11 ${onPhoto}`} />
        ) : null}
        <p
          className="absolute bottom-2 left-2 rounded-md bg-black/60 px-2 py-0.5 text-sm text-white"
          data-testid="gallery-count"
        >
          {m.gallery_count({ n: String(index + 1), total: String(count) })}
        </p>
        <span className="pointer-events-none absolute bottom-2 right-2 rounded-md bg-black/60 p-1 text-white">
          <ExpandIcon width={18} height={18} />
        </span>
      </div>
      {count > 1 ? (
        // Phones swipe, with arrows and the count on the photo: the row of thumbnails would push the facts down.
        <ul className="hidden gap-2 overflow-x-auto pb-1 sm:flex">
          {pictures.map((p, i) => (
            <li key={p.url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={m.gallery_show({ n: String(i + 1) })}
                aria-current={i === index ? "true" : undefined}
                className={`block overflow-hidden rounded-md ring-offset-2 ${i === index ? "ring-2 ring-brand-600" : ""}`}
              >
                <img
                  src={rewriteImageUrl(p.url, "sm")}
                  alt=""
                  width={96}
                  height={64}
                  loading="lazy"
                  className="h-16 w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {webHref(view360Url) ? (
        <a href={webHref(view360Url) ?? undefined} target="_blank" rel="noopener noreferrer" className="btn-outline">
          {m.gallery_360()}
        </a>
      ) : null}

      <dialog
        ref={dialog}
        aria-label={m.gallery_lightbox({ title })}
        onClose={close}
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft") prev();
          if (e.key === "ArrowRight") next();
        }}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-0 text-white backdrop:bg-black"
      >
        {open ? (
          <div className="relative flex h-full items-center justify-center" {...swipe} style={{ touchAction: "pan-y" }}>
            <img
              src={rewriteImageUrl(current.url, "xxl")}
              alt={alt(index)}
              className="max-h-full max-w-full object-contain"
            />
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
              <PrevNext onPrev={prev} onNext={next} place={["left-3", "right-3"]} look={`size-12 ${onPhoto}`} />
            ) : null}
          </div>
        ) : null}
      </dialog>
    </section>
  );
}
