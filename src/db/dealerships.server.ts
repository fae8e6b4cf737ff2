import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { dealershipNetworks, dealerships, manufacturers, postings } from "./schema";

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
      .where(and(eq(postings.dealershipId, row.dealer.id), eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false)))
      .get(),
    row.dealer.brands.length ? db.select({ code: manufacturers.code, name: manufacturers.name }).from(manufacturers).where(inArray(manufacturers.code, row.dealer.brands)).all() : Promise.resolve([]),
  ]);
  return { ...row, published: stats?.published ?? 0, views: Number(stats?.views ?? 0), brands: brandRows };
}
