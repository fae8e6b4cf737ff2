import { useSuspenseQuery } from "@tanstack/react-query";
import { PostingCard } from "~/components/posting-card";
import { formatPrice } from "~/domain/format";
import { featuringMaxDays } from "~/domain/featuring";
import type { PostingCard as Card } from "~/domain/posting-card";
import { m } from "~/paraglide/messages";
import { pricingPackagesQueryOptions } from "../featuring.queries";
import { packageDescriptions, packageNames } from "~/domain/featuring-labels";

// Sample cards for "how it looks": not real postings, so they link nowhere useful and carry no picture.
const sample: Card = {
  postId: 0,
  code: "PRIMER",
  imageUrl: null,
  manufacturer: "skoda",
  manufacturerName: "Škoda",
  modelName: "Octavia",
  vehicleManufacturerName: "Škoda",
  vehicleBaseModelName: "Octavia",
  trimName: "2.0 TDI Style",
  priceType: "NORMAL",
  price: 1_899_000, // cents (decision 050)
  specialPrice: null,
  rentalPrices: [],
  badge: "VERIFIED",
  badges: ["VERIFIED"],
  year: 2019,
  firstRegistration: "2019-04",
  mileage: 85000,
  fuel: "DIESEL",
  powerKw: 110,
  transmission: "A",
  region: "LJUBLJANA",
  condition: "USED",
  arriving: false,
  featured: true,
  featuredPackage: "EXPOSED",
  sellerType: "person",
  publishedAt: null,
};

const benefits = [
  { title: m.feat_benefit_design_title, text: m.feat_benefit_design_text, icon: "★" },
  { title: m.feat_benefit_priority_title, text: m.feat_benefit_priority_text, icon: "↑" },
  { title: m.feat_benefit_days_title, text: m.feat_benefit_days_text, icon: String(featuringMaxDays) },
];

/** /oglasujte: what featuring brings, the three packages with their prices per day (from D1), and how a featured card looks. */
export function AdvertisingInfoPage() {
  const { data: packages } = useSuspenseQuery(pricingPackagesQueryOptions());
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-brand-700 px-5 py-8 text-white desk:px-10 desk:py-12">
        <h1 className="text-3xl font-bold tracking-tight desk:text-4xl">{m.feat_info_heading()}</h1>
        <p className="mt-3 max-w-2xl text-brand-100 desk:text-lg">{m.feat_info_lead()}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a className="btn-accent px-5 py-3 text-base" href="/uporabnik/moji-oglasi">
            {m.feat_cta_my_postings()}
          </a>
          <a className="btn border border-white/60 px-5 py-3 text-base text-white hover:bg-white/10" href="/nov-oglas">
            {m.feat_cta_new_post()}
          </a>
        </div>
      </section>

      <ul className="grid gap-4 desk:grid-cols-3">
        {benefits.map((b) => (
          <li key={b.icon} className="card flex gap-4 p-5">
            <span
              aria-hidden="true"
              className="grid size-12 shrink-0 place-items-center rounded-full bg-accent-500 text-lg font-bold text-ink"
            >
              {b.icon}
            </span>
            <div>
              <h2 className="font-semibold">{b.title()}</h2>
              <p className="mt-1 text-sm text-muted">{b.text()}</p>
            </div>
          </li>
        ))}
      </ul>

      <section aria-labelledby="feat-packages-heading">
        <h2 id="feat-packages-heading" className="text-2xl font-bold tracking-tight">
          {m.feat_packages_heading()}
        </h2>
        <ul className="mt-4 grid gap-4 desk:grid-cols-3" data-testid="featuring-packages">
          {packages.map((p) => (
            <li
              key={p.package}
              className={`card flex flex-col gap-2 p-5 ${p.package === "EXPOSED" ? "ring-2 ring-accent-500" : ""}`}
            >
              <h3 className="text-lg font-semibold">{packageNames[p.package]()}</h3>
              <p className="text-2xl font-bold text-brand-700">
                {m.feat_price_from({ price: formatPrice(p.pricePerDayFrom) })}
              </p>
              <p className="text-sm text-muted">{packageDescriptions[p.package]()}</p>
              <p className="mt-auto text-sm">{m.feat_days_offered({ days: p.days.join(", ") })}</p>
              {p.requiresMembership ? <p className="text-sm font-medium">{m.feat_members_note()}</p> : null}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">{m.feat_prices_note()}</p>
      </section>

      <section aria-labelledby="feat-example-heading">
        <h2 id="feat-example-heading" className="text-2xl font-bold tracking-tight">
          {m.feat_example_heading()}
        </h2>
        <div className="mt-4 grid max-w-3xl grid-cols-1 gap-6 sm:grid-cols-3">
          {(
            [
              [`${m.feat_example_featured()}: ${m.feat_package_EXPOSED()}`, sample],
              [
                `${m.feat_example_featured()}: ${m.feat_package_STANDARD()}`,
                {
                  ...sample,
                  featuredPackage: "STANDARD",
                  manufacturerName: "Volkswagen",
                  modelName: "Golf",
                  vehicleManufacturerName: "Volkswagen",
                  vehicleBaseModelName: "Golf",
                  trimName: "1.5 TSI Life",
                  price: 17490,
                  badges: [],
                  badge: null,
                },
              ],
              [
                m.feat_example_normal(),
                {
                  ...sample,
                  featured: false,
                  featuredPackage: null,
                  manufacturerName: "Renault",
                  modelName: "Clio",
                  vehicleManufacturerName: "Renault",
                  vehicleBaseModelName: "Clio",
                  trimName: "1.0 TCe Evolution",
                  price: 12990,
                  fuel: "PETROL",
                  powerKw: 67,
                  transmission: "M",
                  badges: [],
                  badge: null,
                },
              ],
            ] satisfies [string, Card][]
          ).map(([caption, card]) => (
            <figure key={caption} className="space-y-2" inert>
              <PostingCard card={card} />
              <figcaption className="text-center text-sm text-muted">{caption}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </div>
  );
}
