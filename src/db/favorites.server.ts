import { and, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { favorites } from "./schema/engagement";
import { postings } from "./schema/postings";

/** A posting a buyer may like: published (or sold, still visible with includeSold) and not hidden. */
export function findLikeablePosting(db: Db, code: string) {
  return db
    .select({ id: postings.id, status: postings.status, searchPrice: postings.searchPrice })
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
