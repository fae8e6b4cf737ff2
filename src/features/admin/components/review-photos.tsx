import { useState } from "react";
import type { ReviewItem } from "~/contracts/admin-posting-review";
import { formatMileage } from "~/domain/format";
import { photoImage, thumbImage } from "~/domain/image-url";
import { priceDisplay } from "~/domain/price-display";
import { m } from "~/paraglide/messages";

/**
 * The top of the review dialog: the posting's pictures (the cover large, the rest as thumbnails; a tap shows one
 * large), its key facts as they stand (a missing price reads "Cena ni navedena") and a link to the public
 * posting in a new tab.
 */
export function ReviewPhotos({ item }: { item: ReviewItem }) {
  const [shown, setShown] = useState(0);
  const total = item.photos.length;
  const current = item.photos[Math.min(shown, total - 1)];
  const price = priceDisplay(item).main;
  const facts: [string, string][] = [
    [m.review_fact_price(), price ?? m.review_no_price()],
    [m.review_fact_mileage(), item.odometerKm === null ? m.review_fact_unknown() : formatMileage(item.odometerKm)],
    [m.review_fact_year(), item.modelYear === null ? m.review_fact_unknown() : String(item.modelYear)],
  ];
  return (
    <section className="space-y-3" aria-label={m.review_photos()} data-testid="review-photos">
      {current ? (
        <figure className="overflow-hidden rounded-lg bg-surface">
          <img
            {...photoImage(current, "lg")}
            sizes="(min-width: 640px) 600px, 100vw"
            alt={m.review_photo_large({ n: String(shown + 1), total: String(total) })}
            width={600}
            height={400}
            className="aspect-[3/2] max-h-56 w-full object-contain sm:max-h-72"
            data-testid="review-photo-large"
          />
        </figure>
      ) : (
        <p className="rounded-lg bg-surface p-3 text-sm text-muted">{m.review_no_photos()}</p>
      )}
      {total > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {item.photos.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                aria-pressed={i === shown}
                aria-label={m.review_photo_n({ n: String(i + 1), total: String(total) })}
                onClick={() => setShown(i)}
                className={`block h-12 w-[72px] overflow-hidden rounded-md border-2 ${i === shown ? "border-brand-700" : "border-transparent"}`}
              >
                <img
                  {...thumbImage(url)}
                  sizes="72px"
                  alt=""
                  width={72}
                  height={48}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label={m.review_facts()}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="inline text-muted">{label}: </dt>
              <dd className="inline font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <a
          className="btn-outline min-h-11"
          href={`/oglas/${item.postId}`}
          target="_blank"
          rel="noopener"
          aria-label={m.review_open_posting_new_tab()}
        >
          {m.review_open_posting()}
        </a>
      </div>
    </section>
  );
}
