import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { FeaturingPackage, PricingItem } from "~/domain/featuring";
import { featuringMaxDays } from "~/domain/featuring";
import type { Db } from "./client.server";
import { insertWhere } from "./insert-where.server";
import { dealerships } from "./schema/dealerships";
import { creditDayLedger, featuringPurchases, paymentEvents, pricingItems } from "./schema/featuring";
import { postings } from "./schema/postings";

const dayMs = 86_400_000;

/** Active price rows, by package and days. */
export async function listActivePricingItems(db: Db): Promise<PricingItem[]> {
  const rows = await db
    .select({
      id: pricingItems.id,
      package: pricingItems.package,
      days: pricingItems.days,
      pricePerDay: pricingItems.pricePerDay,
      requiresMembership: pricingItems.requiresMembership,
    })
    .from(pricingItems)
    .where(eq(pricingItems.active, true))
    .orderBy(asc(pricingItems.package), asc(pricingItems.days))
    .all();
  return rows;
}

const byCodeOrId = (codeOrId: string) =>
  /^\d{1,12}$/.test(codeOrId) ? eq(postings.id, Number(codeOrId)) : eq(postings.code, codeOrId);

/** A posting with what featuring needs: owner, dealership (and its credit days), status and featured state. */
export function findPostingForFeaturing(db: Db, codeOrId: string) {
  return db
    .select({
      id: postings.id,
      code: postings.code,
      userId: postings.userId,
      dealershipId: postings.dealershipId,
      status: postings.status,
      featuredUntil: postings.featuredUntil,
      featuredPackage: postings.featuredPackage,
      featuredCancelled: postings.featuredCancelled,
      hiddenVin: postings.hiddenVin,
      creditDays: dealerships.advertisingDays,
      manufacturerName: sql<string | null>`(SELECT name FROM manufacturers WHERE id = ${postings.manufacturerId})`,
      modelName: sql<string | null>`(SELECT name FROM base_models WHERE id = ${postings.baseModelId})`,
    })
    .from(postings)
    .leftJoin(dealerships, eq(dealerships.id, postings.dealershipId))
    .where(byCodeOrId(codeOrId))
    .get();
}

export type PostingForFeaturing = NonNullable<Awaited<ReturnType<typeof findPostingForFeaturing>>>;

/** A new purchase (PENDING until paid or redeemed); answers its id. */
export async function insertPurchase(
  db: Db,
  values: {
    postingId: number;
    userId: number;
    pricingItemId: number;
    package: FeaturingPackage;
    days: number;
    amount: number;
    provider: string;
    successUrl?: string;
    cancelUrl?: string;
  },
): Promise<number> {
  const [row] = await db.insert(featuringPurchases).values(values).returning({ id: featuringPurchases.id });
  if (!row) throw new Error("purchase not inserted");
  return row.id;
}

/**
 * A card purchase, inserted only while the posting has no other card checkout open (PENDING and
 * younger than `openMinutes`) when the insert runs: parallel or repeated checkouts cannot each be
 * paid for the same free days (issue 19, rule 10). Answers the id, or null when one is open.
 */
export async function insertCardPurchase(
  db: Db,
  values: {
    postingId: number;
    userId: number;
    pricingItemId: number;
    package: FeaturingPackage;
    days: number;
    amount: number;
    provider: string;
    successUrl?: string;
    cancelUrl?: string;
  },
  now: Date,
  openMinutes: number,
): Promise<number | null> {
  const since = new Date(now.getTime() - openMinutes * 60_000).toISOString();
  const noneOpen = sql`NOT EXISTS (SELECT 1 FROM featuring_purchases open WHERE open.posting_id = ${values.postingId} AND open.status = 'PENDING' AND open.provider IN ('stripe', 'local') AND open.created_at > ${since})`;
  const [row] = await db.all<{ id: number }>(
    insertWhere(featuringPurchases, { ...values, createdAt: now.toISOString() }, noneOpen, sql`id`),
  );
  return row?.id ?? null;
}

/** Whether the posting has a card checkout open (the page says so instead of offering another). */
export async function hasOpenCheckout(db: Db, postingId: number, now: Date, openMinutes: number): Promise<boolean> {
  const since = new Date(now.getTime() - openMinutes * 60_000).toISOString();
  const row = await db
    .select({ id: featuringPurchases.id })
    .from(featuringPurchases)
    .where(
      and(
        eq(featuringPurchases.postingId, postingId),
        eq(featuringPurchases.status, "PENDING"),
        inArray(featuringPurchases.provider, ["stripe", "local"]),
        gt(featuringPurchases.createdAt, since),
      ),
    )
    .get();
  return row !== undefined;
}

/** The posting's latest paid card purchase: what it delivered and refunded (the success page says so). */
export function latestPaidPurchase(db: Db, postingId: number) {
  return db
    .select({
      days: featuringPurchases.days,
      deliveredDays: featuringPurchases.deliveredDays,
      surplusDays: featuringPurchases.surplusDays,
      refundAmount: featuringPurchases.refundAmount,
      refundStatus: featuringPurchases.refundStatus,
      fulfilledAt: featuringPurchases.fulfilledAt,
    })
    .from(featuringPurchases)
    .where(and(eq(featuringPurchases.postingId, postingId), eq(featuringPurchases.status, "PAID")))
    .orderBy(desc(featuringPurchases.fulfilledAt), desc(featuringPurchases.id))
    .get();
}

/**
 * The latest purchase of featuring for a posting by one user that went through or is waiting for the
 * provider's confirmation (paid by card, redeemed free or with credit days, or a card checkout still
 * open): the success page's "days bought" come from here, never from its query.
 */
export function latestPurchaseBy(db: Db, postingId: number, userId: number) {
  return db
    .select({
      id: featuringPurchases.id,
      days: featuringPurchases.days,
      deliveredDays: featuringPurchases.deliveredDays,
      status: featuringPurchases.status,
    })
    .from(featuringPurchases)
    .where(
      and(
        eq(featuringPurchases.postingId, postingId),
        eq(featuringPurchases.userId, userId),
        inArray(featuringPurchases.status, ["PAID", "REDEEMED", "PENDING"]),
      ),
    )
    .orderBy(desc(featuringPurchases.id))
    .get();
}

/** Records how the refund of a purchase's surplus ended (REFUNDED with the provider's id, or FAILED for support). */
export async function recordRefund(
  db: Db,
  purchaseId: number,
  outcome: { status: "REFUNDED"; refundId: string } | { status: "FAILED" },
) {
  await db
    .update(featuringPurchases)
    .set({ refundStatus: outcome.status, refundId: outcome.status === "REFUNDED" ? outcome.refundId : null })
    .where(and(eq(featuringPurchases.id, purchaseId), eq(featuringPurchases.refundStatus, "PENDING")));
}

/** Remembers the provider's checkout session of a pending purchase. */
export async function setPurchaseSession(db: Db, purchaseId: number, sessionId: string) {
  await db
    .update(featuringPurchases)
    .set({ providerSessionId: sessionId })
    .where(eq(featuringPurchases.id, purchaseId));
}

/** Ends a purchase that never got paid (FAILED or CANCELLED); a paid one is left alone. */
export async function closePendingPurchase(db: Db, purchaseId: number, status: "FAILED" | "CANCELLED") {
  await db
    .update(featuringPurchases)
    .set({ status })
    .where(and(eq(featuringPurchases.id, purchaseId), eq(featuringPurchases.status, "PENDING")));
}

export function findPurchase(db: Db, purchaseId: number) {
  return db.select().from(featuringPurchases).where(eq(featuringPurchases.id, purchaseId)).get();
}

export function findPurchaseBySession(db: Db, sessionId: string) {
  return db.select().from(featuringPurchases).where(eq(featuringPurchases.providerSessionId, sessionId)).get();
}

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
 * 3. the event is stored. A replay or a second delivery for the same session changes nothing.
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

/** The posting's featured state now (after a write). */
export function featuredStateOf(db: Db, postingId: number) {
  return db
    .select({
      featuredUntil: postings.featuredUntil,
      featuredPackage: postings.featuredPackage,
      featuredCancelled: postings.featuredCancelled,
    })
    .from(postings)
    .where(eq(postings.id, postingId))
    .get();
}

/** Cancels featuring: the end moves to `until` (end of today) and the posting is marked cancelled. */
export async function cancelFeaturing(db: Db, postingId: number, until: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(postings)
    .set({ featuredUntil: sql`min(${postings.featuredUntil}, ${until})`, featuredCancelled: true })
    .where(and(eq(postings.id, postingId), sql`${postings.featuredUntil} > ${now.toISOString()}`))
    .returning({ id: postings.id });
  return rows.length > 0;
}

/** Clears the featured state of postings whose featuring has ended (the daily cron; running it twice changes nothing). */
export async function clearExpiredFeaturing(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(postings)
    .set({ featuredUntil: null, featuredPackage: null, featuredCancelled: false })
    .where(and(isNotNull(postings.featuredUntil), lte(postings.featuredUntil, now.toISOString())))
    .returning({ id: postings.id });
  return rows.length;
}

/** The dealership's credit-day ledger, newest first (tests and the admin's history). */
export function creditDayLedgerOf(db: Db, dealershipId: number) {
  return db
    .select()
    .from(creditDayLedger)
    .where(eq(creditDayLedger.dealershipId, dealershipId))
    .orderBy(sql`${creditDayLedger.id} DESC`)
    .all();
}

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
