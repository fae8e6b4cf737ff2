import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dealerships } from "~/db/schema/dealerships";
import { featuringPurchases, pricingItems } from "~/db/schema/featuring";
import { postings } from "~/db/schema/postings";
import type { OwnFeaturing } from "~/domain/featuring";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import type { SessionUser } from "~/domain/session";
import { abandonCheckout } from "~/services/featuring-payments.server";
import { sendFeaturingReceipt } from "~/services/featuring-receipt.server";
import { outboxEmailProvider } from "~/services/providers/email.server";
import {
  call,
  db,
  deliverPaymentEvent,
  emailsTo as receiptsTo,
  json,
  makeAndModel,
  openFeaturingCheckout as checkout,
  publishedPosting,
  purchaseOfSession as purchaseOf,
  signedInUser,
} from "./fixtures";

/**
 * Issue 23 (decision 062): after paying for featuring the seller gets one receipt e-mail with the package,
 * days, period, amount with VAT and the VAT in it, however often the payment's completion arrives; a
 * posting's featuring days are told to its seller only; only the seller's side changes its status.
 */
const day = 86_400_000;
const api = (path: string) => `/internal-api/v1${path}`;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

beforeAll(async () => {
  await db()
    .insert(pricingItems)
    // Durations of this file's own (14 and 60 days): the test database is shared, and other files price 7 and 30.
    .values([14, 60].map((days) => ({ package: "EXPOSED" as const, days, pricePerDay: 120 })))
    .onConflictDoNothing();
});

async function featuringSeller() {
  const seller = await signedInUser();
  const { maker, model } = await makeAndModel(`Receipt ${Date.now().toString(36)}`);
  const posting = await publishedPosting({
    userId: seller.user.id,
    manufacturerId: maker.id,
    baseModelId: model.id,
  });
  return { seller, posting, title: `${maker.name} ${model.name}` };
}

const paidEvent = (id: string, sessionId: string, amount: number) =>
  JSON.stringify({
    id,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid", amount_total: amount } },
  });

const deliver = deliverPaymentEvent;

const dateOf = (iso: string) => {
  const [y, m, d] = ljubljanaDay(new Date(iso)).split("-").map(Number);
  return `${d}. ${m}. ${y}`;
};

describe("the receipt of a paid featuring", () => {
  it("is one e-mail to the buyer with posting, package, days, period, amount with VAT, the VAT and an order number", async () => {
    const { seller, posting, title } = await featuringSeller();
    const sessionId = await checkout(posting.code, seller.cookie, 14);
    const paid = await call(api(`/dev/payments/${sessionId}/pay`), {
      method: "POST",
      headers: { cookie: seller.cookie },
    });
    expect(paid.status).toBe(200);

    const mails = await receiptsTo(seller.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Potrdilo o plačilu izpostavitve: ${title}`);
    const purchase = await purchaseOf(sessionId);
    expect(purchase?.receiptSentAt).not.toBeNull();
    const text = mail?.text ?? "";
    // 14 days × 1,20 € = 16,80 € with 22 % VAT: 3,03 € VAT, 13,77 € without.
    for (const line of [
      `Številka naročila: IZP-${String(purchase?.id).padStart(6, "0")}`,
      `Oglas: ${title}`,
      "Paket: Izpostavljeno",
      "Trajanje: 14 dni",
      `Obdobje izpostavitve: od ${dateOf(new Date().toISOString())} do ${dateOf(inDays(14))}`,
      "Znesek z DDV: 16,80 €",
      "Znesek brez DDV: 13,77 €",
      "DDV (22 %): 3,03 €",
      `/oglas/${posting.id}`,
    ])
      expect(text).toContain(line);
  });

  it("is sent once when the completion is replayed, delivered again and raced in parallel", async () => {
    const { seller, posting } = await featuringSeller();
    const sessionId = await checkout(posting.code, seller.cookie, 60);
    const event = paidEvent(`evt_receipt_${sessionId}`, sessionId, 7200);
    // The same event three times at once, another event for the same payment, and the test checkout's button again.
    const answers = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(event),
      deliver(paidEvent(`evt_receipt_again_${sessionId}`, sessionId, 7200)),
      call(api(`/dev/payments/${sessionId}/pay`), { method: "POST", headers: { cookie: seller.cookie } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    await deliver(event);
    const mails = await receiptsTo(seller.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Znesek z DDV: 72 €");
    expect(mails[0]?.text).toContain("DDV (22 %): 12,98 €");
    // The days were added once, too.
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(Date.parse(row?.featuredUntil ?? "")).toBeLessThanOrEqual(Date.now() + 60 * day);
  });

  it("that could not be sent is given back and sent by the next try, then never again", async () => {
    const { seller, posting } = await featuringSeller();
    const sessionId = await checkout(posting.code, seller.cookie, 14);
    await deliver(paidEvent(`evt_failing_${sessionId}`, sessionId, 1680));
    const purchase = await purchaseOf(sessionId);
    if (!purchase) throw new Error("no purchase");
    // The webhook sent it already: give the claim back as a failed send would, then fail once more.
    await db().update(featuringPurchases).set({ receiptSentAt: null }).where(eq(featuringPurchases.id, purchase.id));
    const failing = {
      email: {
        send: async () => {
          throw new Error("provider down");
        },
      },
      siteUrl: "https://avtotrg.si",
    };
    expect(await sendFeaturingReceipt(db(), failing, purchase.id)).toBe(false);
    const released = await db().select().from(featuringPurchases).where(eq(featuringPurchases.id, purchase.id)).get();
    expect(released?.receiptSentAt).toBeNull();
    const working = { email: outboxEmailProvider(db()), siteUrl: "https://avtotrg.si" };
    const [a, b] = await Promise.all([
      sendFeaturingReceipt(db(), working, purchase.id),
      sendFeaturingReceipt(db(), working, purchase.id),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await sendFeaturingReceipt(db(), working, purchase.id)).toBe(false);
    expect(await receiptsTo(seller.user.email)).toHaveLength(2);
  });

  it("is not sent for a cancelled checkout", async () => {
    const { seller, posting } = await featuringSeller();
    const sessionId = await checkout(posting.code, seller.cookie, 14);
    await call(api(`/dev/payments/${sessionId}/cancel`), { method: "POST", headers: { cookie: seller.cookie } });
    expect(await receiptsTo(seller.user.email)).toHaveLength(0);
  });
});

describe("back from the checkout with cancel", () => {
  const abandon = (code: string, cookie?: string) =>
    call(api(`/postings/${code}/checkout`), { method: "DELETE", headers: cookie ? { cookie } : {} });

  it("closes the buyer's open checkout, so a new one opens at once; someone else's is refused", async () => {
    const { seller, posting } = await featuringSeller();
    const sessionId = await checkout(posting.code, seller.cookie, 14);
    const stranger = await signedInUser();
    expect((await abandon(posting.code, stranger.cookie)).status).toBe(403);
    expect((await abandon(posting.code)).status).toBe(401);
    const [a, b] = await Promise.all([abandon(posting.code, seller.cookie), abandon(posting.code, seller.cookie)]);
    const answers = [await a.json(), await b.json()] as { cancelled: boolean }[];
    expect(answers.filter((x) => x.cancelled).length).toBeGreaterThanOrEqual(1);
    const row = await purchaseOf(sessionId);
    expect(row?.status).toBe("CANCELLED");
    // A late "paid" for the cancelled checkout adds no day and sends no receipt.
    await deliver(paidEvent(`evt_late_${sessionId}`, sessionId, 1680));
    expect(await receiptsTo(seller.user.email)).toHaveLength(0);
    expect(await checkout(posting.code, seller.cookie, 14)).toMatch(/^cs_local_/);
  });

  it("leaves a paid checkout alone and answers that nothing was cancelled", async () => {
    const { seller, posting } = await featuringSeller();
    const sessionId = await checkout(posting.code, seller.cookie, 14);
    await deliver(paidEvent(`evt_paid_${sessionId}`, sessionId, 1680));
    const res = await abandon(posting.code, seller.cookie);
    expect(await res.json()).toEqual({ cancelled: false });
    const row = await purchaseOf(sessionId);
    expect(row?.status).toBe("PAID");
  });

  it("keeps a checkout open when the provider will not expire it", async () => {
    const { seller, posting } = await featuringSeller();
    const sessionId = await checkout(posting.code, seller.cookie, 14);
    const refusing = {
      id: "local" as const,
      createCheckout: async () => ({ sessionId: "x", url: "x" }),
      refund: async () => ({ refundId: "x" }),
      verifyWebhook: async () => ({ id: "x", type: "x", data: { object: {} } }),
      expireCheckout: async () => {
        throw new Error("this session is complete");
      },
    };
    expect(await abandonCheckout(db(), refusing, posting.id, seller.user as SessionUser)).toEqual({
      cancelled: false,
    });
    const row = await purchaseOf(sessionId);
    expect(row?.status).toBe("PENDING");
  });
});

type Detail = { owner: { featuring: OwnFeaturing | null } | null; status: string };

describe("a posting's featuring days and status belong to its seller", () => {
  it("the seller's posting answer carries until when it is featured and that days are at stake; nobody else's does", async () => {
    const { seller, posting } = await featuringSeller();
    await db()
      .update(postings)
      .set({ featuredUntil: inDays(20), featuredPackage: "EXPOSED" })
      .where(eq(postings.id, posting.id));
    const as = async (cookie?: string) =>
      (await (await call(api(`/postings/${posting.code}`), cookie ? { headers: { cookie } } : {})).json()) as Detail;
    const own = await as(seller.cookie);
    expect(own.owner?.featuring).toEqual({
      untilDay: ljubljanaDay(new Date(Date.parse(inDays(20)) - 1)),
      daysLeft: 20,
      package: "EXPOSED",
      atStake: true,
    });
    const stranger = await signedInUser();
    const editor = await signedInUser({ amzsPostingEditor: true });
    for (const [who, answer] of [
      ["anonymous", await as()],
      ["another user", await as(stranger.cookie)],
      ["an editor", await as(editor.cookie)],
    ] as const) {
      expect(answer.owner, who).toBeNull();
      expect(JSON.stringify(answer), who).not.toContain("daysLeft");
    }

    // "Moji oglasi" names it too, for the seller's own list.
    const list = (await (await call(api("/draft?size=100"), { headers: { cookie: seller.cookie } })).json()) as {
      postings: { code: string; featuring: OwnFeaturing | null }[];
    };
    expect(list.postings.find((p) => p.code === posting.code)?.featuring).toMatchObject({
      daysLeft: 20,
      package: "EXPOSED",
      atStake: true,
    });
  });

  it("a cancelled featuring ending today puts no days at stake", async () => {
    const { seller, posting } = await featuringSeller();
    await db()
      .update(postings)
      .set({ featuredUntil: inDays(0.01), featuredPackage: "STANDARD", featuredCancelled: true })
      .where(eq(postings.id, posting.id));
    const own = (await (
      await call(api(`/postings/${posting.code}`), { headers: { cookie: seller.cookie } })
    ).json()) as Detail;
    expect(own.owner?.featuring?.atStake).toBe(false);
  });

  it("only the seller's side marks it sold: another user, another dealership and a forged status are refused; a double tap is one change", async () => {
    const { seller, posting } = await featuringSeller();
    const status = (cookie: string | undefined, body: unknown) =>
      call(api(`/postings/${posting.code}/status`), json(body, cookie));
    const stranger = await signedInUser();
    const [otherDealership] = await db()
      .insert(dealerships)
      .values({ name: "Drugi trgovec", code: `dr-${Date.now().toString(36)}` })
      .returning();
    const otherDealer = await signedInUser({ dealershipId: otherDealership?.id ?? null });
    expect((await status(undefined, { status: "SOLD" })).status).toBe(401);
    expect((await status(stranger.cookie, { status: "SOLD" })).status).toBe(403);
    expect((await status(otherDealer.cookie, { status: "SOLD" })).status).toBe(403);
    expect((await status(seller.cookie, { status: "DELETED" })).status).toBe(400);
    // A double tap (one with a forged owner in it): both answer 200, the posting is sold once and stays the seller's.
    const taps = await Promise.all([
      status(seller.cookie, { status: "SOLD" }),
      status(seller.cookie, { status: "SOLD", userId: stranger.user.id }),
    ]);
    expect(taps.map((r) => r.status)).toEqual([200, 200]);
    const row = await db().select().from(postings).where(eq(postings.id, posting.id)).get();
    expect(row?.status).toBe("SOLD");
    expect(row?.userId).toBe(seller.user.id);
    expect(row?.soldAt).not.toBeNull();
  });
});
