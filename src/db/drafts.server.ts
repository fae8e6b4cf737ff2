import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { PostingFieldColumns } from "~/domain/posting-field-table/table";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { alias } from "drizzle-orm/sqlite-core";
import type { PostingListSort } from "~/domain/enums/posting";
import type { EquipmentItem } from "~/domain/equipment";
import type { Db } from "./client.server";
import { byCodeOrId, countPostingsWithModels, coverKey } from "./posting-columns.server";
import { insertWhere } from "./insert-where.server";
import { postingTextMatch } from "./posting-text-match.server";
import { baseModels, manufacturers, modelSeries, trims } from "./schema/catalogue";
import { postingDetails, postingEquipment, postingFiles, postings } from "./schema/postings";
import { users } from "./schema/users";

export type PostingInsert = typeof postings.$inferInsert;
export type DetailsInsert = Omit<typeof postingDetails.$inferInsert, "postingId">;

/** Compile-time check: every column the posting-field table names exists in its Drizzle table (decision 055). */
export const postingFieldColumnsExist: [
  PostingFieldColumns<"postings"> extends keyof PostingInsert ? true : false,
  PostingFieldColumns<"details"> extends keyof DetailsInsert ? true : false,
] = [true, true];

/** A short public code for API paths: 10 characters without look-alikes. */
export function newPostingCode() {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}

export function findManufacturerByCode(db: Db, code: string) {
  return db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .where(eq(manufacturers.code, code))
    .get();
}

export function findBaseModel(db: Db, manufacturerId: number, code: string) {
  return db
    .select({ id: baseModels.id, name: baseModels.name })
    .from(baseModels)
    .where(and(eq(baseModels.manufacturerId, manufacturerId), eq(baseModels.code, code)))
    .get();
}

/** A trim with its series, make and base model ids (to pre-fill and to keep the posting consistent). */
export function findTrim(db: Db, trimId: number) {
  return db
    .select({ trim: trims, manufacturerId: modelSeries.manufacturerId, baseModelId: modelSeries.baseModelId })
    .from(trims)
    .innerJoin(modelSeries, eq(modelSeries.id, trims.seriesId))
    .where(eq(trims.id, trimId))
    .get();
}

/**
 * True unless another PUBLISHED posting of this posting's owner has the same whole VIN (17
 * characters; partial VINs are shorter and never clash). Written into the UPDATE that publishes or
 * changes a VIN, so parallel requests cannot both pass it (issue 21: one published posting per VIN per user).
 */
const vinNotPublishedElsewhere = (vin: SQL | SQLiteColumn) =>
  sql`(${vin} IS NULL OR length(${vin}) <> 17 OR NOT EXISTS (SELECT 1 FROM postings AS same WHERE same.user_id = ${postings.userId} AND same.vin = ${vin} AND same.status = 'PUBLISHED' AND same.id <> ${postings.id}))`;

/**
 * Sets a posting's VIN in one conditional UPDATE: a PUBLISHED posting may not take a whole VIN that
 * another published posting of its owner has. Answers whether the VIN was set.
 */
export async function setVinUnlessPublishedElsewhere(db: Db, postingId: number, vin: string | null, now: Date) {
  const rows = await db
    .update(postings)
    .set({ vin, updatedAt: now.toISOString() })
    .where(and(eq(postings.id, postingId), or(ne(postings.status, "PUBLISHED"), vinNotPublishedElsewhere(sql`${vin}`))))
    .returning({ id: postings.id });
  return rows.length > 0;
}

/** The user's published posting with this VIN, if any (a VIN may be in one published posting per user). */
export function findPublishedVin(db: Db, userId: number, vin: string, exceptId?: number) {
  return db
    .select({ id: postings.id })
    .from(postings)
    .where(
      and(
        eq(postings.userId, userId),
        eq(postings.vin, vin),
        eq(postings.status, "PUBLISHED"),
        exceptId ? sql`${postings.id} <> ${exceptId}` : undefined,
      ),
    )
    .get();
}

/**
 * Inserts a draft and its details row, the draft only while the owner has fewer than `maxDrafts`
 * drafts when the insert runs (the cap is in the statement: parallel starts cannot pass it).
 * Answers null when the cap was reached.
 */
export async function insertDraft(db: Db, posting: PostingInsert, details: DetailsInsert, maxDrafts: number) {
  const underCap = sql`(SELECT count(*) FROM ${postings} WHERE ${postings.userId} = ${posting.userId} AND ${postings.status} = 'DRAFT') < ${maxDrafts}`;
  const [row] = await db.all<{ id: number; code: string }>(insertWhere(postings, posting, underCap, sql`id, code`));
  if (!row) return null;
  await db.insert(postingDetails).values({ ...details, postingId: row.id });
  return row;
}

/** Saves the posting columns, the details and (when given) the equipment in one atomic batch. */
export async function saveDraft(
  db: Db,
  postingId: number,
  posting: Partial<PostingInsert>,
  details: Partial<DetailsInsert>,
  equipment: readonly EquipmentItem[] | undefined,
  now: Date,
) {
  const statements = [
    db
      .update(postings)
      .set({ ...posting, updatedAt: now.toISOString() })
      .where(eq(postings.id, postingId)),
    db
      .insert(postingDetails)
      .values({ ...details, postingId })
      .onConflictDoUpdate({
        target: postingDetails.postingId,
        set: Object.keys(details).length ? details : { postingId },
      }),
  ] as const;
  if (equipment === undefined) {
    await db.batch([...statements]);
    return;
  }
  const rows = equipment.map((e) => ({
    postingId,
    code: e.code,
    kind: e.kind,
    packageName: e.kind === "PACKAGE" ? e.packageName : null,
  }));
  await db.batch([
    ...statements,
    db.delete(postingEquipment).where(eq(postingEquipment.postingId, postingId)),
    ...(rows.length ? [db.insert(postingEquipment).values(rows)] : []),
  ]);
}

/** Everything the wizard edits, for one posting. */
export async function findDraft(db: Db, codeOrId: string) {
  const where = byCodeOrId(codeOrId);
  const row = await db
    .select({
      posting: postings,
      manufacturerCode: manufacturers.code,
      manufacturerName: manufacturers.name,
      modelCode: baseModels.code,
      modelName: baseModels.name,
    })
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .where(where)
    .get();
  if (!row) return null;
  const [details, equipment, files] = await Promise.all([
    db.select().from(postingDetails).where(eq(postingDetails.postingId, row.posting.id)).get(),
    db
      .select({ code: postingEquipment.code, kind: postingEquipment.kind, packageName: postingEquipment.packageName })
      .from(postingEquipment)
      .where(eq(postingEquipment.postingId, row.posting.id))
      .all(),
    db
      .select()
      .from(postingFiles)
      .where(eq(postingFiles.postingId, row.posting.id))
      .orderBy(postingFiles.sortOrder, postingFiles.id)
      .all(),
  ]);
  return { ...row, details: details ?? null, equipment, files };
}
export type DraftRow = NonNullable<Awaited<ReturnType<typeof findDraft>>>;

export async function deleteDraftRow(db: Db, postingId: number) {
  await db.delete(postings).where(and(eq(postings.id, postingId), eq(postings.status, "DRAFT")));
}

export function setPostingStatus(db: Db, postingId: number, values: Partial<PostingInsert>) {
  return db.update(postings).set(values).where(eq(postings.id, postingId));
}

/**
 * Moves a posting from `from` to PUBLISHED in one conditional UPDATE: only while it is still in
 * `from` and, for a private posting, while its owner has fewer than `maxActive` published private
 * postings when the statement runs. Answers whether the posting was published (issue 19, rule 9).
 */
export async function publishUnderCap(
  db: Db,
  postingId: number,
  from: string,
  maxActive: number,
  values: Partial<PostingInsert>,
) {
  const underCap = sql`(${postings.privatePosting} = 0 OR (SELECT count(*) FROM postings AS others WHERE others.user_id = ${postings.userId} AND others.status = 'PUBLISHED' AND others.private_posting = 1) < ${maxActive})`;
  const rows = await db
    .update(postings)
    .set({ ...values, status: "PUBLISHED" })
    .where(
      and(
        eq(postings.id, postingId),
        eq(postings.status, from as "DRAFT"),
        underCap,
        vinNotPublishedElsewhere(postings.vin),
      ),
    )
    .returning({ id: postings.id });
  return rows.length > 0;
}

/** Active (published) postings of a private user: the cap counts these. */
export async function countActivePrivate(db: Db, userId: number) {
  const row = await db
    .select({ n: count() })
    .from(postings)
    .where(and(eq(postings.userId, userId), eq(postings.status, "PUBLISHED"), eq(postings.privatePosting, true)))
    .get();
  return row?.n ?? 0;
}

/** The user's (or the dealership's) postings, newest first, for "my postings" and the stock list. */
export type PostingListOptions = {
  status?: string;
  featured?: boolean;
  q?: string;
  sort?: PostingListSort;
  page: number;
  size: number;
  now: string;
};

const listOrder = (sort: PostingListSort | undefined) => {
  switch (sort) {
    case "published":
      return [sql`${postings.publishedAt} IS NULL`, desc(postings.publishedAt)];
    case "price-asc":
      return [sql`${postings.searchPrice} IS NULL`, asc(postings.searchPrice)];
    case "price-desc":
      return [sql`${postings.searchPrice} IS NULL`, desc(postings.searchPrice)];
    case "views":
      return [desc(postings.viewsTotal)];
    case "featured":
      return [sql`${postings.featuredUntil} IS NULL`, desc(postings.featuredUntil)];
    // The best price against the market first; cars without a rating last (decision 088).
    case "market":
      return [sql`${postings.marketDeviationBp} IS NULL`, asc(postings.marketDeviationBp)];
    default:
      return [desc(postings.updatedAt)];
  }
};

/** Own (or the dealership's) postings: one page of the filtered list, its total, and counts per status and of featured ones for the filter chips. */
export async function listOwnPostings(
  db: Db,
  owner: { userId: number } | { dealershipId: number },
  options: PostingListOptions,
) {
  const ownerCondition =
    "userId" in owner ? eq(postings.userId, owner.userId) : eq(postings.dealershipId, owner.dealershipId);
  const where = and(
    ownerCondition,
    options.status ? eq(postings.status, options.status as "DRAFT") : undefined,
    options.featured ? gt(postings.featuredUntil, options.now) : undefined,
    postingTextMatch(options.q),
  );
  const salesperson = alias(users, "salesperson");
  // Not db.batch: its results skip the JSON column mapping (rentalPrices would stay text).
  const [rows, total, byStatus, featured] = await Promise.all([
    db
      .select({
        id: postings.id,
        code: postings.code,
        status: postings.status,
        vin: postings.vin,
        manufacturerName: manufacturers.name,
        modelName: baseModels.name,
        trimName: postings.trimName,
        modelYear: postings.modelYear,
        priceType: postings.priceType,
        price: postings.price,
        specialPrice: postings.specialPrice,
        rentalPrices: postings.rentalPrices,
        viewsTotal: postings.viewsTotal,
        priceRating: postings.priceRating,
        marketDeviationBp: postings.marketDeviationBp,
        publishedAt: postings.publishedAt,
        expiresAt: postings.expiresAt,
        soldAt: postings.soldAt,
        featuredUntil: postings.featuredUntil,
        featuredCancelled: postings.featuredCancelled,
        featuredPackage: postings.featuredPackage,
        updatedAt: postings.updatedAt,
        salespersonFirstName: salesperson.firstName,
        salespersonLastName: salesperson.lastName,
        salespersonPhone: salesperson.phoneNumber,
        wizardStep: postingDetails.wizardStep,
        coverKey,
      })
      .from(postings)
      .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
      .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
      .leftJoin(postingDetails, eq(postingDetails.postingId, postings.id))
      .leftJoin(
        salesperson,
        and(eq(salesperson.id, postings.salespersonUserId), eq(salesperson.dealershipId, postings.dealershipId)),
      )
      .where(where)
      .orderBy(...listOrder(options.sort), desc(postings.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size)
      .all(),
    countPostingsWithModels(db, where),
    db
      .select({ status: postings.status, n: count() })
      .from(postings)
      .where(ownerCondition)
      .groupBy(postings.status)
      .all(),
    db
      .select({ n: count() })
      .from(postings)
      .where(and(ownerCondition, gt(postings.featuredUntil, options.now)))
      .get(),
  ]);
  return { rows, total: total?.n ?? 0, byStatus, featured: featured?.n ?? 0 };
}

/** Published postings past their expiry become EXPIRED (daily job). */
export async function expirePostings(db: Db, now: Date) {
  const expired = await db
    .update(postings)
    .set({ status: "EXPIRED", updatedAt: now.toISOString() })
    .where(and(eq(postings.status, "PUBLISHED"), lt(postings.expiresAt, now.toISOString())))
    .returning({ id: postings.id });
  return expired.length;
}

export function filesOf(db: Db, postingIds: number[]) {
  return postingIds.length
    ? db.select().from(postingFiles).where(inArray(postingFiles.postingId, postingIds)).all()
    : Promise.resolve([]);
}

/** Whether the account is a member (head or salesperson) of the dealership: the only salespeople a posting may name. */
export async function isDealershipMember(db: Db, userId: number, dealershipId: number) {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.dealershipId, dealershipId)))
    .get();
  return row !== undefined;
}
