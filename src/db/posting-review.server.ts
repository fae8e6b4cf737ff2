import { and, asc, desc, eq, inArray, like, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { countPostingsWithModels, coverKey } from "./posting-columns.server";
import { postingTextMatch } from "./posting-text-match.server";
import { auditEntry } from "./audit.server";
import { auditLog } from "./schema/audit";
import { baseModels, manufacturers } from "./schema/catalogue";
import { dealerships } from "./schema/dealerships";
import { postingDetails, postingFiles, postingReviews, postings } from "./schema/postings";
import { users } from "./schema/users";

/** Published postings for the editors' review (newest first, or only the Promising ones; one page and the total), or one posting by code. */
export async function listForReview(
  db: Db,
  options: { promising: boolean; q?: string; page: number; size: number } | { code: string },
) {
  const where =
    "code" in options
      ? eq(postings.code, options.code)
      : and(
          eq(postings.status, "PUBLISHED"),
          options.promising ? eq(postings.badgePromising, true) : undefined,
          postingTextMatch(options.q),
        );
  const size = "code" in options ? 1 : options.size;
  const page = "code" in options ? 1 : options.page;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: postings.id,
        code: postings.code,
        manufacturerName: manufacturers.name,
        modelName: baseModels.name,
        trimName: postings.trimName,
        vin: postings.vin,
        modelYear: postings.modelYear,
        odometerKm: postings.odometerKm,
        priceType: postings.priceType,
        price: postings.price,
        specialPrice: postings.specialPrice,
        publishedAt: postings.publishedAt,
        badgeVerified: postings.badgeVerified,
        badgeGoodBuy: postings.badgeGoodBuy,
        badgePromising: postings.badgePromising,
        badgeFinancing: postings.badgeFinancing,
        dealershipName: sql<string | null>`coalesce(${dealerships.publicName}, ${dealerships.name})`,
        sellerFirstName: users.firstName,
        sellerLastName: users.lastName,
        description: postingDetails.description,
        badgeVerifiedDescription: postingDetails.badgeVerifiedDescription,
        badgeGoodBuyDescription: postingDetails.badgeGoodBuyDescription,
        postingType: postingDetails.postingType,
        coverKey,
      })
      .from(postings)
      .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
      .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
      .leftJoin(postingDetails, eq(postingDetails.postingId, postings.id))
      .leftJoin(dealerships, eq(dealerships.id, postings.dealershipId))
      .leftJoin(users, eq(users.id, postings.userId))
      .where(where)
      .orderBy(desc(postings.publishedAt), desc(postings.id))
      .limit(size)
      .offset((page - 1) * size)
      .all(),
    countPostingsWithModels(db, where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type ReviewRow = Awaited<ReturnType<typeof listForReview>>["rows"][number];

/**
 * The pictures of the listed postings for the review dialog, cover first: exterior, interior, damage, then the
 * rest, each in the seller's order (the order `coverKey` picks the cover by).
 */
export function picturesOfPostings(db: Db, postingIds: number[]) {
  if (!postingIds.length) return Promise.resolve([]);
  return db
    .select({ postingId: postingFiles.postingId, key: postingFiles.objectKey })
    .from(postingFiles)
    .where(and(inArray(postingFiles.postingId, postingIds), like(postingFiles.mimeType, "image/%")))
    .orderBy(
      sql`CASE ${postingFiles.fileType} WHEN 'EXTERIOR_PICTURE' THEN 0 WHEN 'INTERIOR_PICTURE' THEN 1 WHEN 'DAMAGE_PICTURE' THEN 2 ELSE 3 END`,
      asc(postingFiles.sortOrder),
      asc(postingFiles.id),
    )
    .all();
}

/** One posting's reviewable fields, by code. */
export function findForReview(db: Db, code: string) {
  return db
    .select({
      id: postings.id,
      priceType: postings.priceType,
      price: postings.price,
      specialPrice: postings.specialPrice,
      searchPrice: postings.searchPrice,
      odometerKm: postings.odometerKm,
      modelYear: postings.modelYear,
      badgeVerified: postings.badgeVerified,
      badgeGoodBuy: postings.badgeGoodBuy,
      badgePromising: postings.badgePromising,
      hiddenVin: postings.hiddenVin,
      description: postingDetails.description,
      badgeVerifiedDescription: postingDetails.badgeVerifiedDescription,
      badgeGoodBuyDescription: postingDetails.badgeGoodBuyDescription,
      verifiedAt: postingDetails.verifiedAt,
    })
    .from(postings)
    .leftJoin(postingDetails, eq(postingDetails.postingId, postings.id))
    .where(eq(postings.code, code))
    .get();
}

/** Writes an editor's review in one batch: posting fields, detail fields, the review record and the audit entry. */
export async function saveReview(
  db: Db,
  postingId: number,
  change: {
    posting: Partial<typeof postings.$inferInsert>;
    details: Partial<typeof postingDetails.$inferInsert>;
    changes: Record<string, unknown>;
  },
  audit: { actorUserId: number; impersonatedUserId: number | null; before: unknown; after: unknown },
) {
  await db.batch([
    db.update(postings).set(change.posting).where(eq(postings.id, postingId)),
    db
      .insert(postingDetails)
      .values({ postingId, ...change.details })
      .onConflictDoUpdate({ target: postingDetails.postingId, set: change.details }),
    db.insert(postingReviews).values({ postingId, reviewerUserId: audit.actorUserId, changes: change.changes }),
    db
      .insert(auditLog)
      .values(auditEntry(audit, "posting-review.save", "posting", postingId, audit.before, audit.after)),
  ]);
}
