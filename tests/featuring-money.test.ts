import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appConfig } from "~/app.config";
import { dealerships } from "~/db/schema/dealerships";
import { creditDayLedger, featuringPurchases, pricingItems } from "~/db/schema/featuring";
import { postings } from "~/db/schema/postings";
import type { BuyResult, PostingPricing } from "~/domain/featuring";
import { call, db, json, publishedPosting, signedInUser, deliverPaymentEvent } from "./fixtures";

/**
 * Issue 19, rule 10: money is never taken for nothing. Featuring ends at most 180 days from now;
 * days that cannot be delivered are never sold (one open checkout per posting, the insert holds
 * it), a payment that lands when its days no longer fit is delivered in part and the rest refunded
 * (recorded on the purchase), and dealership credit days are spent only for days that fit.
 */
const day = 86_400_000;
const api = (path: string) => `/internal-api/v1${path}`;
const buy = (code: string, cookie: string, body: Record<string, unknown>) =>
  call(
    api(`/postings/${code}/buy-pricing-item`),
    json({ successUrl: "/oglasevanje/x/konec", cancelUrl: "/oglasevanje/x/napaka", ...body }, cookie),
  );
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();
const postingOf = (id: number) => db().select().from(postings).where(eq(postings.id, id)).get();
const purchasesOf = (postingId: number) =>
  db()
    .select()
    .from(featuringPurchases)
    .where(eq(featuringPurchases.postingId, postingId))
    .orderBy(featuringPurchases.id)
    .all();
const paid = (id: string, sessionId: string, amount: number) =>
  JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        amount_total: amount,
        currency: "eur",
        payment_intent: `pi_${sessionId}`,
      },
    },
  });
const deliver = deliverPaymentEvent;

beforeAll(async () => {
  await db()
    .insert(pricingItems)
    .values([7, 30, 90, 180].map((days) => ({ package: "STANDARD" as const, days, pricePerDay: 50 })))
    .onConflictDoNothing();
});

describe("rule 10: one open card checkout per posting", () => {
  it("ten checkouts started at once open exactly one; the rest get 409 saying a payment is already open", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => buy(posting.code, seller.cookie, { numberOfDays: 90 })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const refused = (await responses.find((r) => r.status === 409)?.json()) as {
      message: string;
      errors: { code: string }[];
    };
    expect(refused.message).toBe(
      "Za ta oglas je plačilo že odprto. Dokončajte ga ali ga prekličite (neplačano poteče v 35 minutah), nato poskusite znova.",
    );
    expect((await purchasesOf(posting.id)).filter((p) => p.status === "PENDING")).toHaveLength(1);
    const pricing = (await (
      await call(api(`/postings/${posting.code}/pricing-items`), { headers: { cookie: seller.cookie } })
    ).json()) as PostingPricing;
    expect(pricing.openCheckout).toBe(true);
  });

  it("a cancelled checkout frees the posting for a new one", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const first = (await (await buy(posting.code, seller.cookie, { numberOfDays: 7 })).json()) as BuyResult;
    if (first.result !== "payment") throw new Error("expected a payment");
    expect((await buy(posting.code, seller.cookie, { numberOfDays: 7 })).status).toBe(409);
    expect(
      (
        await call(api(`/dev/payments/${first.sessionId}/cancel`), {
          method: "POST",
          headers: { cookie: seller.cookie },
        })
      ).status,
    ).toBeLessThan(300);
    expect((await buy(posting.code, seller.cookie, { numberOfDays: 7 })).status).toBe(200);
  });
});

describe("rule 10: a payment whose days no longer fit is delivered in part and the rest refunded", () => {
  it("two checkouts both paid beyond 180 days: the second gets the days that fit, the surplus is refunded and recorded", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({
      userId: seller.user.id,
      featuredUntil: inDays(60),
      featuredPackage: "STANDARD",
    });
    const a = (await (await buy(posting.code, seller.cookie, { numberOfDays: 90 })).json()) as BuyResult;
    if (a.result !== "payment") throw new Error("expected a payment");
    // The first checkout's window has passed (an async payment may still land): a second one opens.
    const old = new Date(Date.now() - (appConfig.limits.featuringCheckoutOpenMinutes + 1) * 60_000).toISOString();
    await db()
      .update(featuringPurchases)
      .set({ createdAt: old })
      .where(eq(featuringPurchases.providerSessionId, a.sessionId));
    const b = (await (await buy(posting.code, seller.cookie, { numberOfDays: 90 })).json()) as BuyResult;
    if (b.result !== "payment") throw new Error("expected a second payment");

    // Both land, even at once: 60 + 90 = 150, so only 30 of the second's 90 days fit.
    const [ra, rb] = await Promise.all([
      deliver(paid(`evt_a_${a.sessionId}`, a.sessionId, 4500)),
      deliver(paid(`evt_b_${b.sessionId}`, b.sessionId, 4500)),
    ]);
    expect([ra?.status, rb?.status]).toEqual([200, 200]);
    const until = Date.parse((await postingOf(posting.id))?.featuredUntil ?? "");
    expect(until).toBeLessThanOrEqual(Date.now() + 180 * day);
    expect(until).toBeGreaterThan(Date.now() + 179 * day);
    const purchases = await purchasesOf(posting.id);
    expect(purchases.map((p) => p.status)).toEqual(["PAID", "PAID"]);
    const delivered = purchases.reduce((sum, p) => sum + (p.deliveredDays ?? 0), 0);
    expect(delivered).toBe(120);
    const surplus = purchases.find((p) => p.surplusDays > 0);
    expect(surplus).toMatchObject({ deliveredDays: 30, surplusDays: 60, refundAmount: 3000, refundStatus: "REFUNDED" });
    expect(surplus?.refundId).toMatch(/^re_local_/);
    // Money kept = days delivered × price: nothing is taken for days that were not given.
    expect(purchases.reduce((sum, p) => sum + p.amount - p.refundAmount, 0)).toBe(120 * 50);

    const pricing = (await (
      await call(api(`/postings/${posting.code}/pricing-items`), { headers: { cookie: seller.cookie } })
    ).json()) as PostingPricing;
    expect(pricing.lastPayment).toMatchObject({ surplusDays: 60, refund: 3000, refundStatus: "REFUNDED" });
  });

  it("a payment with no room left at all features nothing more and refunds everything", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({
      userId: seller.user.id,
      featuredUntil: inDays(170),
      featuredPackage: "STANDARD",
    });
    const a = (await (await buy(posting.code, seller.cookie, { numberOfDays: 7 })).json()) as BuyResult;
    if (a.result !== "payment") throw new Error("expected a payment");
    const full = inDays(180);
    await db().update(postings).set({ featuredUntil: full }).where(eq(postings.id, posting.id));
    await deliver(paid(`evt_full_${a.sessionId}`, a.sessionId, 350));
    expect((await postingOf(posting.id))?.featuredUntil).toBe(full);
    const [purchase] = await purchasesOf(posting.id);
    expect(purchase).toMatchObject({
      status: "PAID",
      deliveredDays: 0,
      surplusDays: 7,
      refundAmount: 350,
      refundStatus: "REFUNDED",
    });
  });
});

describe("rule 10: dealership credit days are never double-spent or spent past the ceiling", () => {
  async function dealerPosting(creditDays: number, featuredDays: number | null) {
    const [dealer] = await db()
      .insert(dealerships)
      .values({ name: "Kreditna hiša d.o.o.", advertisingDays: creditDays })
      .returning();
    if (!dealer) throw new Error("no dealer");
    const head = await signedInUser({ dealershipId: dealer.id, dealershipRole: "HEAD" });
    const posting = await publishedPosting({
      userId: head.user.id,
      dealershipId: dealer.id,
      privatePosting: false,
      ...(featuredDays === null ? {} : { featuredUntil: inDays(featuredDays), featuredPackage: "STANDARD" }),
    });
    return { dealer, head, posting };
  }
  const balanceOf = async (id: number) =>
    (await db().select({ days: dealerships.advertisingDays }).from(dealerships).where(eq(dealerships.id, id)).get())
      ?.days;

  it("ten parallel 30-day redemptions from 100 credit days: three succeed, the balance and ledger agree", async () => {
    const { dealer, head, posting } = await dealerPosting(100, null);
    const results = (await Promise.all(
      Array.from({ length: 10 }, async () => (await buy(posting.code, head.cookie, { numberOfDays: 30 })).json()),
    )) as BuyResult[];
    expect(results.filter((r) => r.result === "redeemed")).toHaveLength(3);
    expect(await balanceOf(dealer.id)).toBe(10);
    const ledger = await db().select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, dealer.id)).all();
    expect(ledger.reduce((sum, l) => sum + l.amount, 0)).toBe(-90);
    const until = Date.parse((await postingOf(posting.id))?.featuredUntil ?? "");
    expect(Math.round((until - Date.now()) / day)).toBe(90);
  });

  it("ten parallel 7-day redemptions with only 20 days left under the ceiling: credit is spent only for the two that fit", async () => {
    const { dealer, head, posting } = await dealerPosting(100, 160);
    const results = (await Promise.all(
      Array.from({ length: 10 }, async () => (await buy(posting.code, head.cookie, { numberOfDays: 7 })).json()),
    )) as BuyResult[];
    expect(results.filter((r) => r.result === "redeemed")).toHaveLength(2);
    expect(await balanceOf(dealer.id)).toBe(86);
    const until = Date.parse((await postingOf(posting.id))?.featuredUntil ?? "");
    expect(Math.round((until - Date.now()) / day)).toBe(174);
  });
});
