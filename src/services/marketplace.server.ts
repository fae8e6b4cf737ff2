import type { Db } from "~/db/client.server";
import {
  findFavoriteCards,
  findPopular,
  findPublishedCardsByCodes,
  findSimilar,
  type PostingCardRow,
  type SessionFirst,
  searchPostings,
  similarShown,
} from "~/db/search.server";
import { countByFacet } from "~/db/search-counts.server";
import type { FacetName } from "~/domain/search-filters";
import type { BadgeType } from "~/domain/enums/posting";
import { type PostingCard, priceDropDays, type SearchResponse } from "~/domain/posting-card";
import type { MarketplaceSearchQuery } from "~/contracts/search";
import { findActiveSession, toSessionInfo } from "~/db/users.server";
import type { SessionInBatch } from "~/domain/session";
import { shownSpecialPrice } from "~/domain/price-display";

/**
 * Turns a stored row into the card the API promises (money stays in cents, decision 050; badge list, media URL). The
 * amount a seller keeps "Po dogovoru" is theirs: a card carries none (decision 088, session 23), except the seller's
 * own preview (`sellerSide`).
 */
export function toPostingCard(row: PostingCardRow, now: Date, sellerSide = false): PostingCard {
  const kept = row.priceType === "NEGOTIABLE" && !sellerSide;
  const badges: BadgeType[] = [];
  if (row.badgeVerified) badges.push("VERIFIED");
  if (row.badgeGoodBuy) badges.push("GOOD_BUY");
  if (row.badgePromising) badges.push("PROMISING");
  if (row.badgeFinancing) badges.push("FINANCING");
  return {
    postId: row.id,
    code: row.code,
    status: row.status,
    imageUrl: row.coverKey ? `/media/${row.coverKey}` : null,
    manufacturer: row.manufacturerCode,
    manufacturerName: row.manufacturerName,
    modelName: row.baseModelName,
    vehicleManufacturerName: row.manufacturerName,
    vehicleBaseModelName: row.baseModelName,
    trimName: row.trimName,
    priceType: row.priceType,
    price: kept ? null : row.price,
    // Only where the card shows it: not one kept beside a normal price (decision 088, session 24).
    specialPrice: kept ? null : sellerSide ? row.specialPrice : shownSpecialPrice(row),
    rentalPrices: row.rentalPrices,
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
    featured: row.featuredUntil !== null && row.featuredUntil > now.toISOString(),
    featuredPackage: row.featuredUntil !== null && row.featuredUntil > now.toISOString() ? row.featuredPackage : null,
    sellerType: row.dealershipId === null ? "person" : "dealer",
    publishedAt: row.publishedAt,
    priceRating: row.priceRating,
    priceDrop:
      row.priceType !== "NEGOTIABLE" &&
      row.lastPriceChange !== null &&
      row.lastPriceChange < 0 &&
      row.lastPriceChangeAt !== null &&
      now.getTime() - Date.parse(row.lastPriceChangeAt) < priceDropDays * 86_400_000
        ? -row.lastPriceChange
        : null,
  };
}

/**
 * GET marketplace/search: every filter, offset = page × size, featured first within the sort. With `sessionInBatch`
 * (a signed-in page's own search, decision 089) `userId` is ignored: the session's statement goes first in the
 * search's first D1 round trip, as of `now`, and the session is settled from its row before anything else.
 */
export async function searchMarketplace(
  db: Db,
  query: MarketplaceSearchQuery,
  userId: number | null,
  now = new Date(),
  sessionInBatch?: SessionInBatch,
): Promise<SearchResponse> {
  let caller = userId;
  let first: SessionFirst | undefined;
  if (sessionInBatch && query.filters.favorites) {
    // "Favourites only" names the user in the search's SQL: the session's statement alone first (today's lookup).
    const session = await findActiveSession(db, sessionInBatch.hash, now, true);
    sessionInBatch.settle(session);
    caller = session?.user.id ?? null;
  } else if (sessionInBatch) {
    caller = null;
    first = {
      hash: sessionInBatch.hash,
      now: now.toISOString(),
      settle: (row) => sessionInBatch.settle(toSessionInfo(row, true)),
    };
  }
  const { rows, total } = await searchPostings(
    db,
    query.filters,
    { now, userId: caller },
    { offset: query.offset, limit: query.size, sort: query.sort },
    first,
  );
  return { total, results: rows.map((r) => toPostingCard(r, now)) };
}

/** GET marketplace/count-by/{facet}. */
export function countMarketplaceBy(
  db: Db,
  facet: FacetName,
  query: MarketplaceSearchQuery,
  userId: number | null,
  now = new Date(),
) {
  return countByFacet(db, facet, query.filters, { now, userId });
}

/** GET marketplace/similar-vehicles/{postingCode}: null when the posting does not exist. */
export async function similarVehicles(db: Db, postingCode: string, dealerCode: string | null, now = new Date()) {
  const rows = await findSimilar(db, postingCode, { dealerCode, limit: similarShown });
  return rows === null ? null : rows.map((r) => toPostingCard(r, now));
}

/** GET marketplace/popular-vehicles: the error pages' five most viewed postings (no featured-first, unlike search). */
export async function popularVehicles(db: Db, limit: number, now = new Date()) {
  return (await findPopular(db, limit)).map((r) => toPostingCard(r, now));
}

export type FavoriteCard = {
  card: PostingCard;
  priceAtLike: number | null;
  priceDrop: number | null;
  sold: boolean;
  /** An e-mail is sent when the price drops (issue 28). */
  priceAlert: boolean;
};

/** Liked postings with the price drop since liking (beyond the anchors: a price-drop mark). */
export async function favoritesOf(db: Db, userId: number, now = new Date()): Promise<FavoriteCard[]> {
  const rows = await findFavoriteCards(db, userId);
  return rows.map((r) => {
    // Only prices buyers could see (decision 088, session 23): none while the price is "Po dogovoru"; else the last
    // one shown (a price typed while the posting was hidden is not a drop either).
    const shown = r.card.priceType === "NEGOTIABLE" ? null : (r.shownPrice ?? r.searchPrice);
    const drop = r.priceAtLike !== null && shown !== null && shown < r.priceAtLike ? r.priceAtLike - shown : null;
    return {
      card: toPostingCard(r.card, now),
      priceAtLike: r.priceAtLike,
      priceDrop: drop,
      sold: r.card.status !== "PUBLISHED",
      priceAlert: r.priceAlert,
    };
  });
}

/** The cards of a signed-out visitor's favourites: published postings only, in the order asked for. */
export async function publishedCardsByCodes(
  db: Db,
  codes: readonly string[],
  now = new Date(),
): Promise<PostingCard[]> {
  const rows = await findPublishedCardsByCodes(db, codes);
  const byCode = new Map(rows.map((r) => [r.code, toPostingCard(r, now)]));
  return codes.flatMap((c) => byCode.get(c) ?? []);
}
