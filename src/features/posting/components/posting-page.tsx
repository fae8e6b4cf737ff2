import { lazy, type ReactNode, Suspense } from "react";
import { AdSlot } from "~/components/ad-slot";
import { Deferred, deferredParts } from "~/components/deferred-hydration";
import { searchPriceOf } from "~/domain/money";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";
import { postingTitle } from "~/domain/posting-meta";
import { ContactBar } from "./contact-bar";
import { Documents } from "./documents";
import { Gallery } from "./gallery";
import { InspectionsWidget, OdometerChart } from "./history-widgets";
import { ArticleWidget, CompletenessWidget, EnvironmentWidget } from "./info-widgets";
import { MarketValueSection } from "./market-value-section";
import { PriceBlock } from "./price-block";
import { RegisterCheck } from "./register-check";
import { RelatedVehicles } from "./related-carousel";
import { SellerSection, sellerPhone } from "./seller-section";
import { ShareBar } from "./share-bar";
import { SpecTables } from "./spec-tables";

// The two calculators are rendered on the server with their first result and get their code once the buyer
// scrolls near them (decision 069): the first load of a posting does not pay for them.
const leasing = deferredParts('[data-testid="leasing"]', "visible", () =>
  import("./leasing-widget").then((mod) => mod.LeasingWidget),
);
const runningCosts = deferredParts('[data-testid="running-costs"]', "visible", () =>
  import("./running-costs-widget").then((mod) => mod.RunningCostsWidget),
);

// The seller's own actions load only for the seller (decision 062): buyers' pages stay as light as before.
const OwnerBar = lazy(() => import("./owner-bar").then((mod) => ({ default: mod.OwnerBar })));

/**
 * /oglas/{postId}: gallery and facts on the left, price, seller and leasing on the right (decision 091); on
 * phones the facts come before the seller, and a contact bar stays at the foot of the screen.
 * `favourite` is the heart the route puts beside share and print; `inquiry` is the buyer's message form the
 * route puts under the seller (a section with id "povprasevanje", the target of every "Pošlji sporočilo").
 */
export function PostingPage({
  posting,
  favourite,
  inquiry = null,
  preview = false,
}: {
  posting: PostingDetail;
  favourite: ReactNode;
  inquiry?: ReactNode;
  /** The seller's preview of a draft (decision 061): without what acts on a real posting (share, print, leasing clicks), ads and related cars. */
  preview?: boolean;
}) {
  const title = postingTitle(posting);
  const today = new Date();
  return (
    <article className="container-page space-y-8 pt-4 desk:pt-6" data-testid="posting" aria-labelledby="posting-title">
      {posting.owner ? (
        <Suspense fallback={null}>
          <OwnerBar posting={posting} />
        </Suspense>
      ) : null}
      {posting.sold ? (
        <p role="status" className="rounded-lg bg-ink px-4 py-2 text-center font-semibold text-white">
          {m.posting_sold_flag()}
        </p>
      ) : null}
      {/*
        Phones, one column (decision 065): gallery → title, price and key facts → description and specs → seller and
        the inquiry form → leasing, article, ad → the rest. On desktop the head and the contact part share the aside
        beside the content (not sticky, decision 091); on phones that aside is `display: contents`, so its two parts take their own places.
      */}
      <div className="grid gap-4 desk:grid-cols-[minmax(0,1fr)_380px] desk:gap-6">
        <div className="order-1 min-w-0 desk:order-none desk:col-start-1 desk:row-start-1">
          <Gallery pictures={posting.pictures} title={title} view360Url={posting.view360Url} />
          {preview ? null : <AdSlot name="postingBelowGallery" className="mt-6" />}
        </div>
        <aside className="contents desk:col-start-2 desk:row-span-3 desk:row-start-1 desk:block desk:space-y-4 desk:self-start">
          <div className="card order-2 space-y-4 p-4 desk:order-none">
            <h1 id="posting-title" className="text-xl font-bold tracking-tight desk:text-2xl">
              {title}
              {posting.seriesName && posting.seriesName !== posting.modelName ? (
                <span className="block text-base font-normal text-muted">{posting.seriesName}</span>
              ) : null}
            </h1>
            <PriceBlock posting={posting} />
            {preview ? null : (
              <ShareBar postId={posting.postId} title={title} favourite={favourite} favouriteOnDesktopOnly />
            )}
          </div>
          <div className="order-4 min-w-0 space-y-4 desk:order-none">
            <SellerSection posting={posting} />
            {preview ? null : inquiry}
            {posting.priceType !== "RENTAL_ONLY" && !preview ? (
              <Deferred parts={leasing} code={posting.code} price={searchPriceOf(posting)} />
            ) : null}
            <ArticleWidget article={posting.article} />
            {preview ? null : <AdSlot name="postingSidebar" />}
          </div>
        </aside>
        <div className="order-3 min-w-0 space-y-6 desk:order-none desk:col-start-1 desk:row-start-2">
          <MarketValueSection posting={posting} now={today} />
          {posting.description ? (
            <section aria-labelledby="description-title" className="card p-4">
              <h2 id="description-title" className="mb-2 text-lg font-semibold">
                {m.posting_description()}
              </h2>
              <p className="whitespace-pre-line text-sm leading-relaxed">{posting.description}</p>
            </section>
          ) : null}
          <SpecTables posting={posting} />
        </div>
        <div className="order-5 min-w-0 space-y-6 desk:order-none desk:col-start-1 desk:row-start-3">
          <div className="grid gap-6 desk:grid-cols-2">
            <InspectionsWidget posting={posting} today={today} />
            <RegisterCheck register={posting.register} />
            <EnvironmentWidget posting={posting} />
            <CompletenessWidget posting={posting} />
          </div>
          <OdometerChart readings={posting.history.odometer} />
          <Documents documents={posting.documents} />
          <Deferred
            parts={runningCosts}
            fuel={posting.vehicle.fuel}
            powerKw={posting.vehicle.powerKw}
            consumption={posting.vehicle.consumptionCombined}
            firstRegistration={posting.vehicle.firstRegistration}
          />
        </div>
      </div>
      {preview ? null : <RelatedVehicles postId={posting.postId} />}
      {preview || posting.owner ? null : <ContactBar phone={sellerPhone(posting)} favourite={favourite} />}
    </article>
  );
}
