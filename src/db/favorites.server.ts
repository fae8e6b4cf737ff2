import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { favorites } from "./schema/engagement";
import { postings } from "./schema/postings";

/**
 * A posting a buyer may like: published (or sold, still visible with includeSold) and not hidden. `shownPrice` is
 * the price a buyer sees now: none while it is "Po dogovoru" (the amount kept is the seller's; decision 088, session 23).
 */
export function findLikeablePosting(db: Db, code: string) {
  return db
    .select({
      id: postings.id,
      status: postings.status,
      shownPrice: sql<number | null>`CASE WHEN ${postings.priceType} <> 'NEGOTIABLE' THEN ${postings.searchPrice} END`,
    })
    .from(postings)
    .where(and(eq(postings.code, code), eq(postings.hidePosting, false)))
    .get();
}

/** Adds a like (idempotent: liking twice keeps the first price). */
export async function addFavorite(db: Db, userId: number, postingId: number, priceAtLike: number | null) {
  await db.insert(favorites).values({ userId, postingId, priceAtLike }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: number, postingId: number) {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.postingId, postingId)));
}

/**
 * Adds the signed-out favourites to the user's list in one statement: only published, visible postings, the
 * price they show now (none while "Po dogovoru"); ones already liked keep their first price (idempotent). Answers the ids now liked.
 */
export async function mergeFavorites(db: Db, userId: number, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const inList = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  await db.run(
    sql`INSERT INTO ${favorites} (user_id, posting_id, price_at_like)
      SELECT ${userId}, ${postings.id},
        CASE WHEN ${postings.priceType} <> 'NEGOTIABLE' THEN ${postings.searchPrice} END FROM ${postings}
      WHERE ${postings.code} IN (${inList}) AND ${postings.status} = 'PUBLISHED' AND ${postings.hidePosting} = 0
      ON CONFLICT DO NOTHING`,
  );
  const rows = await db.select({ id: favorites.postingId }).from(favorites).where(eq(favorites.userId, userId)).all();
  return rows.map((r) => r.id);
}
