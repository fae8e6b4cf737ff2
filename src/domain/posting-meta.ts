import { appConfig } from "~/app.config";
import { serializeJsonLd } from "~/domain/json-ld";
import { labelOf } from "~/domain/enums/labels";
import { fuelLabels } from "~/domain/enums/vehicle";
import { formatMileage, formatPrice } from "~/domain/format";
import { searchPriceOf, toEuros } from "~/domain/money";
import type { PostingDetail } from "~/domain/posting-detail";
import { priceDisplay } from "~/domain/price-display";

export const postingTitle = (p: Pick<PostingDetail, "manufacturerName" | "modelName" | "trimName">) =>
  [p.manufacturerName, p.modelName, p.trimName].filter(Boolean).join(" ");

export const postingUrl = (postId: number) => `${appConfig.siteUrl}/oglas/${postId}`;

/** One-line description for search engines and link previews. */
export function postingDescription(p: PostingDetail) {
  const price = priceDisplay(p).main;
  return [
    postingTitle(p),
    p.vehicle.modelYear ? String(p.vehicle.modelYear) : null,
    p.vehicle.odometerKm !== null ? formatMileage(p.vehicle.odometerKm) : null,
    labelOf(fuelLabels, p.vehicle.fuel),
    price,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** JSON-LD: a schema.org Vehicle with its Offer (serialised so the script cannot be closed early). */
export function postingJsonLd(p: PostingDetail) {
  const amount = searchPriceOf(p);
  const data = {
    "@context": "https://schema.org",
    "@type": "Vehicle",
    name: postingTitle(p),
    url: postingUrl(p.postId),
    brand: p.manufacturerName ? { "@type": "Brand", name: p.manufacturerName } : undefined,
    model: p.modelName ?? undefined,
    vehicleModelDate: p.vehicle.modelYear ? String(p.vehicle.modelYear) : undefined,
    mileageFromOdometer:
      p.vehicle.odometerKm !== null
        ? { "@type": "QuantitativeValue", value: p.vehicle.odometerKm, unitCode: "KMT" }
        : undefined,
    fuelType: labelOf(fuelLabels, p.vehicle.fuel) ?? undefined,
    vehicleIdentificationNumber: p.vin ?? undefined,
    image: p.pictures.map((x) => `${appConfig.siteUrl}${x.url}`),
    offers:
      amount !== null && p.priceType !== "NEGOTIABLE"
        ? {
            "@type": "Offer",
            // schema.org reads euros; the API and the page keep cents (decision 050).
            price: toEuros(amount),
            priceCurrency: "EUR",
            availability: p.sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
            url: postingUrl(p.postId),
          }
        : undefined,
  };
  return serializeJsonLd(data);
}

export const priceForTitle = (p: PostingDetail) => {
  const price = priceDisplay(p);
  if (price.missing) return null;
  return price.main ?? (p.price !== null ? formatPrice(p.price) : null);
};
