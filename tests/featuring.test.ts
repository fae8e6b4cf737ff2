import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dealerships } from "~/db/schema/dealerships";
import { creditDayLedger, featuringPurchases, paymentEvents, pricingItems } from "~/db/schema/featuring";
import { postings } from "~/db/schema/postings";
import type { BuyResult, PostingPricing } from "~/domain/featuring";
import { endOfLjubljanaDay } from "~/domain/ljubljana-time";
import { buyPricingItem } from "~/services/featuring.server";
import { paymentProvider, signLocalEvent } from "~/services/providers/payment.server";
import { runDailyJobs } from "~/services/scheduled.server";
import { call, db, json, publishedPosting, signedInUser } from "./fixtures";

const day = 86_400_000;
const api = (path: string) => `/internal-api/v1${path}`;
const get = (path: string, cookie?: string) => call(api(path), { headers: cookie ? { cookie } : {} });
const del = (path: string, cookie: string) => call(api(path), { method: "DELETE", headers: { cookie } });
const buy = (code: string, cookie: string, body: Record<string, unknown>) =>
  call(
    api(`/postings/${code}/buy-pricing-item`),
    json(
      {
        successUrl: `/oglasevanje/x/konec?days=${String(body.numberOfDays)}`,
        cancelUrl: "/oglasevanje/x/napaka",
        ...body,
      },
      cookie,
    ),
  );
const inDays = (n: number, from = Date.now()) => new Date(from + n * day).toISOString();
const postingOf = (id: number) => db().select().from(postings).where(eq(postings.id, id)).get();
const purchasesOf = (postingId: number) =>
  db().select().from(featuringPurchases).where(eq(featuringPurchases.postingId, postingId)).all();

beforeAll(async () => {
  const rows: (typeof pricingItems.$inferInsert)[] = [];
  for (const days of [7, 30, 90, 180]) rows.push({ package: "STANDARD", days, pricePerDay: 50 });
  for (const days of [7, 30]) rows.push({ package: "EXPOSED", days, pricePerDay: 100 });
  for (const days of [7, 30])
    rows.push({ package: "EXPOSED_MEMBERS", days, pricePerDay: 70, requiresMembership: true });
  rows.push({ package: "EXPOSED", days: 1, pricePerDay: 0 });
  await db().insert(pricingItems).values(rows).onConflictDoNothing();
});

/** A checkout.session event as Stripe sends it, for a purchase's session. */
function checkoutEvent(
  id: string,
  sessionId: string,
  amount: number,
  type = "checkout.session.completed",
  paymentStatus = "paid",
) {
  return JSON.stringify({
    id,
    object: "event",
    type,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: paymentStatus,
        amount_total: amount,
        currency: "eur",
      },
    },
  });
}

async function deliver(payload: string, signature?: string | null) {
  const sig = signature === undefined ? await signLocalEvent(payload) : signature;
  return call(api("/payments/webhook"), {
    method: "POST",
    headers: { "content-type": "application/json", ...(sig ? { "stripe-signature": sig } : {}) },
    body: payload,
  });
}

/** A seller with a published posting and an open card checkout for it. */
async function pendingPayment(days = 7, values: Partial<typeof postings.$inferInsert> = {}) {
  const seller = await signedInUser();
  const posting = await publishedPosting({ userId: seller.user.id, ...values });
  const res = await buy(posting.code, seller.cookie, { numberOfDays: days });
  const result = (await res.json()) as BuyResult;
  if (result.result !== "payment") throw new Error(`expected a payment, got ${JSON.stringify(result)}`);
  return { seller, posting, sessionId: result.sessionId, url: result.url };
}

describe("GET postings/{code}/pricing-items", () => {
  it("lists per-day price, total and free per package for the seller; the members' package is unavailable without a membership number", async () => {
    const seller = await signedInUser({ amzsMembershipNumber: null });
    const posting = await publishedPosting({ userId: seller.user.id });
    const res = await get(`/postings/${posting.code}/pricing-items`, seller.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PostingPricing;
    expect(body).toMatchObject({
      postId: posting.id,
      advertisingState: "NOT_ADVERTISED",
      remainingDays: 0,
      maxDays: 180,
      creditDays: null,
      canBuy: true,
    });
    const standard = body.packages.find((p) => p.package === "STANDARD");
    expect(standard?.options.map((o) => [o.days, o.pricePerDay, o.total, o.free])).toEqual([
      [7, 50, 350, false],
      [30, 50, 1500, false],
      [90, 50, 4500, false],
      [180, 50, 9000, false],
    ]);
    expect(body.packages.find((p) => p.package === "EXPOSED")?.options[0]).toMatchObject({
      days: 1,
      total: 0,
      free: true,
    });
    expect(body.packages.find((p) => p.package === "EXPOSED_MEMBERS")).toMatchObject({
      available: false,
      unavailableReason: "MEMBERSHIP_REQUIRED",
    });

    // A verified membership (decision 039): the number an admin verified is the one on the profile.
    const member = await signedInUser({ amzsMembershipNumber: "AMZS-123", amzsMembershipVerifiedNumber: "AMZS-123" });
    const own = await publishedPosting({ userId: member.user.id });
    const forMember = (await (
      await get(`/postings/${own.code}/pricing-items`, member.cookie)
    ).json()) as PostingPricing;
    expect(forMember.packages.find((p) => p.package === "EXPOSED_MEMBERS")).toMatchObject({
      available: true,
      unavailableReason: null,
    });
  });

  it("keeps the options to the posting's manager: 401 signed out, 403 for another user", async () => {
    const posting = await publishedPosting();
    expect((await get(`/postings/${posting.code}/pricing-items`)).status).toBe(401);
    const other = await signedInUser();
    const res = await get(`/postings/${posting.code}/pricing-items`, other.cookie);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("Izpostavitev lahko kupi le prodajalec oglasa.");
    expect((await buy(posting.code, other.cookie, { numberOfDays: 7 })).status).toBe(403);
    expect((await del(`/postings/${posting.code}/buy-pricing-item`, other.cookie)).status).toBe(403);
  });

  it("shows remaining days of a featured posting and only the top-ups that fit under 180 days", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({
      userId: seller.user.id,
      featuredUntil: inDays(100.5),
      featuredPackage: "STANDARD",
    });
    const body = (await (await get(`/postings/${posting.code}/pricing-items`, seller.cookie)).json()) as PostingPricing;
    expect(body).toMatchObject({
      advertisingState: "ADVERTISED",
      remainingDays: 101,
      maxDays: 79,
      featuredPackage: "STANDARD",
    });
    expect(body.packages.find((p) => p.package === "STANDARD")?.options.map((o) => [o.days, o.available])).toEqual([
      [7, true],
      [30, true],
      [90, false],
      [180, false],
    ]);
    const refused = await buy(posting.code, seller.cookie, { numberOfDays: 90 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("Oglas je lahko izpostavljen največ 180 dni.");
  });

  it("shows a dealer's posting with the dealership's advertising credit days", async () => {
    const [dealer] = await db()
      .insert(dealerships)
      .values({ name: "Avto Krediti d.o.o.", advertisingDays: 25 })
      .returning();
    const head = await signedInUser({ dealershipId: dealer?.id, dealershipRole: "HEAD" });
    const posting = await publishedPosting({ userId: head.user.id, dealershipId: dealer?.id });
    const body = (await (await get(`/postings/${posting.code}/pricing-items`, head.cookie)).json()) as PostingPricing;
    expect(body.creditDays).toBe(25);
    expect(
      body.packages.find((p) => p.package === "STANDARD")?.options.map((o) => [o.days, o.coveredByCreditDays]),
    ).toEqual([
      [7, true],
      [30, false],
      [90, false],
      [180, false],
    ]);
  });
});

describe("POST postings/{code}/buy-pricing-item", () => {
  it("redeems with the dealership's credit days: a negative ledger row, the balance decreased and the days added, no payment", async () => {
    const [dealer] = await db()
      .insert(dealerships)
      .values({ name: "Avto Dnevi d.o.o.", advertisingDays: 40 })
      .returning();
    if (!dealer) throw new Error("no dealer");
    const salesperson = await signedInUser({ dealershipId: dealer.id, dealershipRole: "SALESPERSON" });
    const posting = await publishedPosting({ userId: salesperson.user.id, dealershipId: dealer.id });
    const before = Date.now();
    const res = await buy(posting.code, salesperson.cookie, { numberOfDays: 30 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: "redeemed", days: 30 });
    const balance = await db()
      .select({ days: dealerships.advertisingDays })
      .from(dealerships)
      .where(eq(dealerships.id, dealer.id))
      .get();
    expect(balance?.days).toBe(10);
    const ledger = await db().select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, dealer.id)).all();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: -30, actorUserId: salesperson.user.id });
    const [purchase] = await purchasesOf(posting.id);
    expect(purchase).toMatchObject({ status: "REDEEMED", provider: "credit-days", amount: 0, days: 30 });
    expect(ledger[0]?.purchaseId).toBe(purchase?.id);
    const row = await postingOf(posting.id);
    expect(Date.parse(row?.featuredUntil ?? "")).toBeGreaterThanOrEqual(before + 30 * day - 1000);
    expect(row?.featuredPackage).toBe("STANDARD");

    // 10 days left: a 30-day option is paid by card instead, and the ledger stays as it was.
    const card = (await (await buy(posting.code, salesperson.cookie, { numberOfDays: 30 })).json()) as BuyResult;
    expect(card.result).toBe("payment");
    expect(
      await db().select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, dealer.id)).all(),
    ).toHaveLength(1);
  });

  it("redeems a free option at once", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const result = (await (
      await buy(posting.code, seller.cookie, { numberOfDays: 1, package: "EXPOSED" })
    ).json()) as BuyResult;
    expect(result).toMatchObject({ result: "redeemed", days: 1 });
    expect((await postingOf(posting.id))?.featuredPackage).toBe("EXPOSED");
  });

  it("opens the local test checkout for a card payment and adds nothing until the webhook says paid", async () => {
    const { posting, sessionId, url } = await pendingPayment(7);
    expect(sessionId).toMatch(/^cs_local_/);
    expect(url).toBe(`http://localhost/dev/placilo/${sessionId}`);
    const [purchase] = await purchasesOf(posting.id);
    expect(purchase).toMatchObject({
      status: "PENDING",
      provider: "local",
      amount: 350,
      providerSessionId: sessionId,
      successUrl: "http://localhost/oglasevanje/x/konec?days=7",
    });
    expect((await postingOf(posting.id))?.featuredUntil).toBeNull();
  });

  it("refuses the members' package without a membership number, drafts, unknown options and foreign return addresses", async () => {
    const seller = await signedInUser({ amzsMembershipNumber: null });
    const posting = await publishedPosting({ userId: seller.user.id });
    const members = await buy(posting.code, seller.cookie, { numberOfDays: 7, package: "EXPOSED_MEMBERS" });
    expect(members.status).toBe(400);
    expect(((await members.json()) as { fieldErrors: { field: string }[] }).fieldErrors[0]?.field).toBe("package");
    expect((await buy(posting.code, seller.cookie, { numberOfDays: 8 })).status).toBe(400);
    expect(
      (await buy(posting.code, seller.cookie, { numberOfDays: 7, successUrl: "https://evil.example/ok" })).status,
    ).toBe(400);
    expect((await buy(posting.code, seller.cookie, { numberOfDays: 7, cancelUrl: "//evil.example/no" })).status).toBe(
      400,
    );
    expect((await buy(posting.code, seller.cookie, { numberOfDays: "7" })).status).toBe(400);
    const draft = await publishedPosting({ userId: seller.user.id, status: "DRAFT" });
    expect((await buy(draft.code, seller.cookie, { numberOfDays: 7 })).status).toBe(409);
    expect(await purchasesOf(posting.id)).toHaveLength(0);
  });

  it("answers failed when no card payment provider can be created", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    expect(await paymentProvider({}, "http://localhost")).toBeNull();
    expect(await paymentProvider({ STRIPE_SECRET_KEY: "sk_test_only_half" }, "http://localhost")).toBeNull();
    const result = await buyPricingItem(
      db(),
      posting.code,
      { ...seller.user, dealershipRole: null },
      { numberOfDays: 7, successUrl: "/a", cancelUrl: "/b" },
      { origins: ["http://localhost"], provider: () => paymentProvider({}, "http://localhost") },
    );
    expect(result).toEqual({
      result: "failed",
      message: "Prišlo je do napake pri plačilu. Prosimo poskusite ponovno kasneje.",
    });
    expect((await purchasesOf(posting.id))[0]?.status).toBe("FAILED");
    expect((await postingOf(posting.id))?.featuredUntil).toBeNull();
  });
});

describe("POST payments/webhook", () => {
  it("rejects a bad or missing signature with 400 and adds nothing", async () => {
    const { posting, sessionId } = await pendingPayment(7);
    const payload = checkoutEvent("evt_bad_1", sessionId, 350);
    const forged = await signLocalEvent(checkoutEvent("evt_bad_1", sessionId, 1)); // signed for another body
    for (const signature of [forged, null, "t=1,v1=deadbeef"]) {
      const res = await deliver(payload, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Podpis obvestila o plačilu ni veljaven.");
    }
    expect((await postingOf(posting.id))?.featuredUntil).toBeNull();
    expect((await purchasesOf(posting.id))[0]?.status).toBe("PENDING");
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, "evt_bad_1")).all()).toHaveLength(0);
  });

  it("fulfils once: a replayed event and a duplicate delivery for the same session add the days only once", async () => {
    const { posting, sessionId } = await pendingPayment(7);
    const before = Date.now();
    const payload = checkoutEvent(`evt_once_${sessionId}`, sessionId, 350);
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, fulfilled: true });
    const until = (await postingOf(posting.id))?.featuredUntil ?? "";
    expect(Date.parse(until)).toBeGreaterThanOrEqual(before + 7 * day - 1000);
    expect(Date.parse(until)).toBeLessThanOrEqual(Date.now() + 7 * day + 1000);

    // The same event again (a replay), then the same payment under a new event id (Stripe retries),
    // then both at once.
    expect(await (await deliver(payload)).json()).toEqual({ received: true, fulfilled: false });
    expect(await (await deliver(checkoutEvent(`evt_dup_${sessionId}`, sessionId, 350))).json()).toEqual({
      received: true,
      fulfilled: false,
    });
    const parallel = await Promise.all([
      deliver(payload),
      deliver(checkoutEvent(`evt_dup2_${sessionId}`, sessionId, 350)),
    ]);
    expect(parallel.map((r) => r.status)).toEqual([200, 200]);
    expect((await postingOf(posting.id))?.featuredUntil).toBe(until);
    const [purchase] = await purchasesOf(posting.id);
    expect(purchase).toMatchObject({ status: "PAID" });
    expect(purchase?.fulfilledAt).not.toBeNull();
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, purchase?.id ?? 0))
      .all();
    expect(events.map((e) => e.eventId).sort()).toEqual(
      [`evt_dup2_${sessionId}`, `evt_dup_${sessionId}`, `evt_once_${sessionId}`].sort(),
    );
  });

  it("never features past 180 days from now: a second checkout is refused while the first is open (decision 038)", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({
      userId: seller.user.id,
      featuredUntil: inDays(60),
      featuredPackage: "STANDARD",
    });
    // 90 + 90 on top of 60 would be 240: the second checkout does not open while the first can be paid.
    const a = (await (await buy(posting.code, seller.cookie, { numberOfDays: 90 })).json()) as BuyResult;
    if (a.result !== "payment") throw new Error("expected a payment");
    expect((await buy(posting.code, seller.cookie, { numberOfDays: 90 })).status).toBe(409);
    await deliver(checkoutEvent(`evt_cap_a_${a.sessionId}`, a.sessionId, 4500));
    const until = Date.parse((await postingOf(posting.id))?.featuredUntil ?? "");
    expect(until).toBeLessThanOrEqual(Date.now() + 150 * day + 1000);
    const body = (await (await get(`/postings/${posting.code}/pricing-items`, seller.cookie)).json()) as PostingPricing;
    expect(body.maxDays).toBe(30);
    expect(body.packages.every((p) => p.options.every((o) => o.available === o.days <= 30))).toBe(true);
  });

  it("ignores a paid event whose amount differs from the purchase, and closes an expired checkout", async () => {
    const { posting, sessionId } = await pendingPayment(7);
    expect(await (await deliver(checkoutEvent(`evt_amt_${sessionId}`, sessionId, 1))).json()).toEqual({
      received: true,
      fulfilled: false,
    });
    expect((await postingOf(posting.id))?.featuredUntil).toBeNull();
    await deliver(checkoutEvent(`evt_exp_${sessionId}`, sessionId, 350, "checkout.session.expired", "unpaid"));
    expect((await purchasesOf(posting.id))[0]?.status).toBe("CANCELLED");
    // A late "paid" for a cancelled checkout adds nothing either.
    await deliver(checkoutEvent(`evt_late_${sessionId}`, sessionId, 350));
    expect((await postingOf(posting.id))?.featuredUntil).toBeNull();
  });
});

describe("local test checkout", () => {
  it("pays through the signed webhook path and returns to the success page; cancel returns to the cancel page", async () => {
    const { seller, posting, sessionId } = await pendingPayment(7);
    const page = await get(`/dev/payments/${sessionId}`, seller.cookie);
    expect(await page.json()).toMatchObject({ sessionId, postId: posting.id, days: 7, amount: 350, status: "PENDING" });
    const other = await signedInUser();
    expect((await get(`/dev/payments/${sessionId}`, other.cookie)).status).toBe(403);
    const paid = await call(api(`/dev/payments/${sessionId}/pay`), {
      method: "POST",
      headers: { cookie: seller.cookie },
    });
    expect(await paid.json()).toEqual({ redirectUrl: "http://localhost/oglasevanje/x/konec?days=7" });
    expect((await purchasesOf(posting.id))[0]?.status).toBe("PAID");
    expect((await postingOf(posting.id))?.featuredUntil).not.toBeNull();
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, (await purchasesOf(posting.id))[0]?.id ?? 0))
      .all();
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed"]);

    const second = await pendingPayment(7);
    const cancelled = await call(api(`/dev/payments/${second.sessionId}/cancel`), {
      method: "POST",
      headers: { cookie: second.seller.cookie },
    });
    expect(await cancelled.json()).toEqual({ redirectUrl: "http://localhost/oglasevanje/x/napaka" });
    expect((await purchasesOf(second.posting.id))[0]?.status).toBe("CANCELLED");
    expect((await postingOf(second.posting.id))?.featuredUntil).toBeNull();
  });
});

describe("DELETE postings/{code}/buy-pricing-item", () => {
  it("keeps the posting featured to the end of today (Ljubljana), marks it cancelled and says so", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({
      userId: seller.user.id,
      featuredUntil: inDays(20),
      featuredPackage: "EXPOSED",
    });
    const res = await del(`/postings/${posting.code}/buy-pricing-item`, seller.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; featuredUntil: string };
    expect(body.message).toBe("Preklic izpostavitve uspešna. Oglas bo ostal izpostavljen še tekoči dan");
    const row = await postingOf(posting.id);
    expect(row?.featuredCancelled).toBe(true);
    expect(row?.featuredUntil).toBe(endOfLjubljanaDay(new Date()).toISOString());
    // Still featured today: first in search.
    const pricing = (await (
      await get(`/postings/${posting.code}/pricing-items`, seller.cookie)
    ).json()) as PostingPricing;
    expect(pricing).toMatchObject({
      advertisingState: "ADVERTISED_NON_CANCELLABLE",
      featuredCancelled: true,
      remainingDays: 1,
    });

    // Nothing left to cancel: the failure message.
    const again = await del(`/postings/${posting.code}/buy-pricing-item`, seller.cookie);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe("Napaka pri preklicu izpostavitve");
    const never = await publishedPosting({ userId: seller.user.id });
    expect(
      ((await (await del(`/postings/${never.code}/buy-pricing-item`, seller.cookie)).json()) as { message: string })
        .message,
    ).toBe("Napaka pri preklicu izpostavitve");
  });

  it("buying again after a cancel features the posting anew", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({
      userId: seller.user.id,
      featuredUntil: inDays(20),
      featuredPackage: "EXPOSED",
    });
    await del(`/postings/${posting.code}/buy-pricing-item`, seller.cookie);
    const result = (await (
      await buy(posting.code, seller.cookie, { numberOfDays: 1, package: "EXPOSED" })
    ).json()) as BuyResult;
    expect(result.result).toBe("redeemed");
    const row = await postingOf(posting.id);
    expect(row?.featuredCancelled).toBe(false);
    expect(row?.featuredUntil).toBe(new Date(endOfLjubljanaDay(new Date()).getTime() + day).toISOString());
  });
});

describe("featuring expiry (daily cron)", () => {
  it("clears the featured state of postings whose featuring ended, and running it twice changes nothing more", async () => {
    const ended = await publishedPosting({
      featuredUntil: inDays(-0.01),
      featuredPackage: "STANDARD",
      featuredCancelled: true,
    });
    const running = await publishedPosting({ featuredUntil: inDays(3), featuredPackage: "EXPOSED" });
    const first = await runDailyJobs(env);
    expect(first.featuringEnded).toBeGreaterThanOrEqual(1);
    expect(await postingOf(ended.id)).toMatchObject({
      featuredUntil: null,
      featuredPackage: null,
      featuredCancelled: false,
    });
    expect(await postingOf(running.id)).toMatchObject({ featuredPackage: "EXPOSED" });
    const second = await runDailyJobs(env);
    expect(second.featuringEnded).toBe(0);
  });
});

describe("search priority", () => {
  it("puts a posting featured through a paid checkout first in default-sorted search", async () => {
    const seller = await signedInUser();
    const [dealer] = await db()
      .insert(dealerships)
      .values({ name: "Iskalni trgovec", code: `iskanje-${Date.now().toString(36)}` })
      .returning();
    const older = await publishedPosting({ userId: seller.user.id, dealershipId: dealer?.id, publishedAt: inDays(-3) });
    const newer = await publishedPosting({ dealershipId: dealer?.id, publishedAt: inDays(-1) });
    const res = await buy(older.code, seller.cookie, { numberOfDays: 7 });
    const { sessionId } = (await res.json()) as { sessionId: string };
    await deliver(checkoutEvent(`evt_search_${sessionId}`, sessionId, 350));
    // (Searched only now: counts are cached for a minute, so a new featuring may take that long to show.)
    const results = (
      (await (await get(`/marketplace/search?dealerCode=${dealer?.code ?? ""}`)).json()) as {
        results: { postId: number; featured: boolean }[];
      }
    ).results;
    // Newest first by default, yet the older featured posting leads.
    expect(results.map((r) => [r.postId, r.featured])).toEqual([
      [older.id, true],
      [newer.id, false],
    ]);
  });
});
