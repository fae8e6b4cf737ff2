import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { postingViewsDaily } from "./schema/engagement";
import { postings } from "./schema/postings";

/** Views per day summed over all of a dealership's postings since `fromDay` (days without views are absent). */
export function stockViewsPerDay(db: Db, dealershipId: number, fromDay: string) {
  return db
    .select({ day: postingViewsDaily.day, views: sql<number>`sum(${postingViewsDaily.views})` })
    .from(postingViewsDaily)
    .innerJoin(postings, eq(postings.id, postingViewsDaily.postingId))
    .where(and(eq(postings.dealershipId, dealershipId), gte(postingViewsDaily.day, fromDay)))
    .groupBy(postingViewsDaily.day)
    .orderBy(asc(postingViewsDaily.day))
    .all();
}

/** Total views of a dealership's postings (all time). */
export async function stockViewsTotal(db: Db, dealershipId: number) {
  const row = await db
    .select({ total: sql<number>`coalesce(sum(${postings.viewsTotal}), 0)` })
    .from(postings)
    .where(eq(postings.dealershipId, dealershipId))
    .get();
  return Number(row?.total ?? 0);
}
