import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readPriceHistory, writeMarketValues } from "~/db/market-values.server";
import { marketModels, postingMarketValues } from "~/db/schema/market";
import { postings } from "~/db/schema/postings";
import { rateDeviation, rateOrNull } from "~/domain/market-value/rating";
import { recomputeMarketValues } from "~/services/market-value.server";
import { runDailyJobs } from "~/services/scheduled.server";
import { env } from "cloudflare:workers";
import { call, db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

/**
 * A model family of `count` cars priced by age and mileage like the seed (12 % a year), with a
 * deterministic ±5 % spread from the index (no randomness).
 */
async function family(count: number, userId: number) {
  const { maker, model } = await makeAndModel();
  // Every fourth car is `userId`'s (cars 0, 4, 8, …), the rest three other sellers': a seller's own cars are
  // never its comparables.
  const others = [(await signedInUser()).user.id, (await signedInUser()).user.id, (await signedInUser()).user.id];
  const cars = [];
  for (let i = 0; i < count; i++) {
    const year = 2014 + (i % 9);
    const odometerKm = (2026 - year) * 14_000 + (i % 5) * 3_000;
    const euros = 30_000 * 0.88 ** (2026 - year) * (1 - odometerKm / 1_000_000) * (0.95 + ((i * 7) % 11) / 100);
    const price = Math.round(euros) * 100;
    cars.push(
      await publishedPosting({
        userId: i % 4 === 0 ? userId : (others[(i % 4) - 1] ?? userId),
        manufacturerId: maker.id,
        baseModelId: model.id,
        modelYear: year,
        odometerKm,
        powerKw: 110,
        fuel: "DIESEL",
        transmission: "M",
        bodyType: "SALOON",
        contactRegion: "LJUBLJANA",
        damage: "UNDAMAGED",
        price,
        searchPrice: price,
      }),
    );
  }
  return { maker, model, cars };
}

/** Another posting of the same car (its own id and code). */
const twinOf = (car: typeof postings.$inferSelect, values: Partial<typeof postings.$inferInsert>) => {
  const { id: _id, code: _code, createdAt: _created, updatedAt: _updated, ...rest } = car;
  return publishedPosting({ ...rest, ...values });
};

const rowOf = async (id: number) => {
  const row = await db()
    .select({
      rating: postings.priceRating,
      deviation: postings.marketDeviationBp,
      change: postings.lastPriceChange,
      changeAt: postings.lastPriceChangeAt,
      price: postings.searchPrice,
    })
    .from(postings)
    .where(eq(postings.id, id))
    .get();
  if (!row) throw new Error(`posting ${id} missing`);
  return row;
};
const midOf = async (id: number) =>
  (await db().select().from(postingMarketValues).where(eq(postingMarketValues.postingId, id)).get())?.mid ?? null;

describe("the daily market valuation", () => {
  it("rates a car planted 25 % under its market Odlična cena and 25 % over Previsoka cena, and stores the fitted market", async () => {
    const seller = await signedInUser();
    const { maker, model, cars } = await family(40, seller.user.id);
    const base = cars[20];
    if (!base) throw new Error("no car");
    const priced = (factor: number) => {
      const price = Math.round((base.searchPrice ?? 0) * factor);
      return twinOf(base, { price, searchPrice: price });
    };
    const cheap = await priced(0.75);
    const dear = await priced(1.25);
    const run = await recomputeMarketValues(db());
    expect(run.valued).toBeGreaterThanOrEqual(42);
    expect((await rowOf(cheap.id)).rating).toBe("GREAT");
    expect((await rowOf(dear.id)).rating).toBe("TOO_HIGH");
    expect(["FAIR", "GOOD", "HIGH"]).toContain((await rowOf(base.id)).rating);
    const stored = await db()
      .select()
      .from(postingMarketValues)
      .where(eq(postingMarketValues.postingId, cheap.id))
      .get();
    expect(stored).toMatchObject({ scope: "MODEL" });
    expect(stored?.comparables).toBeGreaterThanOrEqual(5);
    expect(stored?.low ?? 0).toBeLessThan(stored?.mid ?? 0);
    expect(stored?.mid ?? 0).toBeLessThan(stored?.high ?? 0);
    const fitted = await db().select().from(marketModels).get();
    expect(fitted?.familyYears[String(model.id)]).toBeTruthy();
    expect(fitted?.coefficients.levels.make[String(maker.id)]).toBeTypeOf("number");
  });

  it("runs in the daily cron and rates neither new cars nor rental-only postings", async () => {
    const seller = await signedInUser();
    const { cars } = await family(12, seller.user.id);
    const car = cars[3];
    if (!car) throw new Error("no car");
    const brandNew = await twinOf(car, { vehicleCondition: "BRAND_NEW" });
    const rental = await twinOf(car, { priceType: "RENTAL_ONLY", price: null, searchPrice: null });
    const result = await runDailyJobs(env);
    expect(result.market?.valued).toBeGreaterThan(0);
    expect((await rowOf(car.id)).rating).not.toBeNull();
    expect((await rowOf(brandNew.id)).rating).toBeNull();
    expect((await rowOf(rental.id)).rating).toBeNull();
  });

  it("drops the estimate and rating of a posting that is no longer market data", async () => {
    const seller = await signedInUser();
    const { cars } = await family(12, seller.user.id);
    const car = cars[5];
    if (!car) throw new Error("no car");
    await recomputeMarketValues(db());
    expect((await rowOf(car.id)).rating).not.toBeNull();
    await db().update(postings).set({ status: "REMOVED" }).where(eq(postings.id, car.id));
    await recomputeMarketValues(db(), new Date(Date.now() + 1000));
    expect((await rowOf(car.id)).rating).toBeNull();
    expect(await midOf(car.id)).toBeNull();
  });
});

describe("the wizard's estimate (GET draft/{code}/market-value)", () => {
  it("rates the seller's draft against the stored market, to the seller only; a new car is not rated", async () => {
    const seller = await signedInUser();
    const { cars } = await family(30, seller.user.id);
    const car = cars[8];
    if (!car) throw new Error("no car");
    await recomputeMarketValues(db());
    const mid = await midOf(car.id);
    if (!mid) throw new Error("car not valued");
    const price = Math.round(mid * 0.75);
    const draft = await twinOf(car, { status: "DRAFT", publishedAt: null, price, searchPrice: price });
    const get = (cookie: string, code = draft.code) =>
      call(`/internal-api/v1/draft/${code}/market-value`, { headers: { cookie } });
    const res = await get(seller.cookie);
    expect(res.status).toBe(200);
    const estimate = (await res.json()) as { rating: string; mid: number; comparables: number; scope: string };
    expect(estimate).toMatchObject({ rating: "GREAT", scope: "MODEL" });
    expect(Math.abs(estimate.mid / mid - 1)).toBeLessThan(0.05);
    expect(estimate.comparables).toBeGreaterThanOrEqual(5);
    expect((await get((await signedInUser()).cookie)).status).toBe(403);
    const brandNew = await twinOf(car, { status: "DRAFT", publishedAt: null, vehicleCondition: "BRAND_NEW" });
    expect(await (await get(seller.cookie, brandNew.code)).json()).toMatchObject({ rating: null, mid: null });
  });
});

describe("search and cards", () => {
  it("filter priceRating=GREAT,GOOD, sort bestPrice, and carry the rating and a recent drop on the card", async () => {
    const seller = await signedInUser();
    const { maker, cars } = await family(24, seller.user.id);
    const base = cars[6];
    if (!base) throw new Error("no car");
    const cheapPrice = Math.round((base.searchPrice ?? 0) * 0.72);
    const cheap = await twinOf(base, { price: cheapPrice, searchPrice: cheapPrice });
    await recomputeMarketValues(db());
    const search = async (query: string) => {
      const res = await call(`/internal-api/v1/marketplace/search?model=${maker.code}&size=50&${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as {
        total: number;
        results: { code: string; priceRating: string | null; priceDrop: number | null }[];
      };
    };
    const all = await search("");
    const good = await search("priceRating=GREAT,GOOD");
    expect(good.results.map((r) => r.code)).toContain(cheap.code);
    expect(good.results.every((r) => r.priceRating === "GREAT" || r.priceRating === "GOOD")).toBe(true);
    expect(good.total).toBe(all.results.filter((r) => r.priceRating === "GREAT" || r.priceRating === "GOOD").length);
    expect(good.total).toBeLessThan(all.total);
    const sorted = await search("sort=bestPrice");
    expect(sorted.results[0]?.code).toBe(cheap.code);
    // A drop shows on the card at once (the price trigger), with its amount.
    await db()
      .update(postings)
      .set({ price: (base.price ?? 0) - 50_000, searchPrice: (base.searchPrice ?? 0) - 50_000 })
      .where(eq(postings.id, base.id));
    const after = await search("");
    expect(after.results.find((r) => r.code === base.code)?.priceDrop).toBe(50_000);
    expect(after.results.find((r) => r.code === cheap.code)?.priceDrop).toBeNull();
  });
});

describe("the posting", () => {
  it("answers its market value and price history with the posting, the rating following the price at once", async () => {
    const seller = await signedInUser();
    const { cars } = await family(20, seller.user.id);
    const car = cars[8];
    if (!car) throw new Error("no car");
    await recomputeMarketValues(db());
    type Detail = {
      marketValue: {
        rating: string;
        low: number;
        mid: number;
        high: number;
        comparables: number;
        factors: unknown[];
      } | null;
      priceHistory: { oldPrice: number; newPrice: number; changedAt: string }[];
    };
    const read = async () => (await (await call(`/internal-api/v1/postings/${car.code}`)).json()) as Detail;
    const before = await read();
    expect(before.marketValue).toMatchObject({ comparables: expect.any(Number) });
    expect(before.marketValue?.low ?? 0).toBeLessThan(before.marketValue?.mid ?? 0);
    expect(before.priceHistory).toEqual([]);
    const mid = before.marketValue?.mid ?? 0;
    const res = await call(`/internal-api/v1/draft/${car.code}`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: JSON.stringify({ priceType: "NORMAL", price: Math.round(mid * 0.8) }),
    });
    expect(res.status).toBe(200);
    const after = await read();
    expect(after.marketValue?.rating).toBe("GREAT");
    expect(after.priceHistory).toHaveLength(1);
    expect(after.priceHistory[0]).toMatchObject({ oldPrice: car.searchPrice, newPrice: Math.round(mid * 0.8) });
    // A new car has no market value.
    const brandNew = await twinOf(car, { vehicleCondition: "BRAND_NEW" });
    await recomputeMarketValues(db(), new Date(Date.now() + 1000));
    expect((await (await call(`/internal-api/v1/postings/${brandNew.code}`)).json()) as Detail).toMatchObject({
      marketValue: null,
    });
  });
});

describe("the seller's list", () => {
  it("shows each car's rating and sorts the best price against the market first, unrated last", async () => {
    const seller = await signedInUser();
    const { cars } = await family(14, seller.user.id);
    const base = cars[4];
    if (!base) throw new Error("no car");
    const cheap = await twinOf(base, {
      price: Math.round((base.searchPrice ?? 0) * 0.7),
      searchPrice: Math.round((base.searchPrice ?? 0) * 0.7),
    });
    const unrated = await twinOf(base, { vehicleCondition: "BRAND_NEW" });
    await recomputeMarketValues(db());
    const res = await call("/internal-api/v1/draft?sort=market&size=50", { headers: { cookie: seller.cookie } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as {
      postings: { code: string; priceRating: string | null; marketDeviationBp: number | null }[];
    };
    expect(list.postings[0]).toMatchObject({ code: cheap.code, priceRating: "GREAT" });
    expect(list.postings.at(-1)).toMatchObject({ code: unrated.code, priceRating: null, marketDeviationBp: null });
    const deviations = list.postings.flatMap((p) => (p.marketDeviationBp === null ? [] : [p.marketDeviationBp]));
    expect(deviations).toEqual([...deviations].sort((a, b) => a - b));
  });
});

describe("a price change", () => {
  it("is recorded whoever makes it, marks the card, and moves the rating with the price on the bands of the domain", async () => {
    const seller = await signedInUser();
    const { cars } = await family(30, seller.user.id);
    const car = cars[10];
    if (!car) throw new Error("no car");
    await recomputeMarketValues(db());
    const mid = await midOf(car.id);
    if (!mid) throw new Error("car not valued");
    for (const deviation of [-0.2, -0.12, -0.08, -0.05, 0, 0.04, 0.05, 0.1, 0.12, 0.3]) {
      const price = Math.round(mid * (1 + deviation));
      await db().update(postings).set({ searchPrice: price, price }).where(eq(postings.id, car.id));
      const row = await rowOf(car.id);
      expect(row.rating, String(deviation)).toBe(rateDeviation(price / mid - 1));
      expect(row.deviation).toBe(Math.round((price / mid - 1) * 10_000));
    }
    // Placeholders and fantasy prices are not rated by the trigger either (the domain's plausible range).
    for (const factor of [0.5, 2.5]) {
      const price = Math.round(mid * factor);
      await db().update(postings).set({ searchPrice: price, price }).where(eq(postings.id, car.id));
      expect(await rowOf(car.id)).toMatchObject({ rating: null, deviation: null });
      expect(rateOrNull(price / mid - 1)).toBeNull();
    }
    const back = Math.round(mid * 1.3);
    await db().update(postings).set({ searchPrice: back, price: back }).where(eq(postings.id, car.id));
    expect((await rowOf(car.id)).rating).toBe("TOO_HIGH");
    const history = await readPriceHistory(db(), car.id, 50);
    expect(history).toHaveLength(13);
    expect(history[0]?.newPrice).toBe(Math.round(mid * 1.3));
  });

  it("through the seller's own edit: the drop is in the history and on the card, and a fit that read the old price does not overwrite it", async () => {
    const seller = await signedInUser();
    const { cars } = await family(30, seller.user.id);
    const car = cars[12];
    if (!car) throw new Error("no car");
    const run = await recomputeMarketValues(db());
    expect(run.rated).toBeGreaterThan(0);
    const before = await rowOf(car.id);
    const lower = (before.price ?? 0) - 80_000;
    const res = await call(`/internal-api/v1/draft/${car.code}`, {
      method: "POST",
      headers: { cookie: seller.cookie, "content-type": "application/json" },
      body: JSON.stringify({ priceType: "NORMAL", price: lower }),
    });
    expect(res.status).toBe(200);
    const after = await rowOf(car.id);
    expect(after).toMatchObject({ price: lower, change: -80_000 });
    expect(after.changeAt).toBeTruthy();
    expect((await readPriceHistory(db(), car.id))[0]).toMatchObject({ oldPrice: before.price, newPrice: lower });
    // A run that read the old price (before the edit) writes nothing for this posting.
    await writeMarketValues(db(), {
      valuations: [
        {
          postingId: car.id,
          price: before.price ?? 0,
          rating: "TOO_HIGH",
          deviationBp: 9_999,
          low: 1,
          mid: 2,
          high: 3,
          comparables: 9,
          scope: "MODEL",
          yearFrom: 2000,
          yearTo: 2030,
          factors: [],
        },
      ],
      coefficients: (await db().select().from(marketModels).get())?.coefficients ?? ({} as never),
      references: {},
      familyYears: {},
      medianErrorBp: 0,
      computedAt: new Date(Date.now() + 5_000).toISOString(),
      readAt: new Date(Date.now() + 5_000).toISOString(),
    });
    expect((await rowOf(car.id)).rating).toBe(after.rating);
    expect(await midOf(car.id)).not.toBe(2);
  });

  it("of a draft never published is not history", async () => {
    const seller = await signedInUser();
    const draft = await publishedPosting({ userId: seller.user.id, status: "DRAFT", publishedAt: null });
    await db().update(postings).set({ searchPrice: 999_900 }).where(eq(postings.id, draft.id));
    expect(await readPriceHistory(db(), draft.id)).toEqual([]);
    const count = await db().get<{ n: number }>(
      sql`SELECT count(*) AS n FROM posting_price_changes WHERE posting_id = ${draft.id}`,
    );
    expect(count?.n).toBe(0);
  });
});
