import { and, asc, desc, eq, gte, inArray, isNull, lt, or, gt, type Placeholder, type SQL, sql } from "drizzle-orm";
import { batchAll } from "./batch.server";
import type { Db } from "./client.server";
import { hotBatch } from "./hot-sql.server";
import { type SessionRow, sessionStatement } from "./users.server";
import { type PostingCardRow, similarCardsStatement } from "./search.server";
import { byCodeOrId, postingAccessColumns } from "./posting-columns.server";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { contactsForAllPostingsQuery } from "./dealer-people.server";
import { baseModels, equipmentDescriptors, manufacturers, modelSeries, vehicleCostPrices } from "./schema/catalogue";
import { articles } from "./schema/content";
import { dealerships } from "./schema/dealerships";
import { leasingClicks, postingViewVisitors, postingViewsDaily } from "./schema/engagement";
import { postingMarketValues, postingPriceChanges } from "./schema/market";
import { postingDetails, postingEquipment, postingFiles, postings } from "./schema/postings";
import { users } from "./schema/users";

/** A posting by its code, or by its numeric id (page URLs carry the id, API paths the code). */

/** The latest price changes a posting page shows. */
export const priceHistoryShown = 10;

/** The seller's and the salesperson's name and phone (a sign-in address is never published: issue 23). */
const personColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
};

/**
 * Columns under aliases of their own: a D1 batch answers rows as objects keyed by column name, which
 * the joined tables share (id, name, email, …); the aliases keep each one (decision 081).
 */
function aliased<T extends Record<string, SQLiteColumn>>(prefix: string, columns: T) {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${column}`.mapWith(column).as(`${prefix}_${key}`)]),
  ) as { [K in keyof T]: SQL.Aliased<T[K]["_"]["data"]> };
}

const dealershipColumns = {
  id: dealerships.id,
  code: dealerships.code,
  name: dealerships.name,
  publicName: dealerships.publicName,
  address: dealerships.address,
  postalCode: dealerships.postalCode,
  city: dealerships.city,
  email: dealerships.email,
  phone: dealerships.phone,
  weekdayFrom: dealerships.weekdayFrom,
  weekdayTo: dealerships.weekdayTo,
  saturdayFrom: dealerships.saturdayFrom,
  saturdayTo: dealerships.saturdayTo,
  openingHours: dealerships.openingHours,
  webPage: dealerships.webPage,
  logoKey: dealerships.logoKey,
};

/**
 * Everything the posting page shows, in ONE round trip to D1 (one batch, decision 081): the posting;
 * its vehicle names, dealer and seller (joined, under aliases); its details, files, equipment,
 * salesperson and the dealer's contacts (found through subqueries on the posting's code or id, so
 * nothing waits for another answer) and the search page's featured article, shown beside the posting.
 */
function postingDetailStatements(db: Db, p: { key: Placeholder<"key">; now: Placeholder<"now"> }, by: "id" | "code") {
  const byKey = by === "id" ? eq(postings.id, p.key) : eq(postings.code, p.key);
  const posting = (column: SQLiteColumn) => db.select({ value: column }).from(postings).where(byKey);
  return [
    db.select().from(postings).where(byKey),
    db
      .select({
        names: aliased("v", {
          manufacturerName: manufacturers.name,
          manufacturerCode: manufacturers.code,
          baseModelName: baseModels.name,
          baseModelCode: baseModels.code,
          seriesName: modelSeries.name,
        }),
        dealership: aliased("d", dealershipColumns),
        seller: aliased("s", personColumns),
      })
      .from(postings)
      .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
      .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
      .leftJoin(modelSeries, eq(modelSeries.id, postings.seriesId))
      .leftJoin(dealerships, eq(dealerships.id, postings.dealershipId))
      .innerJoin(users, eq(users.id, postings.userId))
      .where(byKey),
    // D1 answers at most 100 columns a query: the details come separately.
    db
      .select()
      .from(postingDetails)
      .where(inArray(postingDetails.postingId, posting(postings.id))),
    db
      .select()
      .from(postingFiles)
      .where(inArray(postingFiles.postingId, posting(postings.id)))
      .orderBy(asc(postingFiles.sortOrder), asc(postingFiles.id)),
    db
      .select({
        code: postingEquipment.code,
        kind: postingEquipment.kind,
        packageName: postingEquipment.packageName,
        // One row per descriptor of the code (several when limited to different makes); the service picks one.
        descriptorId: equipmentDescriptors.id,
        descriptorMakes: equipmentDescriptors.limitedToMakes,
        descriptorName: equipmentDescriptors.displayName,
        descriptorLink: equipmentDescriptors.link,
        descriptorVideoId: equipmentDescriptors.videoId,
        descriptorText: equipmentDescriptors.description,
        descriptorArticleLink: equipmentDescriptors.articleLink,
      })
      .from(postingEquipment)
      .leftJoin(equipmentDescriptors, eq(equipmentDescriptors.equipmentCode, postingEquipment.code))
      .where(inArray(postingEquipment.postingId, posting(postings.id))),
    // Only a current member of the posting's own dealership is shown (a private posting has none):
    // a stale or foreign id never reveals an account (issue 19, rule 1).
    db
      .select({ firstName: users.firstName, lastName: users.lastName, phoneNumber: users.phoneNumber })
      .from(users)
      .where(
        and(
          inArray(users.id, posting(postings.salespersonUserId)),
          inArray(users.dealershipId, posting(postings.dealershipId)),
        ),
      ),
    contactsForAllPostingsQuery(db, posting(postings.dealershipId)),
    featuredArticleQuery(db, p.now),
    // The market value and the price history (issue 28, decision 088): no round trip of their own.
    db
      .select()
      .from(postingMarketValues)
      .where(inArray(postingMarketValues.postingId, posting(postings.id))),
    db
      .select({
        oldPrice: postingPriceChanges.oldPrice,
        newPrice: postingPriceChanges.newPrice,
        changedAt: postingPriceChanges.changedAt,
        oldShown: postingPriceChanges.oldShown,
      })
      .from(postingPriceChanges)
      .where(inArray(postingPriceChanges.postingId, posting(postings.id)))
      .orderBy(desc(postingPriceChanges.changedAt), desc(postingPriceChanges.id))
      .limit(priceHistoryShown),
  ] as const;
}

const postingDetailBatch = hotBatch(["key", "now"], postingDetailStatements);

/**
 * The posting page's batch with its similar vehicles as an eleventh statement (issue 27, decision 089): the page
 * makes one D1 round trip before its first byte instead of two. The origin is the same key (id or code).
 */
const postingPageBatch = hotBatch(["key", "now", "limit"], (db, p, by: "id" | "code") => [
  ...postingDetailStatements(db, p, by),
  similarCardsStatement(db, { origin: p.key, dealerCode: p.key, limit: p.limit }, by),
]);

/**
 * The signed-in posting page's batch (issue 27, decision 089, "signed in in one round trip"): the session's
 * statement (`sessionStatement`, the very one a lookup runs alone, with `GET me`'s profile) first, then the page's
 * batch above (variant `similar`; without it, as `postingDetailBatch`). The page's first byte waits for this one
 * trip alone.
 */
const withSessionBatch = hotBatch(
  ["key", "now", "limit", "hash"],
  (db, p, variant: "id" | "code" | "id+similar" | "code+similar") => {
    const by = variant.startsWith("id") ? "id" : "code";
    const session = sessionStatement(db, p.hash, p.now, true);
    return variant.endsWith("+similar")
      ? ([
          session,
          ...postingDetailStatements(db, p, by),
          similarCardsStatement(db, { origin: p.key, dealerCode: p.key, limit: p.limit }, by),
        ] as const)
      : ([session, ...postingDetailStatements(db, p, by)] as const);
  },
);

type DetailResults = Awaited<ReturnType<typeof postingDetailBatch>>;

function toDetailRow(results: DetailResults, similar: unknown[] | null) {
  const [[postingRow], [joined], details, files, equipment, salesperson, contacts, article, market, priceChanges] =
    results;
  if (!postingRow || !joined) return null;
  // A posting without a dealership joins one whose every column is null.
  const dealership = joined.dealership.id === null ? null : joined.dealership;
  return {
    posting: postingRow,
    ...joined.names,
    dealership,
    seller: joined.seller,
    details: details[0] ?? null,
    files,
    equipment,
    salesperson: salesperson[0] ?? null,
    contacts: dealership ? contacts : [],
    article: article[0],
    market: market[0] ?? null,
    priceChanges,
    similar: (similar ?? null) as PostingCardRow[] | null,
  };
}

const keyOf = (codeOrId: string, now: Date) => {
  const byId = /^\d{1,12}$/.test(codeOrId);
  return {
    by: byId ? ("id" as const) : ("code" as const),
    values: { key: byId ? Number(codeOrId) : codeOrId, now: now.toISOString() },
  };
};

/**
 * The posting page's reads; with `similar` (how many at most), also its similar vehicles, in the same round trip
 * (`similar` of the answer: null when not asked for).
 */
export async function findPostingDetail(db: Db, codeOrId: string, now: Date, options: { similar?: number } = {}) {
  const { by, values } = keyOf(codeOrId, now);
  if (options.similar === undefined) return toDetailRow(await postingDetailBatch(db, by, values), null);
  const all = await postingPageBatch(db, by, { ...values, limit: options.similar });
  return toDetailRow(all.slice(0, -1) as unknown as DetailResults, all.at(-1) as unknown[]);
}

/**
 * The signed-in posting page's reads (with `similar`, also its similar vehicles) and, first, the session of
 * `sessionHash` as of the same instant (`session`: its row, none when the session is not live). One round trip.
 */
export async function findPostingPageWithSession(
  db: Db,
  codeOrId: string,
  now: Date,
  sessionHash: string,
  options: { similar?: number } = {},
): Promise<{ session: SessionRow | undefined; detail: ReturnType<typeof toDetailRow> }> {
  const { by, values } = keyOf(codeOrId, now);
  const withSimilar = options.similar !== undefined;
  const [session, ...rest] = await withSessionBatch(db, withSimilar ? `${by}+similar` : by, {
    ...values,
    limit: options.similar ?? 0,
    hash: sessionHash,
  });
  return {
    session: session[0] as SessionRow | undefined,
    detail: withSimilar
      ? toDetailRow(rest.slice(0, -1) as unknown as DetailResults, rest.at(-1) as unknown[])
      : toDetailRow(rest as unknown as DetailResults, null),
  };
}

export type PostingDetailRow = NonNullable<Awaited<ReturnType<typeof findPostingDetail>>>;

/** Counts one view for today (Europe/Ljubljana day) and in the running total, atomically. */
/** Visitors of each posting (hashed, see the service) whose views to count today. */
export type VisitorViews = ReadonlyMap<number, readonly string[]>;

/**
 * Counts views once per visitor per posting per day (decision 037): one statement per posting. Inserting a
 * visitor adds to the day's views and the posting's total (trigger of migration 0029, decision 080); a visitor
 * already counted that day is a conflict and counts nothing, so concurrent requests of one visitor count once.
 */
export function countVisitorViews(db: Db, views: VisitorViews, day: string) {
  const statements = [...views].flatMap(([postingId, visitors]) =>
    visitors.length === 0
      ? []
      : [
          db
            .insert(postingViewVisitors)
            .values(visitors.map((visitor) => ({ postingId, day, visitor, counted: 1 })))
            .onConflictDoNothing(),
        ],
  );
  return batchAll(db, statements);
}

/** Published postings' ids for ids or codes (cached posting pages are keyed by what the URL says). */
export async function publishedPostingIds(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  const ids = keys.filter((k) => /^\d{1,12}$/.test(k)).map(Number);
  const codes = keys.filter((k) => !/^\d{1,12}$/.test(k));
  if (keys.length === 0) return new Map();
  const found = await db
    .select({ id: postings.id, code: postings.code })
    .from(postings)
    .where(
      and(
        eq(postings.status, "PUBLISHED"),
        or(
          ids.length ? inArray(postings.id, ids) : undefined,
          codes.length ? inArray(postings.code, codes) : undefined,
        ),
      ),
    )
    .all();
  return new Map(found.flatMap(({ id, code }) => [[String(id), id] as const, [code, id] as const]));
}

/** Forgets visitors of days before `beforeDay` (they only ever matter on their own day). */
export function forgetViewVisitors(db: Db, beforeDay: string) {
  return db.delete(postingViewVisitors).where(lt(postingViewVisitors.day, beforeDay));
}

/** Views per day since `fromDay` (inclusive), oldest first. */
export function viewsPerDay(db: Db, postingId: number, fromDay: string) {
  return db
    .select({ day: postingViewsDaily.day, views: postingViewsDaily.views })
    .from(postingViewsDaily)
    .where(and(eq(postingViewsDaily.postingId, postingId), gte(postingViewsDaily.day, fromDay)))
    .orderBy(asc(postingViewsDaily.day))
    .all();
}

/** The posting's owner, dealership and status: enough to decide who may see or change it. */
export function findPostingAccess(db: Db, code: string) {
  return db
    .select({
      ...postingAccessColumns,
      viewsTotal: postings.viewsTotal,
    })
    .from(postings)
    .where(byCodeOrId(code))
    .get();
}

/** Current prices for the running-cost calculator. */
export function listVehicleCostPrices(db: Db) {
  return db.select().from(vehicleCostPrices).orderBy(asc(vehicleCostPrices.key)).all();
}

/** The magazine article shown on a posting: the first current article by position. */
function featuredArticleQuery(db: Db, now: Placeholder<"now">) {
  return db
    .select({
      id: articles.id,
      code: articles.code,
      title: articles.title,
      summary: articles.summary,
      moreLink: articles.moreLink,
      imageKey: articles.imageKey,
    })
    .from(articles)
    .where(or(isNull(articles.expiresAt), gt(articles.expiresAt, now)))
    .orderBy(asc(articles.position), desc(articles.id))
    .limit(1);
}

/** Image object keys of postings (R2), for the PDF. */
export function imageKeysOf(db: Db, postingId: number, limit: number) {
  return db
    .select({ key: postingFiles.objectKey, mimeType: postingFiles.mimeType })
    .from(postingFiles)
    .where(
      and(
        eq(postingFiles.postingId, postingId),
        inArray(postingFiles.fileType, ["EXTERIOR_PICTURE", "INTERIOR_PICTURE"]),
      ),
    )
    .orderBy(asc(postingFiles.sortOrder), asc(postingFiles.id))
    .limit(limit)
    .all();
}

/** One click on the leasing partner's link, counted per posting and day. */
export async function countLeasingClick(db: Db, postingId: number, day: string) {
  await db
    .insert(leasingClicks)
    .values({ postingId, day, clicks: 1 })
    .onConflictDoUpdate({
      target: [leasingClicks.postingId, leasingClicks.day],
      set: { clicks: sql`${leasingClicks.clicks} + 1` },
    });
}
