import { regionLabels } from "~/domain/enums/dealer";
import { labelOf } from "~/domain/enums/labels";
import { badgeTypeLabels, rentalIntervalLabels } from "~/domain/enums/posting";
import { fuelLabels, transmissionLabels } from "~/domain/enums/vehicle";
import { formatMileage, formatPower, formatPrice } from "~/domain/format";
import { cardImage } from "~/domain/image-url";
import type { PostingCard as Card } from "~/domain/posting-card";
import { priceDisplay } from "~/domain/price-display";
import { m } from "~/paraglide/messages";
import type { ReactNode } from "react";
import { CarIcon } from "./ui/icons";
import { PriceRatingLabel } from "./ui/price-rating-label";

/**
 * The card's rendered width (decision 078): one column on phones, two from 640 px (beside the search's filters from
 * 992 px, so `50vw` is up to 1.6 × too wide there, which still picks a crop at most twice the drawn width), three (or
 * four on the home page) at 1280 px.
 */
export const cardSizes = "(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw";

/**
 * A posting in a grid or carousel: photo, title, price by type, key facts, badges, featured look.
 * `action` is a slot over the picture (the favourite heart, added by features that know the user).
 * `headingLevel`: 3 under a section's h2 (the default); 2 where the cards come right under the page's h1.
 */
export function PostingCard({
  card,
  priority = false,
  action,
  headingLevel = 3,
  sizes = cardSizes,
}: {
  card: Card;
  /** The rendered width for the picture's srcset: the grids' one column on phones, two from 640 px, about 300 px from 992 px. */
  sizes?: string;
  priority?: boolean;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const price = priceDisplay(card);
  // The Exposed packages buy the stronger look: tinted card, thicker accent border (decision 016).
  const exposed = card.featured && (card.featuredPackage === "EXPOSED" || card.featuredPackage === "EXPOSED_MEMBERS");
  const title = [card.manufacturerName, card.modelName].filter(Boolean).join(" ");
  const facts = [
    card.year ? String(card.year) : null,
    card.mileage !== null ? formatMileage(card.mileage) : null,
    labelOf(fuelLabels, card.fuel),
    card.powerKw ? formatPower(card.powerKw) : null,
    labelOf(transmissionLabels, card.transmission),
  ].filter(Boolean);

  return (
    <article
      className={`card group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md ${card.featured ? (exposed ? "shadow-md ring-4 ring-accent-500" : "ring-2 ring-accent-500") : ""}`}
      data-featured={card.featured || undefined}
    >
      <div className="relative aspect-[3/2] bg-surface">
        {card.imageUrl ? (
          <img
            {...cardImage(card.imageUrl)}
            sizes={sizes}
            alt={title}
            width={600}
            height={400}
            loading={priority ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="grid size-full place-items-center text-muted">
            <CarIcon width={48} height={48} />
            <span className="sr-only">{m.card_no_image()}</span>
          </div>
        )}
        {action ? <div className="absolute right-2 top-2">{action}</div> : null}
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          {card.featured ? (
            <span className="rounded-md bg-accent-500 px-2 py-0.5 text-xs font-bold text-ink">{m.card_featured()}</span>
          ) : null}
          {card.arriving ? (
            <span className="rounded-md bg-white/90 px-2 py-0.5 text-xs font-semibold">{m.card_arriving()}</span>
          ) : null}
          {card.status === "SOLD" ? (
            <span className="rounded-md bg-ink px-2 py-0.5 text-xs font-bold text-white" data-testid="card-sold">
              {m.card_sold()}
            </span>
          ) : null}
        </div>
      </div>
      <div className={`flex flex-1 flex-col gap-2 p-3 ${exposed ? "bg-accent-500/10" : ""}`}>
        <Heading className="line-clamp-1 font-semibold leading-tight">
          <a href={`/oglas/${card.postId}`} className="after:absolute after:inset-0">
            {title}
          </a>
        </Heading>
        {card.trimName ? <p className="line-clamp-1 text-sm text-muted">{card.trimName}</p> : null}
        <p className="text-sm text-muted">{facts.join(" · ")}</p>
        {card.badges.length > 0 ? (
          <ul className="flex flex-wrap gap-1">
            {card.badges.map((b) => (
              <li key={b} className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                {badgeTypeLabels[b]}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <div>
            {price.oldPrice ? <s className="block text-sm text-muted">{price.oldPrice}</s> : null}
            {price.main ? (
              <p className={price.missing ? "text-sm text-muted" : "text-lg font-bold text-ink"}>{price.main}</p>
            ) : null}
            {price.rental ? (
              <p className="text-sm text-brand-700">
                {m.card_rental({
                  price: price.rental.price,
                  interval: labelOf(rentalIntervalLabels, price.rental.interval),
                })}
              </p>
            ) : null}
            {card.priceDrop || (card.priceRating && card.priceRating !== "NOT_ENOUGH_DATA") ? (
              <p className="mt-1 flex flex-wrap items-center gap-1">
                <PriceRatingLabel rating={card.priceRating} hideUnrated />
                {card.priceDrop ? (
                  <span className="text-xs font-semibold text-green-800" data-testid="price-drop">
                    {m.card_price_drop({ amount: formatPrice(card.priceDrop) })}
                  </span>
                ) : null}
              </p>
            ) : null}
          </div>
          <p className="text-right text-xs text-muted">
            {labelOf(regionLabels, card.region)}
            <br />
            {card.sellerType === "dealer" ? m.card_dealer() : m.card_person()}
          </p>
        </div>
      </div>
    </article>
  );
}
