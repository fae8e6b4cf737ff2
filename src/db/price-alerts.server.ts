/**
 * A buyer's e-mail when a favourite's price drops (issue 28, decision 088): the switch on the favourite,
 * and the queue the price trigger fills, claimed by one sender at a time.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { favorites } from "./schema/engagement";
import { priceAlertQueue } from "./schema/market";
import { postings } from "./schema/postings";
import { users } from "./schema/users";

/** Turns the alert on or off on the caller's own favourite; false when the posting is not their favourite. */
export async function setPriceAlert(db: Db, userId: number, postingId: number, on: boolean): Promise<boolean> {
  const rows = await db
    .update(favorites)
    .set({ priceAlert: on })
    .where(and(eq(favorites.userId, userId), eq(favorites.postingId, postingId)))
    .returning({ postingId: favorites.postingId });
  return rows.length > 0;
}

export type ClaimedPriceDrop = { userId: number; postingId: number; oldPrice: number; newPrice: number };

/**
 * Takes up to `limit` queued drops out of the queue in one statement (DELETE … RETURNING), so two senders
 * at once never take the same drop: each is e-mailed once.
 */
export async function claimPriceDrops(db: Db, limit = 100): Promise<ClaimedPriceDrop[]> {
  const { results } = await db.$client
    .prepare(
      `DELETE FROM price_alert_queue WHERE id IN (SELECT id FROM price_alert_queue ORDER BY id LIMIT ?1)
       RETURNING user_id AS userId, posting_id AS postingId, old_price AS oldPrice, new_price AS newPrice`,
    )
    .bind(limit)
    .all<ClaimedPriceDrop>();
  return results;
}

/**
 * Who gets each claimed drop and what the posting is: only a buyer who still has it as a favourite with the alert on,
 * while its price shows (published, not hidden, not "Po dogovoru").
 */
export async function priceDropRecipients(db: Db, drops: readonly ClaimedPriceDrop[]) {
  if (drops.length === 0) return [];
  return db
    .select({
      userId: favorites.userId,
      postingId: postings.id,
      email: users.email,
      make: manufacturers.name,
      model: baseModels.name,
      trimName: postings.trimName,
      status: postings.status,
      price: postings.searchPrice,
      told: favorites.priceAlertTold,
      toldAt: favorites.priceAlertToldAt,
    })
    .from(favorites)
    .innerJoin(users, eq(users.id, favorites.userId))
    .innerJoin(postings, eq(postings.id, favorites.postingId))
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .where(
      and(
        eq(favorites.priceAlert, true),
        eq(users.disabled, false),
        eq(postings.hidePosting, false),
        // Told only while the price shows: a drop queued before the seller went "Po dogovoru" (or took the car down)
        // would give away the amount the seller now keeps; it is told again, if still a cut, when the price shows.
        eq(postings.status, "PUBLISHED"),
        ne(postings.priceType, "NEGOTIABLE"),
        inArray(
          sql`${favorites.userId} || ':' || ${favorites.postingId}`,
          drops.map((d) => `${d.userId}:${d.postingId}`),
        ),
      ),
    );
}

/** Puts claimed drops back in the queue (their e-mail could not be sent). */
export async function requeuePriceDrops(db: Db, drops: readonly ClaimedPriceDrop[]) {
  if (drops.length === 0) return;
  await db.insert(priceAlertQueue).values(drops.map((d) => ({ ...d, createdAt: new Date().toISOString() })));
}

/** Remembers the price just e-mailed to a buyer about a posting: the reference for the next drop's floor. */
export async function rememberPriceTold(db: Db, userId: number, postingId: number, price: number, at: Date) {
  await db
    .update(favorites)
    .set({ priceAlertTold: price, priceAlertToldAt: at.toISOString() })
    .where(and(eq(favorites.userId, userId), eq(favorites.postingId, postingId)));
}
