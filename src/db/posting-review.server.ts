import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { countPostingsWithModels, coverKey } from "./posting-columns.server";
import { postingTextMatch } from "./posting-text-match.server";
import { auditEntry } from "./audit.server";
import { auditLog } from "./schema/audit";
import { baseModels, manufacturers } from "./schema/catalogue";
import { dealerships } from "./schema/dealerships";
import { postingDetails, postingReviews, postings } from "./schema/postings";
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
