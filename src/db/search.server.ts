import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { SearchFilters, SearchSort } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { byCodeOrId, coverKey } from "./posting-columns.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { dealerships } from "./schema/dealerships";
import { favorites } from "./schema/engagement";
import { postings } from "./schema/postings";
import {
  featuredIndex,
  filterConditions,
  postingsIndexedBy,
  type SearchContext,
  searchIndex,
  sortKeys,
  toMinute,
} from "./search-conditions.server";
import { countSearch, countWhere, liveCount, searchGenerationOf } from "./search-counts.server";

const cardColumns = {
  id: postings.id,
  code: postings.code,
  status: postings.status,
  manufacturerCode: manufacturers.code,
  manufacturerName: manufacturers.name,
  baseModelCode: baseModels.code,
  baseModelName: baseModels.name,
  trimName: postings.trimName,
  priceType: postings.priceType,
  price: postings.price,
  specialPrice: postings.specialPrice,
  rentalPrices: postings.rentalPrices,
  modelYear: postings.modelYear,
  firstRegistration: postings.firstRegistration,
  odometerKm: postings.odometerKm,
  fuel: postings.fuel,
  powerKw: postings.powerKw,
  transmission: postings.transmission,
  contactRegion: postings.contactRegion,
  vehicleCondition: postings.vehicleCondition,
  arrivalState: postings.arrivalState,
  badgePromising: postings.badgePromising,
  badgeVerified: postings.badgeVerified,
  badgeGoodBuy: postings.badgeGoodBuy,
  badgeFinancing: postings.badgeFinancing,
  featuredUntil: postings.featuredUntil,
  featuredPackage: postings.featuredPackage,
  dealershipId: postings.dealershipId,
  publishedAt: postings.publishedAt,
  coverKey,
} as const;

export type PostingCardRow = Awaited<ReturnType<ReturnType<typeof selectCards>["all"]>>[number];

function selectCards(db: Db) {
  return db
    .select(cardColumns)
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId));
}

/** Published, visible postings' cards by code (a signed-out visitor's favourites kept in the browser). */
export function findPublishedCardsByCodes(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return selectCards(db)
    .where(and(inArray(postings.code, [...codes]), eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false)))
    .all();
}

/** One posting's card whatever its status: the seller's preview of a draft shows the card buyers will see. */
export function findPostingCardById(db: Db, id: number) {
  return selectCards(db).where(eq(postings.id, id)).get();
}

// Walking the sort index costs about (rows wanted) / (share of postings that match) row reads;
// past this many, seeking the matches with the covering index and sorting them is cheaper.
const maxSortIndexWalk = 4000;

/**
 * One page of matching postings: featured ones first, then the rest in the chosen sort, and
 * postings without a value for the sort key (e.g. rental-only without a price) last. Each
 * segment is read in index order with its own LIMIT, so no query sorts the whole result.
 */
export async function searchPostings(
  db: Db,
  f: SearchFilters,
  ctxIn: SearchContext,
  page: { offset: number; limit: number; sort: SearchSort },
) {
  // Minute precision is plenty for "featured until" and posting age, and lets counts be cached.
  const ctx = { ...ctxIn, now: toMinute(ctxIn.now) };
  const base = filterConditions(f, ctx);
  const nowIso = ctx.now.toISOString();
  const key = sortKeys[page.sort];
  const order = [key.direction === "asc" ? asc(key.column) : desc(key.column), desc(postings.id)];
  const newestFirst = [desc(postings.publishedAt), desc(postings.id)];
  const featured = gt(postings.featuredUntil, nowIso);
  const notFeatured = or(isNull(postings.featuredUntil), lte(postings.featuredUntil, nowIso));
  const segments: { where: SQL | undefined; orderBy: SQL[] }[] = [
    { where: and(...base, featured), orderBy: order },
    { where: and(...base, notFeatured, isNotNull(key.column)), orderBy: order },
    { where: and(...base, notFeatured, isNull(key.column)), orderBy: newestFirst },
  ];
  // One broad count (a scan of the covering search index); the featured and key-less segments are
  // small and counted through their own indexes; the middle segment is the difference.
  // Featured postings are few: their own index finds them faster than any filter index.
  // Favourites are one user's: their counts are never cached.
  const generation = f.favorites ? null : await searchGenerationOf(db);
  const [total, featuredCount, keylessCount, live] = await Promise.all([
    countSearch(db, f, and(...base), generation),
    countWhere(db, segments[0]?.where, generation, featuredIndex),
    key.nullable === false ? 0 : countWhere(db, segments[2]?.where, generation),
    liveCount(db, ctx.now.getTime(), generation),
  ]);
  const walk = ((page.offset + page.limit) * live) / Math.max(1, total);
  const middleIndex = walk <= maxSortIndexWalk ? key.index : searchIndex;
  const counts = [featuredCount, Math.max(0, total - featuredCount - keylessCount), keylessCount];
  // The page is one query: each segment's slice of ids (read through its own index, limited),
  // concatenated in segment order and joined to the card columns.
  const parts: SQL[] = [];
  let start = 0;
  for (const [i, segment] of segments.entries()) {
    const size = counts[i] ?? 0;
    const from = Math.max(page.offset, start);
    const to = Math.min(page.offset + page.limit, start + size);
    if (from < to) {
      const index = i === 0 ? featuredIndex : i === 1 ? middleIndex : undefined;
      const source = index ? postingsIndexedBy(index) : sql`${postings}`;
      parts.push(
        sql`SELECT id, ${i} AS seg, row_number() OVER () AS r FROM (SELECT "postings"."id" AS id FROM ${source} WHERE ${segment.where} ORDER BY ${sql.join(segment.orderBy, sql`, `)} LIMIT ${to - from} OFFSET ${from - start})`,
      );
    }
    start += size;
  }
  if (parts.length === 0) return { rows: [], total };
  const rows = await selectCards(db)
    .innerJoin(sql`(${sql.join(parts, sql` UNION ALL `)}) AS page`, sql`page.id = ${postings.id}`)
    .orderBy(sql`page.seg`, sql`page.r`)
    .all();
  return { rows, total };
}

/**
 * The most viewed visible postings, by views descending (ties: newest id first), featured or not:
 * the error pages' carousel (spec section 2: five popular vehicles by popularity descending).
 */
export function findPopular(db: Db, limit: number) {
  return selectCards(db)
    .where(and(eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false)))
    .orderBy(desc(postings.viewsTotal), desc(postings.id))
    .limit(limit)
    .all();
}

/**
 * One page of the vehicle feed for partner ad networks, in id order after `afterId` (keyset): published,
 * listed postings with a price a buyer pays. A hidden VIN keeps a posting out (spec section 5: "not shown
 * on partner ad networks"), whatever else it has.
 */
export function findAdFeedPostings(db: Db, afterId: number, limit: number) {
  return selectCards(db)
    .where(
      and(
        eq(postings.status, "PUBLISHED"),
        eq(postings.hidePosting, false),
        or(isNull(postings.hiddenVin), eq(postings.hiddenVin, false)),
        isNotNull(postings.searchPrice),
        gt(postings.id, afterId),
      ),
    )
    .orderBy(asc(postings.id))
    .limit(limit)
    .all();
}

/** Similar vehicles: same model (else same make), price and year close, most similar first. */
export async function findSimilar(db: Db, postingCode: string, options: { dealerCode: string | null; limit: number }) {
  const origin = await db
    .select({
      id: postings.id,
      manufacturerId: postings.manufacturerId,
      baseModelId: postings.baseModelId,
      searchPrice: postings.searchPrice,
      modelYear: postings.modelYear,
    })
    .from(postings)
    // Page URLs carry the numeric id (the 410 page asks by id), API paths the code.
    .where(byCodeOrId(postingCode))
    .get();
  if (!origin) return null;
  const price = origin.searchPrice ?? 0;
  const closeness = sql`abs(coalesce(${postings.searchPrice}, 0) - ${price}) / 100000.0 + abs(coalesce(${postings.modelYear}, 0) - ${origin.modelYear ?? 0})`;
  const dealerCondition = options.dealerCode
    ? sql`${postings.dealershipId} = (SELECT id FROM ${dealerships} WHERE code = ${options.dealerCode})`
    : undefined;
  const common = and(
    eq(postings.status, "PUBLISHED"),
    eq(postings.hidePosting, false),
    ne(postings.id, origin.id),
    dealerCondition,
  );
  // The make is implied by the model, but naming it lets SQLite seek postings_search on
  // (status, hide_posting, manufacturer_id, base_model_id) instead of walking every visible posting.
  const sameMakeCondition =
    origin.manufacturerId === null ? undefined : eq(postings.manufacturerId, origin.manufacturerId);
  const sameModel =
    origin.baseModelId === null
      ? []
      : await selectCards(db)
          .where(and(common, sameMakeCondition, eq(postings.baseModelId, origin.baseModelId)))
          .orderBy(closeness)
          .limit(options.limit)
          .all();
  if (sameModel.length >= options.limit || origin.manufacturerId === null) return sameModel;
  const sameMake = await selectCards(db)
    .where(
      and(
        common,
        eq(postings.manufacturerId, origin.manufacturerId),
        origin.baseModelId === null ? undefined : ne(postings.baseModelId, origin.baseModelId),
      ),
    )
    .orderBy(closeness)
    .limit(options.limit - sameModel.length)
    .all();
  return [...sameModel, ...sameMake];
}

/** Matches published after `since` (new results of a saved search); not cached: it is per user. */
export async function countNewMatches(db: Db, f: SearchFilters, since: string, ctx: SearchContext) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(postingsIndexedBy(searchIndex))
    .where(and(...filterConditions(f, { ...ctx, now: toMinute(ctx.now) }), gt(postings.publishedAt, since)))
    .get();
  return row?.n ?? 0;
}

/** The newest matches published after `since`, for the alert e-mail. */
export async function newestMatches(db: Db, f: SearchFilters, since: string, limit: number, ctx: SearchContext) {
  return selectCards(db)
    .where(and(...filterConditions(f, { ...ctx, now: toMinute(ctx.now) }), gt(postings.publishedAt, since)))
    .orderBy(desc(postings.publishedAt))
    .limit(limit)
    .all();
}

/** The user's liked postings (newest like first) with the price they had when liked. */
export function findFavoriteCards(db: Db, userId: number) {
  return db
    .select({ card: cardColumns, priceAtLike: favorites.priceAtLike, searchPrice: postings.searchPrice })
    .from(favorites)
    .innerJoin(postings, eq(postings.id, favorites.postingId))
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .where(and(eq(favorites.userId, userId), ne(postings.status, "DRAFT")))
    .orderBy(desc(favorites.createdAt))
    .all();
}
