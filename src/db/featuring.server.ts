import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { FeaturingPackage, PricingItem } from "~/domain/featuring";
import type { Db } from "./client.server";
import { byCodeOrId, postingAccessColumns } from "./posting-columns.server";
import { insertWhere } from "./insert-where.server";
import { dealerships } from "./schema/dealerships";
import { featuringPurchases, pricingItems } from "./schema/featuring";
import { postings } from "./schema/postings";
import { users } from "./schema/users";

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

/** Make and model of a posting, for headings, checkout lines and receipts. */
const titleColumns = {
  manufacturerName: sql<string | null>`(SELECT name FROM manufacturers WHERE id = ${postings.manufacturerId})`,
  modelName: sql<string | null>`(SELECT name FROM base_models WHERE id = ${postings.baseModelId})`,
};

/** A posting with what featuring needs: owner, dealership (and its credit days), status and featured state. */
export function findPostingForFeaturing(db: Db, codeOrId: string) {
  return db
    .select({
      ...postingAccessColumns,
      featuredUntil: postings.featuredUntil,
      featuredPackage: postings.featuredPackage,
      featuredCancelled: postings.featuredCancelled,
      hiddenVin: postings.hiddenVin,
      creditDays: dealerships.advertisingDays,
      ...titleColumns,
    })
    .from(postings)
    .leftJoin(dealerships, eq(dealerships.id, postings.dealershipId))
    .where(byCodeOrId(codeOrId))
    .get();
}

export type PostingForFeaturing = NonNullable<Awaited<ReturnType<typeof findPostingForFeaturing>>>;

/** A purchase as the buy step records it (PENDING until paid or redeemed). */
export type NewPurchase = {
  postingId: number;
  userId: number;
  pricingItemId: number;
  package: FeaturingPackage;
  days: number;
  amount: number;
  provider: string;
  successUrl?: string;
  cancelUrl?: string;
};

/** A new purchase (PENDING until paid or redeemed); answers its id. */
export async function insertPurchase(db: Db, values: NewPurchase): Promise<number> {
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
  values: NewPurchase,
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

/** One user's purchases of one posting, narrowed by `more`. */
const purchasesBy = (postingId: number, userId: number, ...more: SQL[]) =>
  and(eq(featuringPurchases.postingId, postingId), eq(featuringPurchases.userId, userId), ...more);

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
    .where(purchasesBy(postingId, userId, inArray(featuringPurchases.status, ["PAID", "REDEEMED", "PENDING"])))
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

/** The viewer's unpaid card checkout of a posting (the latest), if one is open. */
export function findOpenCheckoutBy(db: Db, postingId: number, userId: number) {
  const open = [eq(featuringPurchases.status, "PENDING"), isNotNull(featuringPurchases.providerSessionId)];
  return db
    .select({
      id: featuringPurchases.id,
      provider: featuringPurchases.provider,
      sessionId: featuringPurchases.providerSessionId,
    })
    .from(featuringPurchases)
    .where(purchasesBy(postingId, userId, ...open))
    .orderBy(desc(featuringPurchases.id))
    .get();
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

/**
 * Claims the receipt of a paid purchase (decision 062): answers what the receipt needs, or undefined when
 * it is not paid or another delivery of the same payment has claimed it already. One conditional write,
 * so replays and parallel deliveries get one receipt between them.
 */
export async function claimReceipt(db: Db, purchaseId: number, now: Date) {
  const [claimed] = await db
    .update(featuringPurchases)
    .set({ receiptSentAt: now.toISOString() })
    .where(
      and(
        eq(featuringPurchases.id, purchaseId),
        eq(featuringPurchases.status, "PAID"),
        isNull(featuringPurchases.receiptSentAt),
      ),
    )
    .returning({
      id: featuringPurchases.id,
      postingId: featuringPurchases.postingId,
      userId: featuringPurchases.userId,
      package: featuringPurchases.package,
      days: featuringPurchases.days,
      deliveredDays: featuringPurchases.deliveredDays,
      amount: featuringPurchases.amount,
      refundAmount: featuringPurchases.refundAmount,
      periodStart: featuringPurchases.periodStart,
      periodEnd: featuringPurchases.periodEnd,
      paidAt: featuringPurchases.fulfilledAt,
    });
  if (!claimed) return undefined;
  const who = await db
    .select({
      email: users.email,
      code: postings.code,
      ...titleColumns,
    })
    .from(featuringPurchases)
    .innerJoin(users, eq(users.id, featuringPurchases.userId))
    .innerJoin(postings, eq(postings.id, featuringPurchases.postingId))
    .where(eq(featuringPurchases.id, purchaseId))
    .get();
  return who ? { ...claimed, ...who } : undefined;
}

/** Gives a claimed receipt back when it could not be sent, so a later delivery of the payment sends it. */
export async function releaseReceipt(db: Db, purchaseId: number) {
  await db.update(featuringPurchases).set({ receiptSentAt: null }).where(eq(featuringPurchases.id, purchaseId));
}
