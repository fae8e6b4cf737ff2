import { labelOf } from "~/domain/enums/labels";
import { badgeTypeLabels, rentalIntervalLabels } from "~/domain/enums/posting";
import { formatRate, offerLine } from "~/domain/financing";
import { formatDate, formatPrice } from "~/domain/format";
import type { PostingDetail } from "~/domain/posting-detail";
import { priceDisplay } from "~/domain/price-display";
import { m } from "~/paraglide/messages";
import { PriceRatingLabel } from "~/components/ui/price-rating-label";
import { KeyFactsRow } from "./key-facts-row";
import { marketValueAnchor } from "./market-value-section";

const badgeExplanation = {
  VERIFIED: m.badge_verified_explained,
  GOOD_BUY: m.badge_good_buy_explained,
  PROMISING: m.badge_promising_explained,
  FINANCING: m.badge_financing_explained,
} as const;

/** Price by priceType (spec section 4), the key facts right under it (issue 24), financing offers, badges with a short explanation, arrival, views and date. */
export function PriceBlock({ posting }: { posting: PostingDetail }) {
  const price = priceDisplay(posting);
  return (
    <div className="space-y-4">
      <div data-testid="price-block">
        {price.oldPrice ? (
          <p className="text-lg text-muted line-through" aria-label={m.price_old({ price: price.oldPrice })}>
            {price.oldPrice}
          </p>
        ) : null}
        {price.main ? <p className="text-3xl font-bold tracking-tight text-brand-800">{price.main}</p> : null}
        {posting.marketValue && posting.marketValue.rating !== "NOT_ENOUGH_DATA" ? (
          <a href={`#${marketValueAnchor}`} className="mt-1 inline-block" aria-describedby="market-title">
            <PriceRatingLabel rating={posting.marketValue.rating} className="text-sm" />
          </a>
        ) : null}
        {price.rental ? (
          <p className="text-lg font-semibold">
            {m.price_rental({
              price: price.rental.price,
              interval: labelOf(rentalIntervalLabels, price.rental.interval) ?? "",
            })}
          </p>
        ) : null}
        {posting.priceWithoutVat ? (
          <p className="text-sm text-muted">{m.price_without_vat({ price: formatPrice(posting.priceWithoutVat) })}</p>
        ) : null}
        {posting.vatDeductible ? <p className="text-sm text-muted">{m.price_vat_deductible()}</p> : null}
        {posting.cashDiscount ? (
          <p className="text-sm">{m.price_cash_discount({ price: formatPrice(posting.cashDiscount) })}</p>
        ) : null}
        {posting.financingPrice ? (
          <p className="text-sm">{m.price_financing({ price: formatPrice(posting.financingPrice) })}</p>
        ) : null}
        {posting.leaseTakeover ? <p className="text-sm">{m.price_lease_takeover()}</p> : null}
        {posting.swap ? <p className="text-sm">{m.price_swap()}</p> : null}
      </div>
      <KeyFactsRow posting={posting} />
      {posting.financingOffers.length > 0 ? (
        <div className="rounded-lg bg-brand-50 p-3">
          <h3 className="text-sm font-semibold">{m.financing_offers_title()}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {posting.financingOffers.map((o, i) => (
              <li key={i} data-testid="financing-offer">
                {offerLine(o)}
                {o.annualRateBasisPoints !== null ? (
                  <span className="block text-muted">
                    {m.financing_offer_rate({ rate: formatRate(o.annualRateBasisPoints) })}
                    {o.financedAmount !== null
                      ? `, ${m.financing_offer_financed({ amount: formatPrice(o.financedAmount) })}`
                      : ""}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {posting.badges.length > 0 ? (
        <ul className="space-y-2" aria-label={m.badges_label()}>
          {posting.badges.map((b) => (
            <li key={b} className="rounded-lg border border-line p-2 text-sm">
              <span className="mr-2 rounded-md bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                {badgeTypeLabels[b]}
              </span>
              {b === "VERIFIED" && posting.badgeVerifiedDescription
                ? posting.badgeVerifiedDescription
                : b === "GOOD_BUY" && posting.badgeGoodBuyDescription
                  ? posting.badgeGoodBuyDescription
                  : badgeExplanation[b]()}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {posting.arrivalState ? (
          <div>
            <dt className="sr-only">{m.arrival_label()}</dt>
            <dd>{posting.arrivalState === "ARRIVING" ? m.card_arriving() : m.arrival_ready()}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline">{m.detail_views()} </dt>
          <dd className="inline">{posting.views}</dd>
        </div>
        {posting.publishedAt ? (
          <div>
            <dt className="inline">{m.detail_published()} </dt>
            <dd className="inline">{formatDate(posting.publishedAt)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
