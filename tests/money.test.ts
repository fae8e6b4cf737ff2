// Issue 21, "Money is cents everywhere" (decision 050): every amount in an /internal-api/v1 body is integer euro
// cents, refused with a Slovenian field error when it is a fraction of a cent, negative or not a number; a financing
// offer is true to its own terms (monthly payment = annuity within 1 €, total computed by the server) on every
// path that writes one (the seller's cookie and a partner's Bearer token share POST draft/{code}).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { vehicleCostPrices } from "~/db/schema/catalogue";
import { dealerships } from "~/db/schema/dealerships";
import { oauthTokens, partnerApplications } from "~/db/schema/partner-oauth";
import { postingDetails, postings } from "~/db/schema/postings";
import { findIntegrityViolations } from "~/db/data-integrity.server";
import { moneyMessages } from "~/domain/money";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { call, db, dealerUser, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type Body = { message: string; statusCode: number; fieldErrors: { field: string; kind: string; message: string }[] };
type Offer = {
  downPayment: number;
  monthlyPayment: number;
  months: number;
  total: number;
  annualRateBasisPoints: number | null;
  financedAmount: number | null;
};
const api = "/internal-api/v1";
let n = 0;
const tag = () => `m${Date.now().toString(36)}${(n++).toString(36)}`;
const send = (method: string, path: string, auth: string, body?: unknown) =>
  call(`${api}${path}`, {
    method,
    headers: {
      ...(auth.startsWith("Bearer ") ? { authorization: auth } : { cookie: auth }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A draft with a make, model and a price of 25 000 € (in cents). */
async function draft(auth: string, values: Record<string, unknown> = {}) {
  const { maker, model } = await makeAndModel();
  const created = await send("POST", "/draft", auth, {
    manufacturer: maker.code,
    hiddenVin: false,
    isPartialVin: false,
  });
  expect(created.status).toBe(201);
  const { code } = (await created.json()) as { code: string };
  const saved = await send("POST", `/draft/${code}`, auth, {
    model: model.code,
    priceType: "WITH_FINANCING",
    price: 2_500_000,
    ...values,
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return code;
}
const stored = async (code: string) => {
  const p = await db()
    .select({ id: postings.id, price: postings.price })
    .from(postings)
    .where(eq(postings.code, code))
    .get();
  const d = p
    ? await db()
        .select({ financingOffers: postingDetails.financingOffers, cashDiscount: postingDetails.cashDiscount })
        .from(postingDetails)
        .where(eq(postingDetails.postingId, p.id))
        .get()
    : undefined;
  return {
    price: p?.price ?? null,
    offers: (d?.financingOffers ?? []) as Offer[],
    cashDiscount: d?.cashDiscount ?? null,
  };
};

async function partnerBearer() {
  const t = tag();
  const [partner] = await db()
    .insert(partnerApplications)
    .values({
      code: `dms-m-${t}`,
      name: `DMS ${t}`,
      redirectUris: ["https://dms.example/cb"],
      clientSecretHash: await sha256Hex(t),
    })
    .returning();
  const [shop] = await db()
    .insert(dealerships)
    .values({ name: `Trgovec ${t}`, code: `pm-${t}` })
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
  return `Bearer ${token}`;
}

describe("amounts are integer cents in requests (attack: euros with decimals, negatives, text)", () => {
  it("a fraction of a cent, a negative amount or text in any money field of POST draft/{code} is a 400 in Slovenian, and nothing is stored", async () => {
    const seller = await dealerUser();
    const code = await draft(seller.cookie, { cashDiscount: 50_000 });
    for (const [body, field, message] of [
      [{ price: 12_490.5 }, "price", moneyMessages.wholeCents],
      [{ price: -100 }, "price", moneyMessages.negative],
      [{ price: "12.500" }, "price", moneyMessages.notAmount],
      [{ specialPrice: 1.5 }, "specialPrice", moneyMessages.wholeCents],
      [{ financingPrice: -1 }, "financingPrice", moneyMessages.negative],
      [{ priceWithoutVat: 0.01 }, "priceWithoutVat", moneyMessages.wholeCents],
      [{ cashDiscount: 99.99 }, "cashDiscount", moneyMessages.wholeCents],
      [{ price: 2 ** 60 }, "price", moneyMessages.tooLarge],
      [{ rentalPrices: [{ price: 49.9, interval: "DAILY" }] }, "rentalPrices.0.price", moneyMessages.wholeCents],
      [
        { financingOffers: [{ downPayment: -5, monthlyPayment: 37_277, months: 60 }] },
        "financingOffers.0.downPayment",
        moneyMessages.negative,
      ],
      [
        { financingOffers: [{ downPayment: 500_000, monthlyPayment: 372.77, months: 60 }] },
        "financingOffers.0.monthlyPayment",
        moneyMessages.wholeCents,
      ],
    ] as const) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Body).fieldErrors).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect(await stored(code)).toEqual({ price: 2_500_000, offers: [], cashDiscount: 50_000 });
  });

  it("responses carry the cents as stored: the draft and the posting page", async () => {
    const seller = await dealerUser();
    const code = await draft(seller.cookie, {
      priceType: "SPECIAL_OFFER",
      price: 1_249_050,
      specialPrice: 1_199_000,
      cashDiscount: 50_000,
      rentalPrices: [{ price: 4900, interval: "DAILY" }],
    });
    const view = (await (await send("GET", `/draft/${code}`, seller.cookie)).json()) as Record<string, unknown>;
    expect(view).toMatchObject({
      price: 1_249_050,
      specialPrice: 1_199_000,
      cashDiscount: 50_000,
      rentalPrices: [{ price: 4900, interval: "DAILY" }],
    });
    const published = await publishedPosting({
      price: 1_249_050,
      specialPrice: 1_199_000,
      searchPrice: 1_199_000,
      priceType: "SPECIAL_OFFER",
    });
    const detail = (await (await call(`${api}/postings/${published.code}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ price: 1_249_050, specialPrice: 1_199_000 });
  });

  it("an editor's price correction is cents too: 14 490,50 € is 1 449 050; 14490.5 is refused", async () => {
    const editor = await signedInUser({ amzsPostingEditor: true });
    const p = await publishedPosting({ price: 1_500_000, searchPrice: 1_500_000 });
    const base = { badgeVerified: false, badgeGoodBuy: false, badgePromising: false };
    const bad = await send("POST", `/posting-review/${p.code}`, editor.cookie, { ...base, price: 14_490.5 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).fieldErrors).toContainEqual(
      expect.objectContaining({ field: "price", message: moneyMessages.wholeCents }),
    );
    const ok = await send("POST", `/posting-review/${p.code}`, editor.cookie, { ...base, price: 1_449_050 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ price: 1_449_050 });
    expect(
      await db()
        .select({ price: postings.price, searchPrice: postings.searchPrice })
        .from(postings)
        .where(eq(postings.id, p.id))
        .get(),
    ).toEqual({ price: 1_449_050, searchPrice: 1_449_050 });
  });
});

describe("financing offers are true to their own terms (attack: a monthly payment or total that does not add up)", () => {
  it("with a rate, a monthly payment more than 1 € off the annuity is a 400 naming the right one; within 1 € it is kept", async () => {
    const seller = await dealerUser();
    const code = await draft(seller.cookie);
    // 25 000 € − 5 000 € down = 20 000 € at 4,49 % over 60 months: 372,77 € a month.
    const off = await send("POST", `/draft/${code}`, seller.cookie, {
      financingOffers: [{ downPayment: 500_000, monthlyPayment: 30_000, months: 60, annualRateBasisPoints: 449 }],
    });
    expect(off.status).toBe(400);
    const body = (await off.json()) as Body;
    expect(body.fieldErrors).toEqual([
      {
        field: "financingOffers.0.monthlyPayment",
        kind: "INVALID",
        message:
          "Mesečni obrok se ne ujema s pogoji: pri obrestni meri 4,49 % in 60 obrokih znaša 372,77 € (dovoljeno odstopanje je 1 €).",
      },
    ]);
    expect((await stored(code)).offers).toEqual([]);
    // The seed's old bug, euros where cents belong, is refused the same way.
    expect(
      (
        await send("POST", `/draft/${code}`, seller.cookie, {
          financingOffers: [{ downPayment: 500_000, monthlyPayment: 373, months: 60, annualRateBasisPoints: 449 }],
        })
      ).status,
    ).toBe(400);

    const near = await send("POST", `/draft/${code}`, seller.cookie, {
      financingOffers: [{ downPayment: 500_000, monthlyPayment: 37_300, months: 60, annualRateBasisPoints: 449 }],
    });
    expect(near.status).toBe(200);
    expect((await stored(code)).offers).toEqual([
      {
        downPayment: 500_000,
        monthlyPayment: 37_300,
        months: 60,
        total: 500_000 + 37_300 * 60,
        annualRateBasisPoints: 449,
        financedAmount: 2_000_000,
      },
    ]);
  });

  it("without a monthly payment the server derives it; a total sent is never trusted; the financing price is what is financed when set", async () => {
    const seller = await dealerUser();
    const code = await draft(seller.cookie);
    const res = await send("POST", `/draft/${code}`, seller.cookie, {
      financingOffers: [{ downPayment: 500_000, months: 60, annualRateBasisPoints: 449, total: 1 }],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { financingOffers: Offer[] }).financingOffers).toEqual([
      {
        downPayment: 500_000,
        monthlyPayment: 37_277,
        months: 60,
        total: 500_000 + 37_277 * 60,
        annualRateBasisPoints: 449,
        financedAmount: 2_000_000,
      },
    ]);

    // A financing price of 24 000 € makes 19 000 € financed; an explicit financed amount wins over both.
    await send("POST", `/draft/${code}`, seller.cookie, { financingPrice: 2_400_000 });
    expect(
      (
        await send("POST", `/draft/${code}`, seller.cookie, {
          financingOffers: [{ downPayment: 500_000, months: 60, annualRateBasisPoints: 449 }],
        })
      ).status,
    ).toBe(200);
    expect((await stored(code)).offers[0]).toMatchObject({ financedAmount: 1_900_000, monthlyPayment: 35_413 });
    expect(
      (
        await send("POST", `/draft/${code}`, seller.cookie, {
          financingOffers: [{ downPayment: 0, months: 12, annualRateBasisPoints: 0, financedAmount: 1_200_000 }],
        })
      ).status,
    ).toBe(200);
    expect((await stored(code)).offers[0]).toMatchObject({
      financedAmount: 1_200_000,
      monthlyPayment: 100_000,
      total: 1_200_000,
    });

    // Without a rate the payment cannot be checked against a rate, but the total is still the server's sum
    // (48 × 480 € repays the 22 000 € left of the 24 000 € financing price after the down payment).
    expect(
      (
        await send("POST", `/draft/${code}`, seller.cookie, {
          financingOffers: [{ downPayment: 200_000, monthlyPayment: 48_000, months: 48, total: 5 }],
        })
      ).status,
    ).toBe(200);
    expect((await stored(code)).offers).toEqual([
      {
        downPayment: 200_000,
        monthlyPayment: 48_000,
        months: 48,
        total: 200_000 + 48_000 * 48,
        annualRateBasisPoints: null,
        financedAmount: null,
      },
    ]);
    // Neither a rate nor a monthly payment: nothing to show, a 400.
    const empty = await send("POST", `/draft/${code}`, seller.cookie, {
      financingOffers: [{ downPayment: 200_000, months: 48 }],
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Body).fieldErrors[0]).toMatchObject({
      field: "financingOffers.0.monthlyPayment",
      message: "Vnesite mesečni obrok ali obrestno mero.",
    });
  });

  it("an offer is for this car: down payment and financed amount above its price, or instalments (without a rate) that do not repay it, are a 400 — on the cookie and the Bearer path", async () => {
    const seller = await dealerUser();
    const code = await draft(seller.cookie); // 25 000 €
    const over = await send("POST", `/draft/${code}`, seller.cookie, {
      financingOffers: [{ downPayment: 600_000, financedAmount: 2_000_000, months: 60, annualRateBasisPoints: 449 }],
    });
    expect(over.status).toBe(400);
    expect(((await over.json()) as Body).fieldErrors[0]).toEqual({
      field: "financingOffers.0.financedAmount",
      kind: "INVALID",
      message: "Polog in znesek financiranja skupaj presegata ceno vozila (25.000 €).",
    });
    // A partner still sending euros: 299 (cents) a month for 60 months on a 25 000 € car.
    const bearer = await partnerBearer();
    const partnerCode = await draft(bearer);
    const euros = await send("POST", `/draft/${partnerCode}`, bearer, {
      financingOffers: [{ downPayment: 0, monthlyPayment: 299, months: 60 }],
    });
    expect(euros.status).toBe(400);
    expect(((await euros.json()) as Body).fieldErrors[0]).toMatchObject({
      field: "financingOffers.0.monthlyPayment",
      kind: "INVALID",
    });
    expect((await stored(partnerCode)).offers).toEqual([]);
    // 60 × 420 € repays 25 000 €: accepted without a rate.
    expect(
      (
        await send("POST", `/draft/${partnerCode}`, bearer, {
          financingOffers: [{ downPayment: 0, monthlyPayment: 42_000, months: 60 }],
        })
      ).status,
    ).toBe(200);
  });

  it("a rate out of range or a fraction of a basis point is a 400 with a Slovenian field error", async () => {
    const seller = await dealerUser();
    const code = await draft(seller.cookie);
    for (const rate of [-1, 44.9, 5_001, "4,49"]) {
      const res = await send("POST", `/draft/${code}`, seller.cookie, {
        financingOffers: [{ downPayment: 0, months: 60, annualRateBasisPoints: rate }],
      });
      expect(res.status, String(rate)).toBe(400);
      expect(((await res.json()) as Body).fieldErrors[0]).toMatchObject({
        field: "financingOffers.0.annualRateBasisPoints",
        message: "Vnesite obrestno mero med 0 in 50 %, npr. 4,49.",
      });
    }
  });

  it("a partner (Bearer token) meets the same rules on the same call", async () => {
    const bearer = await partnerBearer();
    const code = await draft(bearer);
    expect((await send("POST", `/draft/${code}`, bearer, { price: 2_500_000.5 })).status).toBe(400);
    expect(
      (
        await send("POST", `/draft/${code}`, bearer, {
          financingOffers: [{ downPayment: 500_000, monthlyPayment: 40_000, months: 60, annualRateBasisPoints: 449 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send("POST", `/draft/${code}`, bearer, {
          financingOffers: [{ downPayment: 500_000, months: 60, annualRateBasisPoints: 449 }],
        })
      ).status,
    ).toBe(200);
    expect((await stored(code)).offers[0]).toMatchObject({ monthlyPayment: 37_277, total: 500_000 + 37_277 * 60 });
  });

  it("the posting page shows the offer with its rate, and check:data finds nothing wrong with offers written through the API", async () => {
    const seller = await dealerUser();
    const code = await draft(seller.cookie, {
      financingOffers: [{ downPayment: 500_000, months: 60, annualRateBasisPoints: 449 }],
    });
    const id = (await db().select({ id: postings.id }).from(postings).where(eq(postings.code, code)).get())?.id ?? 0;
    const detail = (await (await send("GET", `/postings/${code}`, seller.cookie)).json()) as {
      financingOffers: Offer[];
    };
    expect(detail.financingOffers).toEqual([
      {
        downPayment: 500_000,
        monthlyPayment: 37_277,
        months: 60,
        total: 2_736_620,
        annualRateBasisPoints: 449,
        financedAmount: 2_000_000,
      },
    ]);
    const violations = await findIntegrityViolations(env.DB);
    expect(violations.filter((v) => v.id === id)).toEqual([]);

    // A stored offer that lies (written behind the API's back) is reported by the scan.
    const liar = await publishedPosting({ price: 2_500_000, searchPrice: 2_500_000 });
    await db()
      .insert(postingDetails)
      .values({
        postingId: liar.id,
        financingOffers: [
          {
            downPayment: 500_000,
            monthlyPayment: 30_000,
            months: 60,
            total: 2_300_000,
            annualRateBasisPoints: 449,
            financedAmount: 2_000_000,
          },
        ],
      });
    const euros = await publishedPosting({ price: 2_500_000, searchPrice: 2_500_000 });
    await db()
      .insert(postingDetails)
      .values({
        postingId: euros.id,
        financingOffers: [{ downPayment: 5000, monthlyPayment: 372.77, months: 60, total: 27_366.2 }],
      });
    const found = await findIntegrityViolations(env.DB);
    expect(found.filter((v) => v.id === liar.id).map((v) => v.rule)).toEqual([
      expect.stringMatching(/^Financing offers/),
    ]);
    expect(found.filter((v) => v.id === euros.id).map((v) => v.rule)).toEqual([
      expect.stringMatching(/^Financing offers/),
    ]);
  });
});

describe("other amounts in responses are cents", () => {
  it("vehicle-costs prices are cents per unit", async () => {
    await db()
      .insert(vehicleCostPrices)
      .values({ key: "VIGNETTE_YEAR", label: "Vinjeta", value: 117.5, unit: "EUR" })
      .onConflictDoNothing();
    const prices = (await (await call(`${api}/vehicle-costs/prices`)).json()) as {
      key: string;
      value: number;
      unit: string;
    }[];
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p.unit, p.key).toMatch(/^ct(\/|$)/);
    const vignette = await db()
      .select({ value: vehicleCostPrices.value })
      .from(vehicleCostPrices)
      .where(eq(vehicleCostPrices.key, "VIGNETTE_YEAR"))
      .get();
    expect(prices.find((p) => p.key === "VIGNETTE_YEAR")?.value).toBe(Math.round((vignette?.value ?? 0) * 100));
  });
});
