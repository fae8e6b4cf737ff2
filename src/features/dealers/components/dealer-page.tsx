import { useQuery } from "@tanstack/react-query";
import { formatPhone } from "~/domain/phone";
import { webHref } from "~/domain/web-address";
import { PostingCard } from "~/components/posting-card";
import { PhoneIcon, StoreIcon } from "~/components/ui/icons";
import type { PublicDealership } from "~/domain/dealership";
import { formatNumber } from "~/domain/format";
import { dealerStockQueryOptions } from "../dealers.queries";
import { OpeningHoursTable, OpeningStatusLine } from "./opening-hours-panel";
import { m } from "~/paraglide/messages";

// Named one by one: a message looked up by a computed name (m[`…${k}`]) makes the bundler keep every message
// of the catalogue in the chunk shared by all pages.
const socialLabels = {
  facebook: m.dealer_social_facebook,
  instagram: m.dealer_social_instagram,
  tiktok: m.dealer_social_tiktok,
  youtube: m.dealer_social_youtube,
};

/** /trgovec/{code}: banner, logo, contacts, hours with "odprto zdaj", brands, counts, and the stock. */
export function DealerPage({ dealer }: { dealer: PublicDealership }) {
  const stock = useQuery(dealerStockQueryOptions(dealer.code));
  const address = [dealer.address, [dealer.postalCode, dealer.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const socials = (Object.keys(socialLabels) as (keyof typeof socialLabels)[]).filter((k) => dealer.social[k]);
  return (
    <div className="space-y-8" data-testid="dealer-page">
      <section className="card overflow-hidden">
        {dealer.bannerUrl ? (
          <img
            src={dealer.bannerUrl}
            alt=""
            width={1440}
            height={500}
            className="aspect-[1440/500] w-full object-cover"
          />
        ) : (
          <div className="aspect-[1440/300] w-full bg-gradient-to-r from-brand-700 to-brand-500" />
        )}
        <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start">
          <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-xl border border-line bg-white">
            {dealer.logoUrl ? (
              <img
                src={dealer.logoUrl}
                alt={m.dealer_logo({ name: dealer.name })}
                width={80}
                height={80}
                className="size-full object-contain"
              />
            ) : (
              <StoreIcon width={40} height={40} className="text-brand-700" />
            )}
          </div>
          <div className="min-w-0 flex-1 space-y-1">
            <h1 className="text-2xl font-bold tracking-tight">{dealer.name}</h1>
            {dealer.network ? <p className="text-sm text-muted">{m.dealer_network({ name: dealer.network })}</p> : null}
            {address ? (
              <p className="text-sm">
                {address}{" "}
                <a
                  className="text-brand-700 underline"
                  href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${dealer.name}, ${address}`)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {m.dealer_map()}
                </a>
              </p>
            ) : null}
            <OpeningStatusLine week={dealer.openingHours} />
            <p className="text-sm text-muted">
              {m.dealer_counts({ postings: formatNumber(dealer.publishedPostings), views: formatNumber(dealer.views) })}
            </p>
            {dealer.brands.length ? (
              <p className="text-sm">{m.dealer_brands({ brands: dealer.brands.map((b) => b.name).join(", ") })}</p>
            ) : null}
          </div>
          <div className="flex flex-col gap-2 sm:w-56">
            {dealer.phone ? (
              <a className="btn-primary justify-center" href={`tel:${dealer.phone}`}>
                <PhoneIcon /> {formatPhone(dealer.phone)}
              </a>
            ) : null}
            {dealer.email ? (
              <a className="btn-outline justify-center" href={`mailto:${dealer.email}`}>
                {m.seller_write()}
              </a>
            ) : null}
            {webHref(dealer.webPage) ? (
              <a
                className="btn-ghost justify-center"
                href={webHref(dealer.webPage) ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
              >
                {m.dealer_web()}
              </a>
            ) : null}
            {socials.length ? (
              <ul className="flex justify-center gap-3 text-sm">
                {socials.map((k) => (
                  <li key={k}>
                    <a
                      className="underline"
                      href={webHref(dealer.social[k]) ?? "#"}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {socialLabels[k]()}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {dealer.editable ? (
              <a className="btn-outline justify-center" href={`/trgovec/${encodeURIComponent(dealer.code)}/uredi`}>
                {m.dpage_edit_link()}
              </a>
            ) : null}
          </div>
        </div>
      </section>
      <OpeningHoursTable week={dealer.openingHours} />
      <section aria-labelledby="stock-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="stock-title" className="text-xl font-semibold">
            {m.dealer_stock_title()}
          </h2>
          <a className="btn-outline" href={`/iskanje?dealerCode=${encodeURIComponent(dealer.code)}`}>
            {m.dealer_stock_search()}
          </a>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 desk:grid-cols-4">
          {(stock.data?.results ?? []).map((card) => (
            <li key={card.postId}>
              <PostingCard card={card} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
