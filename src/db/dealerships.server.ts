import { and, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { manufacturers } from "./schema/catalogue";
import { dealershipNetworks, dealerships } from "./schema/dealerships";
import { postings } from "./schema/postings";

/** A dealership's public page data by its code, with the network and its published stock's counts. */
export async function findPublicDealership(db: Db, code: string) {
  const row = await db
    .select({ dealer: dealerships, networkName: dealershipNetworks.name })
    .from(dealerships)
    .leftJoin(dealershipNetworks, eq(dealershipNetworks.id, dealerships.networkId))
    .where(eq(dealerships.code, code))
    .get();
  if (!row) return null;
  const [stats, brandRows] = await Promise.all([
    db
      .select({ published: count(), views: sql<number>`coalesce(sum(${postings.viewsTotal}), 0)` })
      .from(postings)
      .where(
        and(
          eq(postings.dealershipId, row.dealer.id),
          eq(postings.status, "PUBLISHED"),
          eq(postings.hidePosting, false),
        ),
      )
      .get(),
    row.dealer.brands.length
      ? db
          .select({ code: manufacturers.code, name: manufacturers.name })
          .from(manufacturers)
          .where(inArray(manufacturers.code, row.dealer.brands))
          .all()
      : Promise.resolve([]),
  ]);
  return { ...row, published: stats?.published ?? 0, views: Number(stats?.views ?? 0), brands: brandRows };
}

/** The dealership behind a page code, with what the page editor needs: its id and current pictures. */
export function findDealershipByCode(db: Db, code: string) {
  return db
    .select({
      id: dealerships.id,
      code: dealerships.code,
      logoKey: dealerships.logoKey,
      bannerKey: dealerships.bannerKey,
    })
    .from(dealerships)
    .where(eq(dealerships.code, code))
    .get();
}

export type DealershipPageUpdate = Partial<
  Pick<
    typeof dealerships.$inferInsert,
    | "publicName"
    | "address"
    | "postalCode"
    | "city"
    | "email"
    | "phone"
    | "webPage"
    | "facebook"
    | "instagram"
    | "tiktok"
    | "youtube"
    | "weekdayFrom"
    | "weekdayTo"
    | "saturdayFrom"
    | "saturdayTo"
    | "openingHours"
    | "brands"
    | "logoKey"
    | "bannerKey"
  >
>;

const sameKey = (
  column: typeof dealerships.logoKey | typeof dealerships.bannerKey,
  key: string | null,
): SQL | undefined => (key === null ? isNull(column) : eq(column, key));

/**
 * Writes the page fields in one statement; with `expected` pictures, only while the row still has
 * them (two editors replacing a picture at once cannot both win). Answers whether the row changed.
 */
export async function updateDealershipPage(
  db: Db,
  id: number,
  values: DealershipPageUpdate,
  expected?: { logoKey: string | null; bannerKey: string | null },
) {
  const where = expected
    ? and(
        eq(dealerships.id, id),
        sameKey(dealerships.logoKey, expected.logoKey),
        sameKey(dealerships.bannerKey, expected.bannerKey),
      )
    : eq(dealerships.id, id);
  const rows = await db
    .update(dealerships)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(where)
    .returning({ id: dealerships.id });
  return rows.length > 0;
}

/** Whether any dealership or network row still shows this R2 object (seeded pictures may be shared). */
export async function isPictureInUse(db: Db, key: string) {
  const [dealer, network] = await Promise.all([
    db
      .select({ id: dealerships.id })
      .from(dealerships)
      .where(or(eq(dealerships.logoKey, key), eq(dealerships.bannerKey, key)))
      .limit(1)
      .get(),
    db
      .select({ id: dealershipNetworks.id })
      .from(dealershipNetworks)
      .where(or(eq(dealershipNetworks.logoKey, key), eq(dealershipNetworks.bannerKey, key)))
      .limit(1)
      .get(),
  ]);
  return Boolean(dealer ?? network);
}
