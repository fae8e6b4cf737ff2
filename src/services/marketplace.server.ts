import { getDb } from "~/db/client.server";
import { findPublishedPage, type PostingCardRow } from "~/db/postings.server";
import type { BadgeType } from "~/domain/enums";
import type { PostingCard, SearchResponse } from "~/domain/posting-card";
import type { MarketplaceSearchQuery } from "~/features/search/schemas";

type Db = ReturnType<typeof getDb>;

const euros = (cents: number | null) => (cents === null ? null : cents / 100);

/** Turns a stored row into the card the API promises (cents to euros, badge list, media URL). */
export function toPostingCard(row: PostingCardRow, now: string): PostingCard {
  const badges: BadgeType[] = [];
  if (row.badgeVerified) badges.push("VERIFIED");
  if (row.badgeGoodBuy) badges.push("GOOD_BUY");
  if (row.badgePromising) badges.push("PROMISING");
  if (row.badgeFinancing) badges.push("FINANCING");
  return {
    postId: row.id,
    code: row.code,
    imageUrl: row.coverKey ? `/media/${row.coverKey}` : null,
    manufacturer: row.manufacturerCode,
    manufacturerName: row.manufacturerName,
    modelName: row.baseModelName,
    vehicleManufacturerName: row.manufacturerName,
    vehicleBaseModelName: row.baseModelName,
    trimName: row.trimName,
    priceType: row.priceType,
    price: euros(row.price),
    specialPrice: euros(row.specialPrice),
    rentalPrices: row.rentalPrices.map((r) => ({ price: r.price / 100, interval: r.interval })),
    badge: badges[0] ?? null,
    badges,
    year: row.modelYear,
    firstRegistration: row.firstRegistration,
    mileage: row.odometerKm,
    fuel: row.fuel,
    powerKw: row.powerKw,
    transmission: row.transmission,
    region: row.contactRegion,
    condition: row.vehicleCondition,
    arriving: row.arrivalState === "ARRIVING",
    featured: row.featuredUntil !== null && row.featuredUntil > now,
    sellerType: row.dealershipId === null ? "person" : "dealer",
    publishedAt: row.publishedAt,
  };
}

/** GET marketplace/search: offset = page × size, featured first within the sort. */
export async function searchMarketplace(db: Db, query: MarketplaceSearchQuery, now = new Date()): Promise<SearchResponse> {
  const nowIso = now.toISOString();
  const { rows, total } = await findPublishedPage(db, {
    offset: query.page * query.size,
    limit: query.size,
    sort: query.sort,
    now: nowIso,
  });
  return { total, results: rows.map((r) => toPostingCard(r, nowIso)) };
}
