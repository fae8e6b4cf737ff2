// Issue 21: posting data that is always right. Each test performs the attack or the edge on one
// write path and fails if the rule stops holding there.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dealerships } from "~/db/schema/dealerships";
import { creditDayLedger, featuringPurchases, pricingItems } from "~/db/schema/featuring";
import { oauthTokens, partnerApplications } from "~/db/schema/partner-oauth";
import { postingPriceChanges } from "~/db/schema/market";
import { postingDetails, postingFiles, postings } from "~/db/schema/postings";
import { signLocalEvent } from "~/services/providers/payment.server";
import { findIntegrityViolations, integrityChecks } from "~/db/data-integrity.server";
import { env } from "cloudflare:workers";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { call, db, dealerUser, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type Body = { message: string; statusCode: number; fieldErrors: { field: string; kind: string; message: string }[] };
const api = "/internal-api/v1";
const send = (method: string, path: string, auth: string, body?: unknown) =>
  call(`${api}${path}`, {
    method,
    headers: {
      ...(auth.startsWith("Bearer ") ? { authorization: auth } : { cookie: auth }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

// Fresh VINs from a per-run counter: 17 allowed characters (no I, O, Q).
const vinAlphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
let vinCounter = Date.now() % 1_000_000_000;
const freshVin = (prefix = "TMBJJ7NE8J") => {
  let n = vinCounter++;
  let tail = "";
  for (let i = 0; i < 17 - prefix.length; i++) {
    tail = (vinAlphabet[n % vinAlphabet.length] ?? "0") + tail;
    n = Math.floor(n / vinAlphabet.length);
  }
  return prefix + tail;
};
const vinInvalid = "Številka šasije ni veljavna.";

async function createDraft(auth: string, body: Record<string, unknown>) {
  return send("POST", "/draft", auth, { hiddenVin: false, isPartialVin: false, ...body });
}

/** A draft with every field publishing needs. */
async function completeDraft(auth: string, vin: string | null, values: Record<string, unknown> = {}) {
  const { maker, model } = await makeAndModel();
  const created = await createDraft(auth, vin ? { vin } : { manufacturer: maker.code });
  expect(created.status).toBe(201);
  const { code } = (await created.json()) as { code: string };
  const saved = await send("POST", `/draft/${code}`, auth, {
    manufacturer: maker.code,
    model: model.code,
    modelYear: 2019,
    odometerKm: 85000,
    fuel: "DIESEL",
    priceType: "NORMAL",
    price: 1_249_000, // cents (decision 050)
    contactRegion: "LJUBLJANA",
    ...values,
  });
  expect(saved.status).toBe(200);
  return code;
}

const statusOf = async (code: string) =>
  (await db().select({ status: postings.status }).from(postings).where(eq(postings.code, code)).get())?.status;

/** A dealership head and a live partner token acting as them (decision 023), for the partner path. */
async function partnerToken() {
  const tag = `${Date.now().toString(36)}${vinCounter++}`;
  const [partner] = await db()
    .insert(partnerApplications)
    .values({
      code: `dms-r-${tag}`,
      name: `DMS ${tag}`,
      redirectUris: ["https://dms.example/cb"],
      clientSecretHash: await sha256Hex(tag),
    })
    .returning();
  const [shop] = await db()
    .insert(dealerships)
    .values({ name: `Trgovec ${tag}`, code: `pr-${tag}` })
    .returning();
  if (!partner || !shop) throw new Error("setup failed");
  const head = await signedInUser({ dealershipId: shop.id, dealershipRole: "HEAD" });
  const token = randomToken(32);
  await db()
    .insert(oauthTokens)
    .values({
      tokenHash: await sha256Hex(token),
      partnerId: partner.id,
      userId: head.user.id,
      dealershipId: shop.id,
      scope: "postings",
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
  return { head, bearer: `Bearer ${token}` };
}

describe("VIN: one rule on every path that stores one (spec section 5)", () => {
  it("create: normalises spaces, dashes and case; refuses O/I/Q and wrong lengths with the spec message", async () => {
    const seller = await signedInUser();
    const vin = freshVin();
    const spaced = `${vin.slice(0, 3).toLowerCase()} ${vin.slice(3, 8)}-${vin.slice(8)}`;
    const ok = await createDraft(seller.cookie, { vin: spaced });
    expect(ok.status).toBe(201);
    const { code } = (await ok.json()) as { code: string };
    expect((await db().select({ vin: postings.vin }).from(postings).where(eq(postings.code, code)).get())?.vin).toBe(
      vin,
    );
    for (const bad of [
      `${vin.slice(0, 16)}O`,
      `${vin.slice(0, 16)}I`,
      `${vin.slice(0, 16)}Q`,
      `${vin}7`,
      vin.slice(0, 16),
    ]) {
      const res = await createDraft(seller.cookie, { vin: bad });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Body;
      expect(body.fieldErrors).toContainEqual({ field: "vin", kind: "INVALID", message: vinInvalid });
    }
  });

  it("create: a whole VIN sent with isPartialVin is stored as whole; a partial one only shorter than 17", async () => {
    const seller = await signedInUser();
    const whole = await createDraft(seller.cookie, { vin: freshVin(), isPartialVin: true });
    expect(whole.status).toBe(201);
    const wholeDraft = (await (
      await send("GET", `/draft/${((await whole.json()) as { code: string }).code}`, seller.cookie)
    ).json()) as { isPartialVin: boolean };
    expect(wholeDraft.isPartialVin).toBe(false);
    const partial = await createDraft(seller.cookie, { vin: freshVin().slice(0, 12), isPartialVin: true });
    expect(partial.status).toBe(201);
    const partialDraft = (await (
      await send("GET", `/draft/${((await partial.json()) as { code: string }).code}`, seller.cookie)
    ).json()) as { isPartialVin: boolean };
    expect(partialDraft.isPartialVin).toBe(true);
    // A short VIN without the flag is not a VIN.
    expect((await createDraft(seller.cookie, { vin: freshVin().slice(0, 12) })).status).toBe(400);
  });

  it("update (POST draft/{code}): a VIN the create call refuses is refused here too, never stored or shown", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie, freshVin());
    for (const bad of ["WVWZZZ1KZ8W12345O", "<b>not-a-vin</b>", "WVWZZZ1KZ8W1234567", "ABC"]) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, { vin: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Body).fieldErrors).toContainEqual({
        field: "vin",
        kind: "INVALID",
        message: vinInvalid,
      });
    }
    const fine = freshVin();
    const res = await send("POST", `/draft/${code}`, seller.cookie, {
      vin: `${fine.slice(0, 5).toLowerCase()}-${fine.slice(5)}`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { vin: string }).vin).toBe(fine);
    // Partial on update: flagged and shorter than 17; a whole VIN sent as partial is whole.
    const partial = await send("POST", `/draft/${code}`, seller.cookie, { vin: fine.slice(0, 13), isPartialVin: true });
    expect(partial.status).toBe(200);
    expect(((await partial.json()) as { isPartialVin: boolean }).isPartialVin).toBe(true);
    const wholeAgain = await send("POST", `/draft/${code}`, seller.cookie, { vin: fine, isPartialVin: true });
    expect(((await wholeAgain.json()) as { isPartialVin: boolean }).isPartialVin).toBe(false);
    // The published page never shows a refused VIN.
    expect((await send("POST", `/draft/${code}/publish`, seller.cookie)).status).toBe(200);
    const page = (await (await call(`${api}/postings/${code}`)).json()) as { vin: string | null };
    expect(page.vin).toBe(fine);
  });

  it("partner calls (Bearer token): the same refusal on create and update", async () => {
    const { bearer } = await partnerToken();
    const refused = await createDraft(bearer, { vin: "WVWZZZ1KZ8W12345Q" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Body).fieldErrors[0]?.message).toBe(vinInvalid);
    const ok = await createDraft(bearer, { vin: freshVin() });
    expect(ok.status).toBe(201);
    const { code } = (await ok.json()) as { code: string };
    const update = await send("POST", `/draft/${code}`, bearer, { vin: "1234" });
    expect(update.status).toBe(400);
    expect(((await update.json()) as Body).fieldErrors[0]).toEqual({
      field: "vin",
      kind: "INVALID",
      message: vinInvalid,
    });
  });

  it("campaign routes: a look-up takes only a valid VIN (normalised), and a posting with a partial or malformed VIN cannot be claimed", async () => {
    const vin = freshVin("WVWZZZ1KZA");
    const lookUp = await call(`${api}/campaign-transfer-get/${vin.slice(0, 3).toLowerCase()}-${vin.slice(3)}`);
    expect(lookUp.status).toBe(200);
    expect(((await lookUp.json()) as { vin: string }).vin).toBe(vin);
    const bad = await call(`${api}/campaign-transfer-get/${vin.slice(0, 16)}O`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).fieldErrors[0]?.message).toBe(vinInvalid);
    // A legacy row with a partial VIN: a claim would record a VIN that names no one vehicle.
    const seller = await signedInUser();
    const partial = await publishedPosting({
      userId: seller.user.id,
      vin: vin.slice(0, 12),
      status: "SOLD",
      publishedAt: "2022-04-10T08:00:00.000Z",
    });
    const buyer = await signedInUser();
    const claim = await call(`${api}/campaign-transfer-claim/${partial.code}`, { headers: { cookie: buyer.cookie } });
    expect(claim.status).toBe(409);
  });

  it("model without a manufacturer: uses the draft's make, or answers 400; never drops the model silently", async () => {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const created = await createDraft(seller.cookie, { manufacturer: maker.code });
    const { code } = (await created.json()) as { code: string };
    const res = await send("POST", `/draft/${code}`, seller.cookie, { model: model.code });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { model: string }).model).toBe(model.code);
    const unknown = await send("POST", `/draft/${code}`, seller.cookie, { model: "ni-tega-modela" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Body).fieldErrors[0]?.field).toBe("model");
    // A draft without a make (a VIN the catalog does not know): a model alone is a 400.
    const noMake = await createDraft(seller.cookie, { vin: freshVin("XXXJJ7NE8J") });
    const noMakeCode = ((await noMake.json()) as { code: string }).code;
    const orphan = await send("POST", `/draft/${noMakeCode}`, seller.cookie, { model: model.code });
    expect(orphan.status).toBe(400);
    expect(((await orphan.json()) as Body).fieldErrors[0]).toMatchObject({ field: "manufacturer", kind: "MISSING" });
  });
});

describe("one published posting per VIN per user (spec section 5)", () => {
  it("publish: parallel publishes of two drafts with the same VIN publish exactly one", async () => {
    const seller = await signedInUser();
    const vin = freshVin();
    const a = await completeDraft(seller.cookie, vin);
    const b = await completeDraft(seller.cookie, null, { vin });
    const results = await Promise.all([a, b].map((code) => send("POST", `/draft/${code}/publish`, seller.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(((await refused!.json()) as Body).message).toBe("Vozilo s to številko šasije že imate objavljeno.");
    expect([await statusOf(a), await statusOf(b)].filter((s) => s === "PUBLISHED")).toHaveLength(1);
  });

  it("reactivation: REMOVED or EXPIRED → PUBLISHED is refused while another posting with the VIN is published (also in parallel)", async () => {
    const seller = await signedInUser();
    const vin = freshVin();
    const removed = await publishedPosting({ userId: seller.user.id, vin, status: "REMOVED" });
    const expired = await publishedPosting({ userId: seller.user.id, vin, status: "EXPIRED" });
    const live = await publishedPosting({ userId: seller.user.id, vin });
    for (const p of [removed, expired]) {
      const res = await send("POST", `/postings/${p.code}/status`, seller.cookie, { status: "PUBLISHED" });
      expect(res.status).toBe(409);
      expect(await statusOf(p.code)).not.toBe("PUBLISHED");
    }
    // The live one is taken down: now exactly one of the two parallel reactivations wins.
    expect((await send("POST", `/postings/${live.code}/status`, seller.cookie, { status: "REMOVED" })).status).toBe(
      200,
    );
    const results = await Promise.all(
      [removed, expired].map((p) => send("POST", `/postings/${p.code}/status`, seller.cookie, { status: "PUBLISHED" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const published = await db().select({ id: postings.id }).from(postings).where(eq(postings.vin, vin)).all();
    expect(
      (
        await Promise.all(
          published.map(
            async (r) =>
              (
                await db().select({ s: postings.status }).from(postings).where(eq(postings.id, r.id)).get()
              )?.s,
          ),
        )
      ).filter((s) => s === "PUBLISHED"),
    ).toHaveLength(1);
  });

  it("sold → published (cancel sale) and a dealer's activation obey the same rule", async () => {
    const shop = (
      await db()
        .insert(dealerships)
        .values({ name: "VIN d.o.o.", code: `vin-${vinCounter++}` })
        .returning()
    )[0];
    if (!shop) throw new Error("no dealership");
    const head = await signedInUser({ dealershipId: shop.id, dealershipRole: "HEAD" });
    const vin = freshVin();
    const sold = await publishedPosting({
      userId: head.user.id,
      dealershipId: shop.id,
      privatePosting: false,
      vin,
      status: "SOLD",
    });
    await publishedPosting({ userId: head.user.id, dealershipId: shop.id, privatePosting: false, vin });
    expect((await send("POST", `/postings/${sold.code}/status`, head.cookie, { status: "PUBLISHED" })).status).toBe(
      409,
    );
    expect(await statusOf(sold.code)).toBe("SOLD");
  });

  it("update: a published posting cannot take a VIN another published posting of its owner has (parallel too)", async () => {
    const seller = await signedInUser();
    const vin = freshVin();
    await publishedPosting({ userId: seller.user.id, vin });
    const a = await completeDraft(seller.cookie, freshVin());
    expect((await send("POST", `/draft/${a}/publish`, seller.cookie)).status).toBe(200);
    const res = await send("POST", `/draft/${a}`, seller.cookie, { vin });
    expect(res.status).toBe(409);
    expect((await db().select({ vin: postings.vin }).from(postings).where(eq(postings.code, a)).get())?.vin).not.toBe(
      vin,
    );
    // Two published postings racing to take the same new VIN: one wins.
    const b = await completeDraft(seller.cookie, freshVin());
    expect((await send("POST", `/draft/${b}/publish`, seller.cookie)).status).toBe(200);
    const target = freshVin();
    const results = await Promise.all(
      [a, b].map((code) => send("POST", `/draft/${code}`, seller.cookie, { vin: target })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("partial VINs never clash; another user's posting with the VIN does not block", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    const vin = freshVin();
    await publishedPosting({ userId: other.user.id, vin });
    const mine = await completeDraft(seller.cookie, vin);
    expect((await send("POST", `/draft/${mine}/publish`, seller.cookie)).status).toBe(200);
    const partial = vin.slice(0, 12);
    const p1 = await completeDraft(seller.cookie, null, { vin: partial, isPartialVin: true });
    const p2 = await completeDraft(seller.cookie, null, { vin: partial, isPartialVin: true });
    expect((await send("POST", `/draft/${p1}/publish`, seller.cookie)).status).toBe(200);
    expect((await send("POST", `/draft/${p2}/publish`, seller.cookie)).status).toBe(200);
    const details = await db()
      .select({ partial: postingDetails.isPartialVin })
      .from(postingDetails)
      .innerJoin(postings, eq(postings.id, postingDetails.postingId))
      .where(eq(postings.code, p1))
      .get();
    expect(details?.partial).toBe(true);
  });
});

describe("hidden VIN: no Promising badge, not promoted, filtered out on request (spec section 5)", () => {
  const buy = (code: string, cookie: string, body: Record<string, unknown>) =>
    send("POST", `/postings/${code}/buy-pricing-item`, cookie, {
      successUrl: "/oglasevanje/x/konec",
      cancelUrl: "/oglasevanje/x/napaka",
      ...body,
    });
  const paidEvent = (id: string, sessionId: string, amount: number) =>
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
  const deliver = async (payload: string) =>
    call(`${api}/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": (await signLocalEvent(payload)) ?? "" },
      body: payload,
    });

  beforeAll(async () => {
    await db()
      .insert(pricingItems)
      .values([7, 30, 90, 180].map((days) => ({ package: "STANDARD" as const, days, pricePerDay: 50 })))
      .onConflictDoNothing();
  });

  it("an editor cannot grant Promising to a hidden-VIN posting (400 in Slovenian); turning hide-VIN on removes it", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const hidden = await publishedPosting({ vin: freshVin(), hiddenVin: true });
    const grant = await send("POST", `/posting-review/${hidden.code}`, editor.cookie, {
      badgeVerified: false,
      badgeGoodBuy: false,
      badgePromising: true,
    });
    expect(grant.status).toBe(400);
    const body = (await grant.json()) as Body;
    expect(body.fieldErrors[0]).toEqual({
      field: "badgePromising",
      kind: "INVALID",
      message: "Značke Obetavno ni mogoče dodeliti oglasu s skrito številko šasije.",
    });
    expect(
      (await db().select({ b: postings.badgePromising }).from(postings).where(eq(postings.id, hidden.id)).get())?.b,
    ).toBe(false);

    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie, freshVin());
    await db().update(postings).set({ badgePromising: true }).where(eq(postings.code, code));
    const res = await send("POST", `/draft/${code}`, seller.cookie, { hiddenVin: true });
    expect(res.status).toBe(200);
    expect(
      (await db().select({ b: postings.badgePromising }).from(postings).where(eq(postings.code, code)).get())?.b,
    ).toBe(false);
  });

  it("featuring a hidden-VIN posting is refused with a clear Slovenian message, and a payment landing after the VIN was hidden is refunded whole", async () => {
    const seller = await signedInUser();
    const posting = await publishedPosting({ userId: seller.user.id, vin: freshVin() });
    const opened = (await (await buy(posting.code, seller.cookie, { numberOfDays: 7 })).json()) as {
      result: string;
      sessionId: string;
    };
    expect(opened.result).toBe("payment");
    await db().update(postings).set({ hiddenVin: true }).where(eq(postings.id, posting.id));
    const refused = await buy(posting.code, seller.cookie, { numberOfDays: 30 });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Body).message).toBe(
      "Oglasa s skrito številko šasije ni mogoče izpostaviti. Prikažite številko šasije in poskusite znova.",
    );
    // The checkout opened before is paid now: no day is delivered, the whole amount goes back.
    expect((await deliver(paidEvent(`evt_hv_${posting.id}`, opened.sessionId, 7 * 50))).status).toBe(200);
    const purchase = await db()
      .select()
      .from(featuringPurchases)
      .where(eq(featuringPurchases.postingId, posting.id))
      .get();
    expect(purchase).toMatchObject({
      status: "PAID",
      deliveredDays: 0,
      surplusDays: 7,
      refundAmount: 350,
      refundStatus: "REFUNDED",
    });
    expect(
      (await db().select({ f: postings.featuredUntil }).from(postings).where(eq(postings.id, posting.id)).get())?.f,
    ).toBeNull();
  }, 30_000); // the first checkout loads the payment SDK

  it("a featured posting that hides its VIN stops being featured; the days after today are refunded (card) or given back (credit days)", async () => {
    // Card: 30 days bought and paid, then the seller hides the VIN.
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie, freshVin());
    expect((await send("POST", `/draft/${code}/publish`, seller.cookie)).status).toBe(200);
    const id = (await db().select({ id: postings.id }).from(postings).where(eq(postings.code, code)).get())?.id ?? 0;
    const opened = (await (await buy(code, seller.cookie, { numberOfDays: 30 })).json()) as { sessionId: string };
    expect((await deliver(paidEvent(`evt_hv2_${id}`, opened.sessionId, 30 * 50))).status).toBe(200);
    expect(
      (await db().select({ f: postings.featuredUntil }).from(postings).where(eq(postings.id, id)).get())?.f,
    ).not.toBeNull();
    const hide = await Promise.all(
      [1, 2].map(() => send("POST", `/draft/${code}`, seller.cookie, { hiddenVin: true })),
    );
    expect(hide.map((r) => r.status)).toEqual([200, 200]);
    const after = await db().select().from(postings).where(eq(postings.id, id)).get();
    expect(after).toMatchObject({ hiddenVin: true, featuredUntil: null, featuredPackage: null });
    const purchase = await db().select().from(featuringPurchases).where(eq(featuringPurchases.postingId, id)).get();
    // 30 days from now: 29 whole days after today are surplus (credited once, even with two parallel saves).
    expect(purchase).toMatchObject({
      surplusDays: 29,
      refundAmount: Math.round((1500 * 29) / 30),
      refundStatus: "REFUNDED",
    });
    const search = (await (await call(`${api}/marketplace/search?sort=newest&size=50`)).json()) as {
      results: { code: string; featured: boolean }[];
    };
    expect(search.results.find((r) => r.code === code)?.featured ?? false).toBe(false);

    // Credit days: a dealer posting featured with 7 credit days gets 6 back.
    const [shop] = await db()
      .insert(dealerships)
      .values({ name: "Kredit d.o.o.", code: `kr-${vinCounter++}`, advertisingDays: 10 })
      .returning();
    if (!shop) throw new Error("no dealership");
    const head = await signedInUser({ dealershipId: shop.id, dealershipRole: "HEAD" });
    const dealerCode = await completeDraft(head.cookie, freshVin());
    expect((await send("POST", `/draft/${dealerCode}/publish`, head.cookie)).status).toBe(200);
    expect(
      ((await (await buy(dealerCode, head.cookie, { numberOfDays: 7 })).json()) as { result: string }).result,
    ).toBe("redeemed");
    expect(
      (await db().select({ d: dealerships.advertisingDays }).from(dealerships).where(eq(dealerships.id, shop.id)).get())
        ?.d,
    ).toBe(3);
    expect((await send("POST", `/draft/${dealerCode}`, head.cookie, { hiddenVin: true })).status).toBe(200);
    expect(
      (await db().select({ d: dealerships.advertisingDays }).from(dealerships).where(eq(dealerships.id, shop.id)).get())
        ?.d,
    ).toBe(9);
    const ledger = await db().select().from(creditDayLedger).where(eq(creditDayLedger.dealershipId, shop.id)).all();
    expect(ledger.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-7, 6]);
  }, 30_000);

  it("the hide-hidden-VIN search filter leaves hidden-VIN postings out, and total agrees", async () => {
    const { maker } = await makeAndModel();
    await publishedPosting({ manufacturerId: maker.id, vin: freshVin(), hiddenVin: true });
    await publishedPosting({ manufacturerId: maker.id, vin: freshVin(), hiddenVin: false });
    const all = (await (await call(`${api}/marketplace/search?model=${maker.code}`)).json()) as {
      total: number;
      results: unknown[];
    };
    const filtered = (await (await call(`${api}/marketplace/search?model=${maker.code}&hiddenVin=true`)).json()) as {
      total: number;
      results: unknown[];
    };
    expect([all.total, all.results.length]).toEqual([2, 2]);
    expect([filtered.total, filtered.results.length]).toEqual([1, 1]);
  });
});

describe("enumerated fields accept only their enumerations (spec section 3)", () => {
  const enumFields = [
    "condition",
    "damage",
    "fuel",
    "transmission",
    "driveWheels",
    "bodyType",
    "color",
    "interiorColor",
    "interiorMaterial",
    "roofType",
    "rimsMaterial",
    "priceType",
    "contactRegion",
    "arrivalState",
    "warrantyType",
    "euroStandard",
    "firstRegistrationCountry",
  ];

  it("garbage in any enum field is a 400 with fieldErrors for that field and nothing is stored", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie, freshVin(), { euroStandard: "6d", firstRegistrationCountry: "DE" });
    const before = await (await send("GET", `/draft/${code}`, seller.cookie)).json();
    for (const field of enumFields) {
      for (const garbage of ["NAPAKA", "Euro 7", "<script>", "WITH_RENTAL_OPTIONS"]) {
        const res = await send("POST", `/draft/${code}`, seller.cookie, {
          [field]: garbage,
          description: `spremenjeno ${field}`,
        });
        expect(res.status, `${field}=${garbage}`).toBe(400);
        expect(((await res.json()) as Body).fieldErrors.map((e) => e.field)).toContain(field);
      }
    }
    for (const [field, garbage] of [
      ["rentalPrices", [{ price: 10, interval: "HOURLY" }]],
      ["equipment", ["INNER_WARP_DRIVE"]],
    ] as const) {
      expect((await send("POST", `/draft/${code}`, seller.cookie, { [field]: garbage })).status).toBe(400);
    }
    expect(await (await send("GET", `/draft/${code}`, seller.cookie)).json()).toEqual(before);
  });

  it("emission standard and country are stored in one canonical form: the code of the list and the ISO code", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie, freshVin(), {
      euroStandard: "Euro 6d-Temp",
      firstRegistrationCountry: "at",
    });
    const draft = (await (await send("GET", `/draft/${code}`, seller.cookie)).json()) as {
      euroStandard: string;
      firstRegistrationCountry: string;
    };
    expect(draft).toMatchObject({ euroStandard: "6d-Temp", firstRegistrationCountry: "AT" });
    for (const bad of ["XX", "Slovenija", "SVN"]) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, { firstRegistrationCountry: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Body).fieldErrors[0]).toEqual({
        field: "firstRegistrationCountry",
        kind: "INVALID",
        message: "Izberite državo prve registracije s seznama.",
      });
    }
  });
});

describe("search is fresh and consistent (issue 21)", () => {
  type Search = { total: number; results: { code: string; status?: string; price: number | null }[] };
  const search = async (query: string) => (await (await call(`${api}/marketplace/search?${query}`)).json()) as Search;

  it("a publish, a price change, a sale and a removal show in the very next search, counts included", async () => {
    const seller = await signedInUser();
    const { maker, model } = await makeAndModel();
    const q = `model=${maker.code}&sort=newest`;
    await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id, vin: freshVin() });
    expect((await search(q)).total).toBe(1); // the count is now cached for this query
    // Publish through the API: the very next search counts and lists it.
    const code = await completeDraft(seller.cookie, freshVin(), { manufacturer: maker.code, model: model.code });
    expect((await send("POST", `/draft/${code}/publish`, seller.cookie)).status).toBe(200);
    const afterPublish = await search(q);
    expect([afterPublish.total, afterPublish.results.length]).toEqual([2, 2]);
    // A price change moves it in and out of a price range at once.
    const inRange = `${q}&price=10000..13000`;
    expect((await search(inRange)).results.map((r) => r.code)).toContain(code);
    expect((await send("POST", `/draft/${code}`, seller.cookie, { price: 2_000_000 })).status).toBe(200);
    const moved = await search(inRange);
    expect(moved.results.map((r) => r.code)).not.toContain(code);
    expect(moved.total).toBe(moved.results.length);
    // Sold: gone from the default search, listed with includeSold and carrying its status.
    expect((await send("POST", `/postings/${code}/status`, seller.cookie, { status: "SOLD" })).status).toBe(200);
    expect((await search(q)).total).toBe(1);
    const withSold = await search(`${q}&includeSold=true`);
    expect(withSold.total).toBe(2);
    expect(withSold.results.find((r) => r.code === code)?.status).toBe("SOLD");
    // Back on sale, then removed: each shows at once.
    expect((await send("POST", `/postings/${code}/status`, seller.cookie, { status: "PUBLISHED" })).status).toBe(200);
    expect((await search(q)).total).toBe(2);
    expect((await send("POST", `/postings/${code}/status`, seller.cookie, { status: "REMOVED" })).status).toBe(200);
    const afterRemove = await search(q);
    expect([afterRemove.total, afterRemove.results.map((r) => r.code)]).toEqual([
      1,
      expect.not.arrayContaining([code]),
    ]);
  });

  it("a write made behind the API's back (another isolate, a job) still moves the generation: counts follow", async () => {
    const { maker } = await makeAndModel();
    const q = `model=${maker.code}`;
    const a = await publishedPosting({ manufacturerId: maker.id });
    expect((await search(q)).total).toBe(1);
    await db().update(postings).set({ status: "EXPIRED" }).where(eq(postings.id, a.id));
    const after = await search(q);
    expect([after.total, after.results.length]).toEqual([0, 0]);
    await db()
      .update(postings)
      .set({ featuredUntil: new Date(Date.now() + 86_400_000).toISOString(), status: "PUBLISHED" })
      .where(eq(postings.id, a.id));
    const featured = await search(q);
    expect([featured.total, featured.results.length]).toEqual([1, 1]);
  });

  it("total equals the number of results the pages deliver, for every sort (featured, key-less and sold postings included)", async () => {
    const { maker, model } = await makeAndModel();
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const rows: Parameters<typeof publishedPosting>[0][] = [
      ...Array.from({ length: 9 }, (_, i) => ({
        price: 500_000 + i * 10_000,
        searchPrice: 500_000 + i * 10_000,
        odometerKm: 10_000 * i,
        modelYear: 2010 + i,
        powerKw: 60 + i,
        viewsTotal: i,
      })),
      { featuredUntil: soon, featuredPackage: "STANDARD" },
      { featuredUntil: soon, featuredPackage: "STANDARD", price: null, searchPrice: null, priceType: "NEGOTIABLE" },
      { price: null, searchPrice: null, priceType: "NEGOTIABLE", odometerKm: null, modelYear: null, powerKw: null },
      { status: "SOLD" },
    ];
    for (const values of rows) await publishedPosting({ manufacturerId: maker.id, baseModelId: model.id, ...values });
    for (const sort of [
      "newest",
      "priceAsc",
      "priceDesc",
      "mileageAsc",
      "mileageDesc",
      "yearDesc",
      "yearAsc",
      "powerDesc",
      "popular",
    ]) {
      for (const sold of ["", "&includeSold=true"]) {
        const seen: string[] = [];
        let total = -1;
        for (let page = 0; page < 10; page++) {
          const res = await search(`model=${maker.code}&sort=${sort}&size=5&page=${page}${sold}`);
          total = res.total;
          seen.push(...res.results.map((r) => r.code));
          if (res.results.length < 5) break;
        }
        expect(new Set(seen).size, `${sort}${sold}`).toBe(seen.length);
        expect(seen.length, `${sort}${sold}`).toBe(total);
        expect(total).toBe(sold ? 13 : 12);
      }
    }
  });
});

describe("smaller spec points (issue 21)", () => {
  it("SERVICEBOOKLET is accepted as the spec's other spelling of SERVICE_BOOKLET and stored as SERVICE_BOOKLET", async () => {
    const owner = await signedInUser();
    const posting = await publishedPosting({ userId: owner.user.id });
    const form = new FormData();
    form.set("metaData", JSON.stringify({ fileType: "SERVICEBOOKLET" }));
    form.set(
      "fileContent",
      new File(
        [new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")],
        "knjiga.pdf",
        { type: "application/pdf" },
      ),
    );
    const res = await call(`${api}/posting/${posting.code}/file`, {
      method: "POST",
      body: form,
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBeLessThan(300);
    const rows = await db()
      .select({ fileType: postingFiles.fileType })
      .from(postingFiles)
      .where(eq(postingFiles.postingId, posting.id))
      .all();
    expect(rows).toEqual([{ fileType: "SERVICE_BOOKLET" }]);
  });

  it("a JSON body over 256 KB is a JSON 413 in the one error shape; a multipart upload keeps its own file limit", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie, freshVin());
    const big = JSON.stringify({ description: "a".repeat(300 * 1024) });
    const res = await call(`${api}/draft/${code}`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect((await res.json()) as Body).toMatchObject({
      statusCode: 413,
      message: "Zahteva je prevelika (največ 256 KB).",
      fieldErrors: [],
    });
    // Just under the limit is read (and judged by the schema: the description is too long for it).
    const under = await call(`${api}/draft/${code}`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: JSON.stringify({ description: "a".repeat(200 * 1024) }),
    });
    expect(under.status).toBe(400);
    // A picture of 1 MB goes through the multipart route.
    const posting = await publishedPosting({ userId: seller.user.id });
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
      (ch) => ch.charCodeAt(0),
    );
    const padded = new Uint8Array(1024 * 1024);
    padded.set(png);
    const form = new FormData();
    form.set("metaData", JSON.stringify({ fileType: "EXTERIOR_PICTURE" }));
    form.set("fileContent", new File([padded], "slika.png", { type: "image/png" }));
    const upload = await call(`${api}/posting/${posting.code}/file`, {
      method: "POST",
      body: form,
      headers: { cookie: seller.cookie },
    });
    expect(upload.status).not.toBe(413);
  });

  it("POST me/phone/verify answers the account's dealership", async () => {
    const [shop] = await db()
      .insert(dealerships)
      .values({ name: "Telefon d.o.o.", publicName: "Telefon", code: `tel-${vinCounter++}` })
      .returning();
    if (!shop) throw new Error("no dealership");
    const member = await signedInUser({ phoneNumber: null, dealershipId: shop.id, dealershipRole: "SALESPERSON" });
    const typed = `068${String(100000 + (vinCounter++ % 900000)).slice(-6)}`;
    expect((await send("POST", "/me/phone", member.cookie, { phoneNumber: typed })).status).toBe(202);
    const box = (await (await call(`${api}/dev/outbox`)).json()) as {
      to: string;
      channel: string;
      pin: string | null;
    }[];
    const pin = box.find((m) => m.channel === "sms" && m.to === `+386${typed.slice(1)}`)?.pin ?? "";
    const res = await send("POST", "/me/phone/verify", member.cookie, { phoneNumber: typed, pin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      phoneNumber: `+386${typed.slice(1)}`,
      dealership: { code: shop.code, publicName: "Telefon" },
    });
  });
});

describe("phones: the spec's rule on every path that stores one, one stored form (issue 21)", () => {
  it("a posting's contact phone is validated and stored as E.164; garbage is a 400 with fieldErrors", async () => {
    const seller = await signedInUser();
    const code = await completeDraft(seller.cookie, freshVin(), { contactPhone: "068 123-456" });
    expect(
      ((await (await send("GET", `/draft/${code}`, seller.cookie)).json()) as { contactPhone: string }).contactPhone,
    ).toBe("+38668123456");
    for (const bad of ["abc", "12", "+386 41 123 456 789 123 4", "<041 123 456>"]) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, { contactPhone: bad });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as Body).fieldErrors[0]).toEqual({
        field: "contactPhone",
        kind: "INVALID",
        message: "Neveljavna telefonska številka.",
      });
    }
    expect(
      ((await (await send("GET", `/draft/${code}`, seller.cookie)).json()) as { contactPhone: string }).contactPhone,
    ).toBe("+38668123456");
  });

  it("a dealer contact's phone (a landline too) is stored as E.164", async () => {
    const [shop] = await db()
      .insert(dealerships)
      .values({ name: "Kontakt d.o.o.", code: `ko-${vinCounter++}` })
      .returning();
    if (!shop) throw new Error("no dealership");
    const head = await signedInUser({ dealershipId: shop.id, dealershipRole: "HEAD" });
    const res = await send("POST", `/dealer/contacts?dealershipCode=${shop.code}`, head.cookie, {
      name: "Servis",
      phone: "01 234 56 78",
    });
    expect(res.status).toBeLessThan(300);
    expect(((await res.json()) as { phone: string }).phone).toBe("+38612345678");
    expect(
      (
        await send("POST", `/dealer/contacts?dealershipCode=${shop.code}`, head.cookie, {
          name: "Servis",
          phone: "telefon",
        })
      ).status,
    ).toBe(400);
  });
});

describe("data-integrity scan (npm run check:data)", () => {
  it("finds a planted row for each rule, and none for rows written through the API", async () => {
    // A dealership's posting: financing offers are dealer-only (issue 23).
    const seller = await dealerUser();
    const vin = freshVin();
    const good = await completeDraft(seller.cookie, vin, {
      contactPhone: "041 123 456",
      euroStandard: "6d",
      firstRegistrationCountry: "SI",
      financingOffers: [{ downPayment: 200_000, months: 48, annualRateBasisPoints: 449 }],
    });
    expect((await send("POST", `/draft/${good}/publish`, seller.cookie)).status).toBe(200);
    const goodId =
      (await db().select({ id: postings.id }).from(postings).where(eq(postings.code, good)).get())?.id ?? 0;
    const bad = [
      await publishedPosting({ userId: seller.user.id, vin: `${vin.slice(0, 16)}O` }),
      await publishedPosting({ userId: seller.user.id, vin }),
      await publishedPosting({ vin: freshVin(), hiddenVin: true, badgePromising: true }),
      await publishedPosting({
        vin: freshVin(),
        hiddenVin: true,
        featuredUntil: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      await publishedPosting({ euroStandard: "Euro 7" }),
      await publishedPosting({ viewsTotal: 622 }),
      await publishedPosting({ price: 990_000, searchPrice: 990_000 }),
    ];
    // A history that says 9.900 € → 9.500 € on a car asking 9.900 €.
    await db()
      .insert(postingPriceChanges)
      .values({
        postingId: bad[6]?.id ?? 0,
        oldPrice: 990_000,
        newPrice: 950_000,
        changedAt: new Date(Date.now() - 86_400_000).toISOString(),
      });
    await db()
      .insert(postingDetails)
      .values({
        postingId: bad[4]?.id ?? 0,
        firstRegistrationCountry: "XX",
        contactPhone: "041 123 456",
        financingOffers: [{ downPayment: 200, monthlyPayment: 2, months: 60, total: 320 }],
      });
    const found = await findIntegrityViolations(env.DB);
    const rulesOf = (id: number) => found.filter((v) => v.id === id).map((v) => v.rule);
    // The good posting breaks nothing itself; the planted duplicate of its VIN is reported on the group's first row.
    expect(rulesOf(goodId).filter((r) => r !== integrityChecks[1]?.rule)).toEqual([]);
    expect(rulesOf(bad[0]?.id ?? 0)).toContain(integrityChecks[0]?.rule);
    expect(found.some((v) => v.rule === integrityChecks[1]?.rule && v.detail === `${seller.user.id} ${vin}`)).toBe(
      true,
    );
    expect(rulesOf(bad[2]?.id ?? 0)).toEqual([integrityChecks[2]?.rule]);
    expect(rulesOf(bad[3]?.id ?? 0)).toEqual([integrityChecks[3]?.rule]);
    expect(rulesOf(bad[4]?.id ?? 0)).toEqual(
      expect.arrayContaining([
        integrityChecks[4]?.rule,
        integrityChecks[5]?.rule,
        integrityChecks[10]?.rule,
        integrityChecks[11]?.rule,
      ]),
    );
    // 622 views in all, none on any day.
    expect(rulesOf(bad[5]?.id ?? 0)).toEqual([integrityChecks[12]?.rule]);
    expect(found.find((v) => v.id === bad[5]?.id)?.detail).toBe("622 / 0");
    expect(rulesOf(bad[6]?.id ?? 0)).toEqual([integrityChecks[13]?.rule]);
    expect(found.find((v) => v.id === bad[6]?.id)?.detail).toBe("950000 / 990000");
    // A price changed through the API keeps its history true: the seller's cut is the history's last word.
    expect((await send("POST", `/draft/${good}`, seller.cookie, { price: 1_100_000 })).status).toBe(200);
    const history = await db().select().from(postingPriceChanges).where(eq(postingPriceChanges.postingId, goodId));
    expect(history.at(-1)?.newPrice).toBe(1_100_000);
    const after = await findIntegrityViolations(env.DB);
    expect(after.filter((v) => v.id === goodId && v.rule === integrityChecks[13]?.rule)).toEqual([]);
  });
});
