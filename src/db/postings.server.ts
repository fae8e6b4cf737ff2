import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { baseModels, manufacturers, postings } from "./schema";

export type PostingSort = "newest" | "priceAsc" | "priceDesc" | "mileageAsc" | "mileageDesc" | "yearDesc" | "yearAsc" | "powerDesc" | "popular";

const coverKey = sql<string | null>`(SELECT pf.object_key FROM posting_files pf WHERE pf.posting_id = ${postings.id} AND pf.mime_type LIKE 'image/%' ORDER BY pf.sort_order, pf.id LIMIT 1)`;

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
  dealershipId: postings.dealershipId,
  publishedAt: postings.publishedAt,
  coverKey,
} as const;

const orderBySort: Record<PostingSort, SQL[]> = {
  newest: [desc(postings.publishedAt)],
  priceAsc: [asc(postings.searchPrice)],
  priceDesc: [desc(postings.searchPrice)],
  mileageAsc: [asc(postings.odometerKm)],
  mileageDesc: [desc(postings.odometerKm)],
  yearDesc: [desc(postings.modelYear)],
  yearAsc: [asc(postings.modelYear)],
  powerDesc: [desc(postings.powerKw)],
  popular: [desc(postings.viewsTotal)],
};

/**
 * One page of visible published postings, featured ones first within the chosen sort,
 * and the total that matches. `where` adds the caller's filter conditions.
 */
export async function findPublishedPage(
  db: Db,
  options: { offset: number; limit: number; sort: PostingSort; now: string; where?: SQL[] },
) {
  const conditions = and(eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false), ...(options.where ?? []));
  const featuredFirst = sql`CASE WHEN ${postings.featuredUntil} > ${options.now} THEN 0 ELSE 1 END`;
  // Two reads in parallel (not db.batch: D1 batch results are keyed by column name, and this
  // select has several columns called "code").
  const [rows, totals] = await Promise.all([
    db
      .select(cardColumns)
      .from(postings)
      .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
      .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
      .where(conditions)
      .orderBy(featuredFirst, ...orderBySort[options.sort], desc(postings.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)` }).from(postings).where(conditions),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export type PostingCardRow = Awaited<ReturnType<typeof findPublishedPage>>["rows"][number];
