/**
 * Issue 20, "Guards and dialogs" (the API side): each test does what a user (or someone editing the
 * address bar) would and fails if the hole reopens. The success page's days come from the purchase,
 * never from `?days=` (decision 044); a cancelled featuring names today, in the API answer and in
 * the price list the pages show; a spent sign-in link leads back to the page it was asked for.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { featuringPurchases, pricingItems } from "~/db/schema/featuring";
import { loginTokens } from "~/db/schema/users";
import { featuredLastDay, type BuyResult, type PostingPricing } from "~/domain/featuring";
import { endOfLjubljanaDay } from "~/domain/ljubljana-time";
import { sha256Hex } from "~/lib/crypto";
import { call, db, json, linkToken, openEmailLink, publishedPosting, signedInUser } from "./fixtures";

const api = (path: string) => `/internal-api/v1${path}`;
const get = (path: string, cookie?: string) => call(api(path), { headers: cookie ? { cookie } : {} });
const buy = (code: string, cookie: string, body: Record<string, unknown>) =>
  // The page's own return address carries a lie in ?days=: nothing on the server may believe it.
  call(
    api(`/postings/${code}/buy-pricing-item`),
    json({ successUrl: "/oglasevanje/x/konec?days=500", cancelUrl: "/oglasevanje/x/napaka", ...body }, cookie),
  );
const pricingOf = async (code: string, cookie: string) =>
  (await (await get(`/postings/${code}/pricing-items`, cookie)).json()) as PostingPricing;
const ljubljanaDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Ljubljana",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);

let n = 0;
const uid = () => `${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  const rows: (typeof pricingItems.$inferInsert)[] = [];
  for (const days of [7, 30, 90, 180]) rows.push({ package: "STANDARD", days, pricePerDay: 50 });
  rows.push({ package: "EXPOSED", days: 1, pricePerDay: 0 });
  await db().insert(pricingItems).values(rows).onConflictDoNothing();
});

describe("the success page's days are the purchase's (issue 20)", () => {
  it("no purchase yet: lastPurchase is null, whatever ?days= claims", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    expect((await pricingOf(posting.code, seller.cookie)).lastPurchase).toBeNull();
  });

  it("a free option redeemed: the days bought (1), not the 500 of the return address", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    expect(
      ((await (await buy(posting.code, seller.cookie, { numberOfDays: 1, package: "EXPOSED" })).json()) as BuyResult)
        .result,
    ).toBe("redeemed");
    expect((await pricingOf(posting.code, seller.cookie)).lastPurchase).toEqual({ days: 1, status: "REDEEMED" });
  });

  it("a card payment: 7 days pending until the provider confirms, then the days delivered", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const result = (await (await buy(posting.code, seller.cookie, { numberOfDays: 7 })).json()) as BuyResult;
    if (result.result !== "payment") throw new Error(`expected a payment, got ${JSON.stringify(result)}`);
    expect((await pricingOf(posting.code, seller.cookie)).lastPurchase).toEqual({ days: 7, status: "PENDING" });
    await call(api(`/dev/payments/${result.sessionId}/pay`), { method: "POST", headers: { cookie: seller.cookie } });
    expect((await pricingOf(posting.code, seller.cookie)).lastPurchase).toEqual({ days: 7, status: "PAID" });
  });

  it("a failed or cancelled checkout is not a purchase; another user's purchase is not this user's", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id });
    const result = (await (await buy(posting.code, seller.cookie, { numberOfDays: 7 })).json()) as BuyResult;
    if (result.result !== "payment") throw new Error("expected a payment");
    await call(api(`/dev/payments/${result.sessionId}/cancel`), { method: "POST", headers: { cookie: seller.cookie } });
    expect((await pricingOf(posting.code, seller.cookie)).lastPurchase).toBeNull();
    // A purchase row of someone else for the same posting (a colleague at a dealership) is not shown to this user.
    const other = await signedInUser();
    await db().insert(featuringPurchases).values({
      postingId: posting.id,
      userId: other.user.id,
      package: "STANDARD",
      days: 30,
      amount: 1500,
      status: "PAID",
      provider: "local",
      deliveredDays: 30,
    });
    expect((await pricingOf(posting.code, seller.cookie)).lastPurchase).toBeNull();
  });
});

describe("a cancelled featuring ends today (issue 20)", () => {
  it("the cancel answer and the price list name today's date (Europe/Ljubljana), as the message says", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({
      userId: seller.user.id,
      featuredUntil: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      featuredPackage: "STANDARD",
    });
    const res = await call(api(`/postings/${posting.code}/buy-pricing-item`), {
      method: "DELETE",
      headers: { cookie: seller.cookie },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; featuredUntil: string; featuredUntilDay: string };
    const today = ljubljanaDay(new Date());
    expect(body.message).toBe("Preklic izpostavitve uspešna. Oglas bo ostal izpostavljen še tekoči dan");
    expect(body.featuredUntil).toBe(endOfLjubljanaDay(new Date()).toISOString());
    expect(body.featuredUntilDay).toBe(today);
    // The instant is tomorrow's local midnight; the date a page shows from it must still be today.
    expect(featuredLastDay(body.featuredUntil)).toBe(today);
    const pricing = await pricingOf(posting.code, seller.cookie);
    expect(pricing).toMatchObject({ featuredCancelled: true, remainingDays: 1, featuredUntilDay: today });
  });
});

describe("a spent sign-in link leads back to where it was asked for (issue 20)", () => {
  type Message = { to: string; link: string | null };
  const mailTo = async (address: string) => {
    const found = ((await (await call("/internal-api/v1/dev/outbox")).json()) as Message[]).find(
      (m) => m.to === address,
    );
    if (!found?.link) throw new Error(`no mail to ${address}`);
    return found.link;
  };
  const returnOf = (token: string) => call(api(`/login/email/link/return?token=${encodeURIComponent(token)}`));

  it("open link: 404 (it still signs in); used: the page it was asked for; unknown: 404", async () => {
    const address = `vrnitev-${uid()}@primer.si`;
    await call(api("/login/email"), json({ email: address, redirectUrl: "/nov-oglas?vin=1" }));
    const link = await mailTo(address);
    expect((await returnOf(linkToken(link))).status).toBe(404);
    expect((await openEmailLink(link)).status).toBe(200);
    const used = await returnOf(linkToken(link));
    expect(used.status).toBe(200);
    expect(await used.json()).toEqual({ redirectUrl: "/nov-oglas?vin=1" });
    expect((await returnOf("x".repeat(43))).status).toBe(404);
    expect((await returnOf("<script>")).status).toBe(404);
  });

  it("expired link: the page it was asked for, never another site", async () => {
    const address = `potekla-vrnitev-${uid()}@primer.si`;
    await call(api("/login/email"), json({ email: address, redirectUrl: "//zlobno.example/x" }));
    const token = linkToken(await mailTo(address));
    await db()
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(loginTokens.tokenHash, await sha256Hex(token)));
    const expired = await returnOf(token);
    expect(expired.status).toBe(200);
    expect(await expired.json()).toEqual({ redirectUrl: "/" });
  });
});
