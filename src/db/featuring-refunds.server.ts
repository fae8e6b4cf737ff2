import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { dealerships } from "./schema/dealerships";
import { creditDayLedger, featuringPurchases } from "./schema/featuring";
import { postings } from "./schema/postings";

const dayMs = 86_400_000;

/** A card refund owed after featuring ended early (the provider is called after the batch). */
export type OwedRefund = { purchaseId: number; sessionId: string | null; amount: number; days: number };

/**
 * Ends a posting's featuring because its VIN became hidden (spec section 5: a hidden VIN is not
 * promoted), crediting the whole days after today the way decision 038 handles a surplus: the
 * newest purchases give their days back first; a card purchase records the surplus and its refund
 * share (PENDING until the provider answers), a credit-day purchase gets its days back on the
 * dealership's ledger, a free one nothing. One batch, every statement guarded by the featured end
 * read here, so two parallel requests cannot credit twice. Answers the card refunds owed, or null
 * when the featuring changed meanwhile (nothing was written).
 */
export async function endFeaturingForHiddenVin(
  db: Db,
  posting: { id: number; dealershipId: number | null; featuredUntil: string },
  actorUserId: number,
  now: Date,
): Promise<OwedRefund[] | null> {
  let surplus = Math.max(0, Math.floor((Date.parse(posting.featuredUntil) - now.getTime()) / dayMs));
  const bought = await db
    .select()
    .from(featuringPurchases)
    .where(and(eq(featuringPurchases.postingId, posting.id), inArray(featuringPurchases.status, ["PAID", "REDEEMED"])))
    .orderBy(desc(featuringPurchases.fulfilledAt), desc(featuringPurchases.id))
    .all();
  const guard = sql`(SELECT featured_until FROM postings WHERE id = ${posting.id}) = ${posting.featuredUntil}`;
  const owed: OwedRefund[] = [];
  const statements = [];
  for (const p of bought) {
    if (surplus <= 0) break;
    const left = (p.deliveredDays ?? p.days) - (p.status === "PAID" ? p.surplusDays : 0);
    const take = Math.min(surplus, Math.max(0, left));
    if (take === 0) continue;
    surplus -= take;
    if (p.provider === "stripe" || p.provider === "local") {
      const share = Math.round((p.amount * take) / p.days);
      owed.push({ purchaseId: p.id, sessionId: p.providerSessionId, amount: share, days: take });
      statements.push(
        db
          .update(featuringPurchases)
          .set({
            surplusDays: sql`${featuringPurchases.surplusDays} + ${take}`,
            refundAmount: sql`${featuringPurchases.refundAmount} + ${share}`,
            refundStatus: "PENDING",
          })
          .where(and(eq(featuringPurchases.id, p.id), guard)),
      );
    } else if (p.provider === "credit-days" && posting.dealershipId !== null) {
      statements.push(
        db.insert(creditDayLedger).select(
          db
            .select({
              id: sql<number>`NULL`.as("id"),
              dealershipId: dealerships.id,
              amount: sql<number>`${take}`.as("amount"),
              reason: sql<string>`${"Skrita številka šasije: vrnjeni neizkoriščeni dnevi izpostavitve"}`.as("reason"),
              purchaseId: sql<number>`${p.id}`.as("purchase_id"),
              actorUserId: sql<number>`${actorUserId}`.as("actor_user_id"),
              createdAt: sql<string>`${now.toISOString()}`.as("created_at"),
            })
            .from(dealerships)
            .where(and(eq(dealerships.id, posting.dealershipId), guard)),
        ),
        db
          .update(dealerships)
          .set({ advertisingDays: sql`coalesce(${dealerships.advertisingDays}, 0) + ${take}` })
          .where(and(eq(dealerships.id, posting.dealershipId), guard)),
      );
    }
  }
  const end = db
    .update(postings)
    .set({ featuredUntil: null, featuredPackage: null, featuredCancelled: false })
    .where(and(eq(postings.id, posting.id), eq(postings.featuredUntil, posting.featuredUntil)))
    .returning({ id: postings.id });
  const results = await db.batch([...statements, end] as unknown as [typeof end]);
  const ended = results[results.length - 1] as { id: number }[];
  return ended.length > 0 ? owed : null;
}
