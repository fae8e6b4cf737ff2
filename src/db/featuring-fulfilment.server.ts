import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import { featuringMaxDays } from "~/domain/featuring";
import type { Db } from "./client.server";
import { dealerships } from "./schema/dealerships";
import { creditDayLedger, featuringPurchases, paymentEvents } from "./schema/featuring";
import { postings } from "./schema/postings";

/** Featuring's days delivered: a paid purchase fulfilled, a free option or credit days redeemed. */

const dayMs = 86_400_000;

const pending = (purchaseId: number) =>
  sql`EXISTS (SELECT 1 FROM featuring_purchases WHERE id = ${purchaseId} AND status = 'PENDING')`;

/**
 * The new featured_until in SQL, the same sum as `extendFeaturedUntil`: days added to the current
 * end (or to now), capped at 180 days from now. Evaluated inside the write, so two purchases
 * fulfilled one after the other both count.
 */
function extendedUntil(days: number, now: Date): SQL {
  const nowIso = now.toISOString();
  const cap = new Date(now.getTime() + featuringMaxDays * dayMs).toISOString();
  return sql`min(strftime('%Y-%m-%dT%H:%M:%fZ', max(coalesce(${postings.featuredUntil}, ${nowIso}), ${nowIso}), ${`+${days} days`}), ${cap})`;
}

function featurePosting(db: Db, purchase: { postingId: number; days: number; package: string }, now: Date, guard: SQL) {
  return db
    .update(postings)
    .set({
      featuredUntil: extendedUntil(purchase.days, now),
      featuredPackage: purchase.package,
      featuredCancelled: false,
    })
    .where(and(eq(postings.id, purchase.postingId), guard));
}

/** The posting's current end, or now when it is not featured: what bought days are added to. */
const baseOf = (postingId: number, nowIso: string) =>
  sql`max(coalesce((SELECT featured_until FROM postings WHERE id = ${postingId}), ${nowIso}), ${nowIso})`;

/**
 * Whole days that still fit under the 180-day ceiling on top of the posting's current end, as
 * SQLite sees it when the statement runs (a millisecond of slack so an exact fit is not lost).
 */
const fittingDays = (postingId: number, now: Date) => {
  const cap = new Date(now.getTime() + featuringMaxDays * dayMs).toISOString();
  // A posting with a hidden VIN is never promoted (spec section 5): no day fits, a payment is refunded whole.
  return sql`CASE WHEN (SELECT hidden_vin FROM postings WHERE id = ${postingId}) = 1 THEN 0 ELSE max(0, CAST(julianday(${cap}) - julianday(${baseOf(postingId, now.toISOString())}) + 0.00001 AS INTEGER)) END`;
};

export type Fulfilment =
  | { fulfilled: false }
  | { fulfilled: true; deliveredDays: number; surplusDays: number; refundAmount: number };

/**
 * Fulfils a paid purchase exactly once, in one batch, and never sells days past the ceiling:
 * 1. the purchase becomes PAID (only while PENDING and this event id is new) with the days that
 *    still fit as SQLite computes them now, the surplus and its refund in cents recorded on it;
 * 2. the posting gets exactly the delivered days (nothing when none fit), guarded by this event;
 * 3. the purchase records the period those days cover (for the receipt);
 * 4. the event is stored. A replay or a second delivery for the same session changes nothing.
 */
export async function fulfilPaidPurchase(
  db: Db,
  event: { id: string; type: string },
  purchase: { id: number; postingId: number; days: number; amount: number; package: string },
  now: Date,
): Promise<Fulfilment> {
  const nowIso = now.toISOString();
  const fresh = sql`NOT EXISTS (SELECT 1 FROM payment_events WHERE event_id = ${event.id})`;
  const delivered = sql`min(${purchase.days}, ${fittingDays(purchase.postingId, now)})`;
  const refund = sql`CAST(round(${purchase.amount} * (${purchase.days} - ${delivered}) * 1.0 / ${purchase.days}) AS INTEGER)`;
  const deliveredOfThisEvent = sql`(SELECT delivered_days FROM featuring_purchases WHERE id = ${purchase.id} AND fulfilled_event_id = ${event.id})`;
  const [paid] = await db.batch([
    db
      .update(featuringPurchases)
      .set({
        status: "PAID",
        fulfilledAt: nowIso,
        fulfilledEventId: event.id,
        deliveredDays: delivered,
        surplusDays: sql`${purchase.days} - ${delivered}`,
        refundAmount: refund,
        refundStatus: sql`CASE WHEN ${refund} > 0 THEN 'PENDING' END`,
      })
      .where(and(eq(featuringPurchases.id, purchase.id), eq(featuringPurchases.status, "PENDING"), fresh))
      .returning({
        deliveredDays: featuringPurchases.deliveredDays,
        surplusDays: featuringPurchases.surplusDays,
        refundAmount: featuringPurchases.refundAmount,
      }),
    db
      .update(postings)
      .set({
        featuredUntil: sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${baseOf(purchase.postingId, nowIso)}, '+' || ${deliveredOfThisEvent} || ' days')`,
        featuredPackage: purchase.package,
        featuredCancelled: false,
      })
      .where(and(eq(postings.id, purchase.postingId), sql`${deliveredOfThisEvent} > 0`, fresh)),
    // The period these days cover, for the receipt (decision 062): up to the posting's new end, back by the days.
    db
      .update(featuringPurchases)
      .set({
        periodEnd: sql`(SELECT featured_until FROM postings WHERE id = ${purchase.postingId})`,
        periodStart: sql`strftime('%Y-%m-%dT%H:%M:%fZ', (SELECT featured_until FROM postings WHERE id = ${purchase.postingId}), '-' || ${featuringPurchases.deliveredDays} || ' days')`,
      })
      .where(
        and(
          eq(featuringPurchases.id, purchase.id),
          eq(featuringPurchases.fulfilledEventId, event.id),
          sql`${featuringPurchases.deliveredDays} > 0`,
          fresh,
        ),
      ),
    db
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, purchaseId: purchase.id, receivedAt: nowIso })
      .onConflictDoNothing(),
  ]);
  const row = paid[0];
  if (!row) return { fulfilled: false };
  return {
    fulfilled: true,
    deliveredDays: row.deliveredDays ?? 0,
    surplusDays: row.surplusDays,
    refundAmount: row.refundAmount,
  };
}

/** Stores an event that needs no fulfilment (answers false when it was seen before). */
export async function recordPaymentEvent(
  db: Db,
  event: { id: string; type: string },
  purchaseId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, purchaseId, receivedAt: now.toISOString() })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length > 0;
}

/**
 * Pays a pending purchase with the dealership's advertising credit days, all in one batch: a
 * ledger row with the negative amount (only while the balance covers it), the balance decreased,
 * the posting's days added and the purchase REDEEMED. Each step is guarded by the ledger row of
 * this purchase, so a balance spent meanwhile leaves everything untouched. Answers whether it was redeemed.
 */
export async function redeemWithCreditDays(
  db: Db,
  purchase: { id: number; postingId: number; days: number; package: string },
  dealershipId: number,
  actorUserId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const spent = sql`EXISTS (SELECT 1 FROM credit_day_ledger WHERE purchase_id = ${purchase.id})`;
  const guard = and(spent, pending(purchase.id)) ?? sql`0`;
  const [, , , redeemed] = await db.batch([
    db.insert(creditDayLedger).select(
      db
        .select({
          // Every column in table order (drizzle's insert-select rule); NULL lets SQLite number the row.
          id: sql<number>`NULL`.as("id"),
          dealershipId: dealerships.id,
          amount: sql<number>`${-purchase.days}`.as("amount"),
          reason: sql<string>`${reason}`.as("reason"),
          purchaseId: sql<number>`${purchase.id}`.as("purchase_id"),
          actorUserId: sql<number>`${actorUserId}`.as("actor_user_id"),
          createdAt: sql<string>`${nowIso}`.as("created_at"),
        })
        .from(dealerships)
        // Credit days are spent only for days that fit under the ceiling when this runs (rule 10).
        .where(
          and(
            eq(dealerships.id, dealershipId),
            gte(dealerships.advertisingDays, purchase.days),
            pending(purchase.id),
            sql`NOT ${spent}`,
            sql`${fittingDays(purchase.postingId, now)} >= ${purchase.days}`,
          ),
        ),
    ),
    db
      .update(dealerships)
      .set({ advertisingDays: sql`${dealerships.advertisingDays} - ${purchase.days}` })
      .where(and(eq(dealerships.id, dealershipId), guard)),
    featurePosting(db, purchase, now, guard),
    db
      .update(featuringPurchases)
      .set({ status: "REDEEMED", fulfilledAt: nowIso })
      .where(and(eq(featuringPurchases.id, purchase.id), eq(featuringPurchases.status, "PENDING"), spent))
      .returning({ id: featuringPurchases.id }),
  ]);
  return redeemed.length > 0;
}

/** A free option: the posting's days added and the purchase REDEEMED in one batch. */
export async function redeemFree(
  db: Db,
  purchase: { id: number; postingId: number; days: number; package: string },
  now: Date,
): Promise<boolean> {
  const [, redeemed] = await db.batch([
    featurePosting(db, purchase, now, pending(purchase.id)),
    db
      .update(featuringPurchases)
      .set({ status: "REDEEMED", fulfilledAt: now.toISOString() })
      .where(and(eq(featuringPurchases.id, purchase.id), eq(featuringPurchases.status, "PENDING")))
      .returning({ id: featuringPurchases.id }),
  ]);
  return redeemed.length > 0;
}
