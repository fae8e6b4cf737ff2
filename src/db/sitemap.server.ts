import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { dealerships } from "./schema/dealerships";
import { postings } from "./schema/postings";

const visible = and(eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false));

/** How many postings a search engine may list. */
export async function countListedPostings(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(postings).where(visible).get())?.n ?? 0;
}

/** One sitemap page (1-based) of listed postings, in id order. */
export function listedPostings(db: Db, page: number, size: number) {
  return db
    .select({ id: postings.id, updatedAt: postings.updatedAt })
    .from(postings)
    .where(visible)
    .orderBy(asc(postings.id))
    .limit(size)
    .offset((page - 1) * size)
    .all();
}

/** Every dealership's public page. */
export function listedDealerships(db: Db) {
  return db
    .select({ code: dealerships.code, updatedAt: dealerships.updatedAt })
    .from(dealerships)
    .orderBy(asc(dealerships.code))
    .all();
}
