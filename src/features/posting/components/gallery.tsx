import { lazy, Suspense, useCallback, useState } from "react";
import { webHref } from "~/domain/web-address";
import { ExpandIcon } from "~/components/ui/icons";
import { photoImage, thumbImage } from "~/domain/image-url";
import type { PostingFile } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { onPhoto, PrevNext, useSwipe } from "./gallery-controls";

/**
 * The main picture's rendered width (decision 078): about the whole width on phones; beside the 380 px facts column
 * (24 px gap and sides) from 992 px, at most 1280 − 48 − 380 − 24 = 828 px.
 */
const mainSizes = "(min-width: 1280px) 828px, (min-width: 992px) calc(100vw - 452px), 100vw";

// The lightbox loads when it is first opened: the posting page's scripts stay within their budget.
const Lightbox = lazy(() => import("./lightbox").then((mod) => ({ default: mod.Lightbox })));

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
  const [open, setOpen] = useState(false);
  const count = pictures.length;
  const prev = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const swipe = useSwipe(prev, next);

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
          onClick={() => setOpen(true)}
          aria-label={m.gallery_open({ n: String(index + 1) })}
        >
          <img
            {...photoImage(current.url, "xl")}
            sizes={mainSizes}
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
                  {...thumbImage(p.url)}
                  sizes="96px"
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

      {open ? (
        <Suspense fallback={null}>
          <Lightbox pictures={pictures} title={title} at={{ index, prev, next }} onClosed={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
