import { describe, expect, it, vi } from "vitest";
import { createRandom } from "../../../scripts/lib/sql";
import { estimateCar, type StoredMarket } from "./estimate";
import { apartFromFamily, contestedFamilies, fitMarket, predictionSe, predictLog } from "./fit";
import { cholesky, choleskyInverse, choleskySolve } from "./linear-algebra";
import { rateDeviation } from "./rating";
import { seedMarket } from "./seed-market.fixtures";
import { comparablesAmong, isValued, type MarketPosting, stateSharing, valuateMarket } from "./valuate";

const refYear = 2026;

// Each test fits whole synthetic markets (a second or two on a quiet machine); on a loaded one (the full suite on
// two cores) several took over the default 5 s without any assertion failing.
vi.setConfig({ testTimeout: 60_000 });

/** What the synthetic market prices a car at before its ±7 % noise (its honest level). */
const fairEuros = (car: Pick<MarketPosting, "makeId" | "powerKw" | "year" | "odometerKm">) =>
  (11_000 + (car.powerKw ?? 100) * 175) *
  (0.8 + car.makeId * 0.15) *
  0.88 ** (refYear - car.year) *
  (1 - Math.min(0.3, car.odometerKm / 1_000_000));

/**
 * A synthetic market like the seed's: a new price from power and the make's tier, 12 % a year off,
 * mileage off, ±7 % noise. Five makes, three models each; ids from 1 in order (no randomness in ids).
 */
function market(count: number, seed = 7): MarketPosting[] {
  const rnd = createRandom(seed);
  const out: MarketPosting[] = [];
  for (let id = 1; id <= count; id++) {
    const makeId = rnd.int(1, 5);
    const modelId = makeId * 10 + rnd.int(1, 3);
    const powerKw = 50 + (modelId % 10) * 30 + rnd.int(0, 40);
    const year = rnd.int(2010, 2025);
    const age = refYear - year;
    const odometerKm = age * rnd.int(8_000, 22_000);
    const euros = fairEuros({ makeId, powerKw, year, odometerKm }) * (0.93 + rnd.next() * 0.14);
    out.push({
      id,
      makeId,
      modelId,
      year,
      odometerKm,
      powerKw,
      fuel: rnd.pick(["PETROL", "DIESEL"]),
      transmission: rnd.pick(["M", "A"]),
      body: modelId % 2 ? "SUV" : "HATCHBACK",
      region: rnd.pick(["LJUBLJANA", "MARIBOR", "KOPER"]),
      damage: "UNDAMAGED",
      hiddenVin: false,
      price: Math.round(euros) * 100,
      status: "PUBLISHED",
      condition: "USED",
      priceType: "NORMAL",
    });
  }
  return out;
}

const valuationOf = (postings: MarketPosting[], id: number) => {
  const v = valuateMarket(postings, refYear).valuations.find((x) => x.postingId === id);
  if (!v) throw new Error(`posting ${id} not valued`);
  return v;
};

describe("linear algebra", () => {
  it("solves and inverts a symmetric positive-definite system", () => {
    const a = Float64Array.from([4, 2, 0.6, 2, 5, 1, 0.6, 1, 3]);
    const l = cholesky(a, 3);
    const x = choleskySolve(l, 3, [1, 2, 3]);
    const back = [0, 1, 2].map((i) => [0, 1, 2].reduce((s, j) => s + (a[i * 3 + j] ?? 0) * (x[j] ?? 0), 0));
    back.forEach((v, i) => expect(v).toBeCloseTo(i + 1, 10));
    const inv = choleskyInverse(l, 3);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        const s = [0, 1, 2].reduce((t, k) => t + (a[i * 3 + k] ?? 0) * (inv[k * 3 + j] ?? 0), 0);
        expect(s).toBeCloseTo(i === j ? 1 : 0, 10);
      }
    expect(() => cholesky(Float64Array.from([1, 2, 2, 1]), 2)).toThrow(/positive definite/);
  });
});

describe("the market-value fit", () => {
  it("estimates each car without itself to within the market's noise: median error under 5 %", () => {
    const postings = market(1500);
    const fit = fitMarket(postings as (MarketPosting & { price: number })[], refYear);
    const errors = postings
      .map((p, i) => Math.abs(Math.exp(fit.looLog[i] ?? 0) / ((p.price ?? 0) / 100) - 1))
      .sort((a, b) => a - b);
    expect(errors[errors.length >> 1]).toBeLessThan(0.05);
    // 12 % a year and a bit for mileage: the shared age slope plus the make's own is near −0.13.
    expect(fit.coefficients.dense.age).toBeLessThan(-0.08);
    expect(fit.coefficients.dense.age).toBeGreaterThan(-0.2);
  });

  it("leaves every car out of its own estimate: its own price never moves its own mid", () => {
    // A thin model family (three cars) gives each car a large say in its model's level.
    const postings = market(600).map((p) => (p.id <= 3 ? { ...p, modelId: 999 } : p));
    const priced = (factor: number) =>
      valuationOf(
        postings.map((p) => (p.id === 2 ? { ...p, price: Math.round((p.price ?? 0) * factor) } : p)),
        2,
      );
    const base = priced(1).mid ?? 0;
    // Within one rounding step (100 €); a fit that kept the car in would move 1–2 %.
    for (const factor of [0.9, 0.95, 1.05, 1.15, 10])
      expect(Math.abs((priced(factor).mid ?? 0) / base - 1)).toBeLessThan(0.006);
    // …and would soften its own rating: 15 % under its market stays Odlična cena.
    expect(priced(0.85).rating).toBe("GREAT");
  });

  it("predicts a car it has never seen from the stored coefficients, an unknown model falling back to its make", () => {
    const postings = market(800);
    const { coefficients } = fitMarket(postings as (MarketPosting & { price: number })[], refYear);
    const car = { ...(postings[0] as MarketPosting), year: 2020, odometerKm: 90_000 };
    const known = predictLog(coefficients, car);
    const unknownModel = predictLog(coefficients, { ...car, modelId: 999 });
    expect(Math.abs(known - unknownModel)).toBeLessThan(0.3);
    expect(predictLog(coefficients, { ...car, year: 2024 })).toBeGreaterThan(known);
    expect(predictLog(coefficients, { ...car, odometerKm: 200_000 })).toBeLessThan(known);
  });
});

describe("ratings", () => {
  it("has five fixed bands on price / mid − 1", () => {
    expect([-0.3, -0.12, -0.08, -0.05, 0, 0.049, 0.05, 0.119, 0.12, 0.4].map(rateDeviation)).toEqual([
      "GREAT",
      "GREAT",
      "GOOD",
      "GOOD",
      "FAIR",
      "FAIR",
      "HIGH",
      "HIGH",
      "TOO_HIGH",
      "TOO_HIGH",
    ]);
  });

  it("rates a car priced 25 % under its comparables Odlična cena and 25 % over Previsoka cena", () => {
    const postings = market(1200);
    const base = valuationOf(postings, 100);
    expect(base.mid).not.toBeNull();
    const fairMid = base.mid ?? 0;
    const planted = (factor: number) =>
      valuationOf(
        postings.map((p) => (p.id === 100 ? { ...p, price: Math.round(fairMid * factor) } : p)),
        100,
      ).rating;
    expect(planted(0.75)).toBe("GREAT");
    expect(planted(1.25)).toBe("TOO_HIGH");
    expect(planted(1)).toBe("FAIR");
  });

  it("rates most of an honest market Poštena cena and keeps the range around the mid", () => {
    const { valuations } = valuateMarket(market(1500), refYear);
    const fair = valuations.filter((v) => v.rating === "FAIR").length;
    expect(fair / valuations.length).toBeGreaterThan(0.5);
    for (const v of valuations.filter((x) => x.mid)) {
      expect(v.low ?? 0).toBeLessThan(v.mid ?? 0);
      expect(v.high ?? 0).toBeGreaterThan(v.mid ?? 0);
    }
  });
});

describe("who is rated", () => {
  it("rates neither new cars nor rental-only postings nor drafts, and values sold ones as market data", () => {
    const postings = market(500).map((p) =>
      p.id === 1
        ? { ...p, condition: "BRAND_NEW" }
        : p.id === 2
          ? { ...p, priceType: "RENTAL_ONLY", price: null }
          : p.id === 3
            ? { ...p, status: "DRAFT" }
            : p.id === 4
              ? { ...p, status: "SOLD" }
              : p,
    );
    const ids = new Set(valuateMarket(postings, refYear).valuations.map((v) => v.postingId));
    expect([1, 2, 3].filter((id) => ids.has(id))).toEqual([]);
    expect(ids.has(4)).toBe(true);
  });

  it("says Ni dovolj podatkov for a model with too few comparables anywhere", () => {
    const lonely = { ...(market(1)[0] as MarketPosting), id: 9_001, makeId: 77, modelId: 771, body: "PICKUP" };
    const v = valuationOf([...market(400), lonely], 9_001);
    expect(v).toMatchObject({ rating: "NOT_ENOUGH_DATA", mid: null, deviationBp: null });
    expect(v.comparables).toBeLessThan(5);
  });

  it("rates a crashed car only when at least three cars of its make near its age share that state", () => {
    const postings = market(900);
    const crashed = (ids: number[]) => postings.map((p) => (ids.includes(p.id) ? { ...p, damage: "CRASHED" } : p));
    const target = postings.find((p) => p.id > 10 && p.makeId === 1) as MarketPosting;
    const sameMake = postings.filter(
      (p) => p.makeId === 1 && p.id !== target.id && Math.abs(p.year - target.year) <= 5,
    );
    expect(valuationOf(crashed([target.id]), target.id).rating).toBe("NOT_ENOUGH_DATA");
    const withThree = crashed([target.id, ...sameMake.slice(0, 3).map((p) => p.id)]);
    expect(valuationOf(withThree, target.id).rating).not.toBe("NOT_ENOUGH_DATA");
    const hidden = postings.map((p) => (p.id === target.id ? { ...p, hiddenVin: true } : p));
    expect(valuationOf(hidden, target.id).rating).toBe("NOT_ENOUGH_DATA");
  });
});

describe("the explanation", () => {
  it("names mileage first for a car with far fewer kilometres than its family, as a plus in cents", () => {
    const postings = market(1200);
    const target = postings[50] as MarketPosting;
    const low = postings.map((p) => (p.id === target.id ? { ...p, odometerKm: 5_000, year: 2018 } : p));
    const v = valuationOf(low, target.id);
    const mileage = v.factors.find((f) => f.factor === "MILEAGE");
    expect(mileage?.cents).toBeGreaterThan(0);
    expect(v.factors.length).toBeLessThanOrEqual(3);
    const high = valuationOf(
      postings.map((p) => (p.id === target.id ? { ...p, odometerKm: 400_000, year: 2018 } : p)),
      target.id,
    );
    expect(high.factors.find((f) => f.factor === "MILEAGE")?.cents).toBeLessThan(0);
  });
});

describe("the estimate for one car not in the fit (the wizard's, a new posting's)", () => {
  const stored = (postings: MarketPosting[]) => {
    const { coefficients, references, valuations } = valuateMarket(postings, refYear);
    return { market: { coefficients, familyReferences: Object.fromEntries(references) }, valuations };
  };
  const estimate = (m: StoredMarket, postings: MarketPosting[], car: MarketPosting, price: number | null) =>
    estimateCar(m, car, price, comparablesAmong(car, postings));

  it("agrees with the posting's own left-out estimate, rates a price once there is one, and explains it", () => {
    const postings = market(1200);
    const { market: m, valuations } = stored(postings);
    const car = postings[30] as MarketPosting;
    const own = valuations.find((v) => v.postingId === car.id);
    const noPrice = estimate(m, postings, car, null);
    expect(noPrice.rating).toBeNull();
    expect(noPrice).toMatchObject({ scope: own?.scope, comparables: own?.comparables });
    expect(Math.abs((noPrice.mid ?? 0) / (own?.mid ?? 1) - 1)).toBeLessThan(0.03);
    expect(noPrice.low ?? 0).toBeLessThan(noPrice.mid ?? 0);
    expect(estimate(m, postings, car, Math.round((noPrice.mid ?? 0) * 0.75)).rating).toBe("GREAT");
    expect(estimate(m, postings, car, Math.round((noPrice.mid ?? 0) * 1.3)).rating).toBe("TOO_HIGH");
    const fewKm = { ...car, odometerKm: 2_000, year: 2016 };
    expect(estimate(m, postings, fewKm, null).factors.map((f) => f.factor)).toContain("MILEAGE");
  });

  it("has the standard error the daily run gives the same car left out (the stored blocks of the inverse)", () => {
    const postings = market(900) as (MarketPosting & { price: number })[];
    for (const id of [3, 40, 222, 517]) {
      const car = postings[id - 1] as MarketPosting;
      const inFit = fitMarket(postings, refYear);
      const without = fitMarket(
        postings.filter((p) => p.id !== id),
        refYear,
      );
      const se = predictionSe(without.coefficients, car);
      expect(Math.abs(se / (inFit.looSe[id - 1] ?? 1) - 1)).toBeLessThan(0.1);
      expect(Math.abs(predictLog(without.coefficients, car) - (inFit.looLog[id - 1] ?? 0))).toBeLessThan(0.01);
    }
    // A family the fit never saw rests on its make alone: a wider error than a car of a known family.
    const car = postings[3] as MarketPosting;
    const c = fitMarket(postings, refYear).coefficients;
    expect(predictionSe(c, { ...car, modelId: 4242 })).toBeGreaterThan(predictionSe(c, car));
    expect(predictionSe({ ...c, covariance: undefined }, car)).toBe(Number.POSITIVE_INFINITY);
  });

  it("counts the comparables as the daily run does, the seller's own cars left out", () => {
    const postings = market(700).map((p) => ({ ...p, sellerKey: `u${p.id % 40}` }));
    const { valuations } = valuateMarket(postings, refYear);
    for (const v of valuations) {
      const car = postings[v.postingId - 1] as MarketPosting;
      expect(comparablesAmong(car, postings)).toMatchObject({ scope: v.scope, comparables: v.comparables });
    }
  });

  it("counts the cars sharing a special state as the daily run does, the seller's own cars left out", () => {
    const states = [null, "DAMAGED", "CRASHED", "HIDDEN_VIN"] as const;
    const postings = market(700).map((p) => {
      const state = states[(p.id * 7) % 11 < 4 ? (p.id * 7) % 11 : 0] ?? null;
      return {
        ...p,
        sellerKey: `u${p.id % 23}`,
        damage: state === "DAMAGED" || state === "CRASHED" ? state : "UNDAMAGED",
        hiddenVin: state === "HIDDEN_VIN",
      };
    });
    const sharing = stateSharing(postings.filter(isValued));
    const special = postings.filter((p) => sharing(p) !== null);
    expect(special.length).toBeGreaterThan(150);
    for (const car of postings) expect(sharing(car), `car ${car.id}`).toBe(comparablesAmong(car, postings).sharing);
    // Some cars have their seller's own cars in the state too: the counts differ from a count that kept them.
    expect(
      special.some((p) => special.some((q) => q !== p && q.sellerKey === p.sellerKey && q.makeId === p.makeId)),
    ).toBe(true);
  });

  it("a damaged car or a hidden VIN is estimated only with three cars of its make in that state within five years", () => {
    const postings = market(800);
    const { market: m } = stored(postings);
    const car = { ...(postings[5] as MarketPosting), id: 9_000 };
    // A family with no cars of its own falls back to its make's cars of its body, as a posting's does.
    expect(estimate(m, postings, { ...car, modelId: 4242 }, null)).toMatchObject({ scope: "MAKE", rating: null });
    const crashed = { ...car, damage: "CRASHED" };
    expect(estimate(m, postings, crashed, 1_000_000)).toMatchObject({ rating: "NOT_ENOUGH_DATA", mid: null });
    expect(estimate(m, postings, { ...car, hiddenVin: true }, 1_000_000).rating).toBe("NOT_ENOUGH_DATA");
    const sameMake = postings.filter((p) => p.makeId === car.makeId && Math.abs(p.year - car.year) <= 5);
    const withCrashed = (n: number) =>
      postings.map((p) => (sameMake.slice(0, n).includes(p) ? { ...p, damage: "CRASHED" } : p));
    expect(estimate(stored(withCrashed(2)).market, withCrashed(2), crashed, 1_000_000).rating).toBe("NOT_ENOUGH_DATA");
    // (The fit must have seen crashed cars: a state it never saw has no coefficient, an error past the gate.)
    const three = estimate(stored(withCrashed(3)).market, withCrashed(3), crashed, 1_000_000);
    expect(three.rating).not.toBe("NOT_ENOUGH_DATA");
    expect(three.mid).toBeGreaterThan(0);
  });
});

describe("a market of identical listings", () => {
  it("still gives a range around the mid (never zero wide)", () => {
    const same = (id: number): MarketPosting => ({
      ...(market(1)[0] as MarketPosting),
      id,
      makeId: 1,
      modelId: 11,
      year: 2019,
      odometerKm: 85_000,
      powerKw: 100,
      price: 1_234_500,
    });
    const postings = [...market(300), ...Array.from({ length: 400 }, (_, i) => same(10_000 + i))];
    const v = valuateMarket(postings, refYear).valuations.find((x) => x.postingId === 10_005);
    expect(v?.mid).toBeTruthy();
    expect(v?.low ?? 0).toBeLessThan(v?.mid ?? 0);
    expect(v?.high ?? 0).toBeGreaterThan(v?.mid ?? 0);
  });
});

describe("what a rating cannot rest on", () => {
  it("a seller's own cars are not its comparables: eight of one dealer's cars alone are Ni dovolj podatkov", async () => {
    const fleet = Array.from(
      { length: 8 },
      (_, i): MarketPosting => ({
        ...(market(1)[0] as MarketPosting),
        id: 20_000 + i,
        makeId: 88,
        modelId: 881,
        body: "VAN",
        year: 2020,
        odometerKm: 60_000 + i * 1_000,
        price: 2_500_000,
        sellerKey: "d7",
      }),
    );
    const v = valuateMarket([...market(300), ...fleet], refYear).valuations.find((x) => x.postingId === 20_003);
    expect(v?.rating).toBe("NOT_ENOUGH_DATA");
    const mixed = fleet.map((p, i) => ({ ...p, sellerKey: `u${i}` }));
    expect(
      valuateMarket([...market(300), ...mixed], refYear).valuations.find((x) => x.postingId === 20_003)?.rating,
    ).not.toBe("NOT_ENOUGH_DATA");
  });

  it("a placeholder price (1 €) or a fantasy one is not rated at all, and a price Po dogovoru is no data", () => {
    const postings = market(600);
    const priced = (price: number) =>
      valuateMarket(
        postings.map((p) => (p.id === 77 ? { ...p, price } : p)),
        refYear,
      ).valuations.find((v) => v.postingId === 77);
    expect(priced(100)).toMatchObject({ rating: null, deviationBp: null });
    expect(priced(100_000_000)).toMatchObject({ rating: null, deviationBp: null });
    const negotiable = postings.map((p) => (p.id === 77 ? { ...p, priceType: "NEGOTIABLE" } : p));
    expect(valuateMarket(negotiable, refYear).valuations.some((v) => v.postingId === 77)).toBe(false);
  });
});

describe("nobody can plant a rating with their own cars (issue 28)", () => {
  /** The honest market, every car its own private seller. */
  const honest = (count: number) => market(count).map((p) => ({ ...p, sellerKey: `u${p.id}` }));
  const crashedAttack = (others: number) => {
    const postings = honest(900);
    const target = postings.find((p) => p.id > 10 && p.makeId === 1) as MarketPosting;
    const near = postings.filter((p) => p.makeId === 1 && p.id !== target.id && Math.abs(p.year - target.year) <= 5);
    const dealer = new Set([target.id, ...near.slice(0, 3).map((p) => p.id)]);
    const othersCrashed = new Set(near.slice(3, 3 + others).map((p) => p.id));
    const out = postings.map((p) =>
      dealer.has(p.id)
        ? { ...p, damage: "CRASHED", sellerKey: "d5" }
        : othersCrashed.has(p.id)
          ? { ...p, damage: "CRASHED" }
          : p,
    );
    return { postings: out, target: out.find((p) => p.id === target.id) as MarketPosting };
  };

  it("a dealer's own crashed cars do not let its crashed car be rated; three other sellers' do", () => {
    const alone = crashedAttack(0);
    expect(valuationOf(alone.postings, alone.target.id).rating).toBe("NOT_ENOUGH_DATA");
    expect(comparablesAmong(alone.target, alone.postings).sharing).toBe(0);
    const two = crashedAttack(2);
    expect(valuationOf(two.postings, two.target.id).rating).toBe("NOT_ENOUGH_DATA");
    const three = crashedAttack(3);
    expect(valuationOf(three.postings, three.target.id).rating).not.toBe("NOT_ENOUGH_DATA");
    expect(comparablesAmong(three.target, three.postings).sharing).toBe(3);
  });

  /**
   * One dealer lists fifteen cars of one family 30 % over the market and a sixteenth at +10 %; a private seller
   * lists one at the market. Family 11 has about `count / 15` honest cars.
   */
  const fleetAttack = (count: number) => {
    const fleetCar = (i: number, over: number): MarketPosting => {
      const year = 2015 + (i % 8);
      const odometerKm = (refYear - year) * 14_000 + (i % 5) * 3_000;
      const car = { makeId: 1, modelId: 11, year, odometerKm, powerKw: 90 };
      return {
        ...(market(1)[0] as MarketPosting),
        ...car,
        id: 30_000 + i,
        body: "SUV",
        price: Math.round(fairEuros(car) * over) * 100,
        sellerKey: "d9",
      };
    };
    const fleet = Array.from({ length: 15 }, (_, i) => fleetCar(i, 1.3));
    const own = { ...fleetCar(15, 1.1), year: 2019, odometerKm: 95_000 };
    own.price = Math.round(fairEuros(own) * 1.1) * 100;
    const privateCar = { ...own, id: 40_000, sellerKey: "u40000", price: Math.round(fairEuros(own)) * 100 };
    const postings = [...honest(count), ...fleet, own, privateCar];
    const { valuations } = valuateMarket(postings, refYear);
    const of = (id: number) => valuations.find((v) => v.postingId === id);
    return { own: of(own.id), privateCar: of(privateCar.id) };
  };

  it("a dealer's fleet of overpriced cars does not make its own car look cheap, nor an honest one a bargain", () => {
    // A thin family (about ten honest cars, where the fleet outnumbers them) and a fuller one (about thirty).
    for (const count of [150, 450]) {
      const { own, privateCar } = fleetAttack(count);
      // Its car is 10 % over the honest market: never a bargain, and never shown under its mid.
      expect(own?.rating, `own car among ${count}`).not.toMatch(/^(GREAT|GOOD)$/);
      expect(own?.deviationBp ?? 0, `own car among ${count}`).toBeGreaterThan(0);
      // A private seller's car at the honest market is a fair price, not pushed down to a bargain.
      expect(privateCar?.rating, `private car among ${count}`).toBe("FAIR");
    }
  });

  /**
   * Eight accounts, two cars each 30 % over the market in family 11, and two more cars (one 10 % over the market, one
   * at it) from two more sellers; `established`: whether the honest market has been on sale a week by sellers who
   * signed up a month before, and whether the accounts have.
   */
  const accountsAttack = (count: number, established: { honest: boolean; accounts: boolean }, by = 1.3) => {
    const car = (i: number, id: number, over: number, sellerKey: string, isEstablished: boolean): MarketPosting => {
      const year = 2015 + (i % 8);
      const odometerKm = (refYear - year) * 14_000 + (i % 5) * 3_000;
      const facts = { makeId: 1, modelId: 11, year, odometerKm, powerKw: 90 };
      return {
        ...(market(1)[0] as MarketPosting),
        ...facts,
        id,
        body: "SUV",
        price: Math.round(fairEuros(facts) * over) * 100,
        sellerKey,
        established: isEstablished,
      };
    };
    const accounts = Array.from({ length: 16 }, (_, i) =>
      car(i, 30_000 + i, by, `u${31_000 + (i % 8)}`, established.accounts),
    );
    const over = car(3, 40_000, 1.1, "u40000", false);
    const at = car(3, 40_001, 1, "u40001", false);
    const postings = [...honest(count).map((p) => ({ ...p, established: established.honest })), ...accounts, over, at];
    const { valuations } = valuateMarket(postings, refYear);
    const of = (id: number) => valuations.find((v) => v.postingId === id);
    return { over: of(over.id), at: of(at.id) };
  };

  it("eight accounts with two cars 30 % over the market do not make a car 10 % over it look fair", () => {
    // New listings against an established market, thin (about ten honest cars) or fuller (about thirty): out of the
    // fit, and the ratings are the honest market's.
    for (const count of [150, 450]) {
      const { over, at } = accountsAttack(count, { honest: true, accounts: false });
      expect(over?.rating, `${count} cars: ${JSON.stringify(over)}`).toMatch(/^(HIGH|TOO_HIGH)$/);
      expect(at?.rating, `${count} cars`).toBe("FAIR");
    }
    // Established ones (on sale a week): a third of the family's weight off its centre, from eight sellers, contests
    // the family: nobody in it is rated, rather than rated against whichever side weighs more.
    const { over, at } = accountsAttack(450, { honest: true, accounts: true });
    expect(over?.rating, JSON.stringify(over)).toBe("NOT_ENOUGH_DATA");
    expect(at?.rating).toBe("NOT_ENOUGH_DATA");
    // Without the accounts, the same family is rated.
    const control = accountsAttack(450, { honest: true, accounts: true }, 1);
    expect(control.over?.rating).toMatch(/^(HIGH|TOO_HIGH)$/);
    expect(control.at?.rating).toBe("FAIR");
  });

  /**
   * A fresh make (9): a thin family (91) of `thin` honest cars from three established sellers, and accounts alone in
   * sister families of the make (`sisters`: per family, its cars' sellers), new listings priced `by` the market; then a
   * car 10 % over the thin family's market and one at it, from two more sellers (decision 088, "Session 22").
   */
  const sisterAttack = (by: number, sisters: string[][], thin = 12) => {
    const car = (i: number, id: number, modelId: number, over: number, sellerKey: string, established: boolean) => {
      const year = 2015 + (i % 7);
      const odometerKm = (refYear - year) * 15_000 + (i % 4) * 4_000;
      const facts = { makeId: 9, modelId, year, odometerKm, powerKw: 96 };
      const noise = 0.96 + ((i * 7) % 9) / 100;
      return {
        ...(market(1)[0] as MarketPosting),
        ...facts,
        id,
        body: "SUV",
        price: Math.round(fairEuros(facts) * noise * over) * 100,
        sellerKey,
        established,
      };
    };
    let id = 50_000;
    const family = Array.from({ length: thin }, (_, i) => car(i, id++, 91, 1, `h${i % 3}`, true));
    const accounts = sisters.flatMap((sellers, f) =>
      sellers.map((seller, i) => car(i + f, id++, 92 + f, by, seller, false)),
    );
    const over = car(7, 60_000, 91, 1.1, "o", false);
    const at = car(7, 60_001, 91, 1, "p", false);
    const postings = [...honest(450).map((p) => ({ ...p, established: true })), ...family, ...accounts, over, at];
    const { valuations, coefficients } = valuateMarket(postings, refYear);
    const of = (x: number) => valuations.find((v) => v.postingId === x);
    return { over: of(over.id), at: of(at.id), coefficients, postings };
  };
  /** `families` sister families of `cars` cars each, the i-th car's seller `seller(family, i)`. */
  const sisters = (families: number, cars: number, seller: (f: number, i: number) => string) =>
    Array.from({ length: families }, (_, f) => Array.from({ length: cars }, (_, i) => seller(f, i)));

  it("accounts alone in sister families of a make do not move a thin family's estimate (priced high or low)", () => {
    const attacks: [string, string[][], number?][] = [
      ["eight accounts in three sister families", sisters(3, 16, (_, i) => `a${i % 8}`)],
      [
        "sixteen accounts in two sister families (they outweigh the thin family's sellers)",
        sisters(2, 16, (_, i) => `b${i}`),
      ],
      ["eight accounts in pairs across eight sister families", sisters(8, 4, (f, i) => `a${(2 * f + (i % 2)) % 8}`)],
      [
        "eight accounts in three sister families, a family of three honest cars",
        sisters(3, 16, (_, i) => `a${i % 8}`),
        3,
      ],
    ];
    for (const [label, sellers, thin] of attacks) {
      const control = sisterAttack(1, [], thin);
      expect(control.over?.rating, `${label}, no accounts`).toMatch(/^(HIGH|TOO_HIGH)$/);
      expect(control.at?.rating, `${label}, no accounts`).toBe("FAIR");
      for (const by of [1.3, 1.5, 0.75]) {
        const { over, at } = sisterAttack(by, sellers, thin);
        const moved = (at?.mid ?? 0) / (control.at?.mid ?? 1) - 1;
        const detail = `${label}, at ${by}: +10 % ${JSON.stringify(over)}; at the market ${JSON.stringify(at)}; mid moved ${(moved * 100).toFixed(1)} %`;
        expect(over?.rating, detail).toMatch(/^(HIGH|TOO_HIGH)$/);
        expect(at?.rating, detail).toBe("FAIR");
        // Before (session 21) the first attack moved the thin family's mid by about +10 % (at 1.3), +21 % (at 1.5) and
        // −10 % (at 0.75). Now a family the accounts outweigh at its make's centre (the second attack, and the family
        // of three) is measured from its own cars, no longer shrunk towards the make: its mid moves by that, at most
        // 4.2 % (the control's mid is itself 3.4 % over this car's honest price); the others under 1 %.
        expect(Math.abs(moved), detail).toBeLessThan(0.045);
      }
    }
  }, 60_000);

  /**
   * A group of cars the accounts can fill on their own (a rare fuel, a damage state, a hidden VIN, a rare body, a small
   * region: `into` puts a car in it): six honest cars of it from three established sellers in make 1's families, then
   * `accounts` accounts with two cars each in it priced `by` the market, in the market's fifteen families or in three
   * families of a make of their own (9); then a car of the group 10 % over the market and one at it (family 11, two more
   * sellers). Decision 088, "Session 23".
   */
  const groupAttack = (
    into: (p: MarketPosting) => MarketPosting,
    by: number,
    accounts: number,
    where: "market" | "own make",
    established: boolean,
  ) => {
    const car = (i: number, id: number, modelId: number, over: number, sellerKey: string, isEstablished: boolean) => {
      const year = 2015 + (i % 7);
      const odometerKm = (refYear - year) * 15_000 + (i % 4) * 4_000;
      const facts = { makeId: Math.floor(modelId / 10), modelId, year, odometerKm, powerKw: 66 + (modelId % 10) * 30 };
      const noise = 0.96 + ((i * 7) % 9) / 100;
      return into({
        ...(market(1)[0] as MarketPosting),
        ...facts,
        id,
        body: modelId % 2 ? "SUV" : "HATCHBACK",
        fuel: "PETROL",
        transmission: "M",
        price: Math.round(fairEuros(facts) * noise * over) * 100,
        sellerKey,
        established: isEstablished,
      });
    };
    const families = [11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 42, 43, 51, 52, 53];
    let id = 50_000;
    const members = Array.from({ length: 6 }, (_, i) => car(i, id++, 11 + (i % 3), 1, `h${i % 3}`, true));
    const fill = Array.from({ length: 2 * accounts }, (_, i) =>
      car(i, id++, where === "own make" ? 91 + (i % 3) : (families[i % 15] as number), by, `a${i >> 1}`, established),
    );
    const over = car(7, 60_000, 11, 1.1, "o", false);
    const at = car(7, 60_001, 11, 1, "p", false);
    const postings = [...honest(450).map((p) => ({ ...p, established: true })), ...members, ...fill, over, at];
    const { valuations } = valuateMarket(postings, refYear);
    const of = (x: number) => valuations.find((v) => v.postingId === x);
    return { over: of(over.id), at: of(at.id) };
  };

  it("accounts alone in a rare fuel, damage state, hidden VIN, body or region do not move an honest car of it", () => {
    const groups: Record<string, (p: MarketPosting) => MarketPosting> = {
      "LPG gas": (p) => ({ ...p, fuel: "LPG" }),
      electric: (p) => ({ ...p, fuel: "ELECTRIC" }),
      crashed: (p) => ({ ...p, damage: "CRASHED" }),
      "hidden VIN": (p) => ({ ...p, hiddenVin: true }),
      "a rare body": (p) => ({ ...p, body: "CONVERTIBLE" }),
      "a small region": (p) => ({ ...p, region: "POMURSKA" }),
    };
    const attacks: [string, number, "market" | "own make", boolean][] = [
      ["LPG gas", 8, "market", false],
      ["LPG gas", 8, "market", true],
      ["LPG gas", 32, "market", false],
      ["LPG gas", 8, "own make", false],
      ["LPG gas", 8, "own make", true],
      ["electric", 8, "market", true],
      ["crashed", 8, "market", true],
      ["hidden VIN", 8, "market", true],
      ["a rare body", 8, "own make", true],
      ["a small region", 8, "own make", true],
    ];
    const controls = new Map<string, ReturnType<typeof groupAttack>>();
    for (const [group, accounts, where, established] of attacks) {
      const into = groups[group] as (p: MarketPosting) => MarketPosting;
      const control = controls.get(group) ?? groupAttack(into, 1, 0, where, established);
      controls.set(group, control);
      expect(control.over?.rating, `${group}, no accounts`).toMatch(/^(HIGH|TOO_HIGH)$/);
      expect(control.at?.rating, `${group}, no accounts`).toBe("FAIR");
      for (const by of [1.3, 1.5, 0.75]) {
        const { over, at } = groupAttack(into, by, accounts, where, established);
        const moved = (at?.mid ?? 0) / (control.at?.mid ?? 1) - 1;
        const detail = `${group}: ${accounts} ${established ? "established" : "new"} accounts in ${where === "market" ? "the market's families" : "a make of their own"} at ${by}: +10 % ${JSON.stringify(over)}; at the market ${JSON.stringify(at)}; mid moved ${(moved * 100).toFixed(1)} %`;
        expect(over?.rating, detail).toMatch(/^(HIGH|TOO_HIGH)$/);
        expect(at?.rating, detail).toBe("FAIR");
        // Before (a group feature nearly free), eight established accounts in the market's families moved the LPG,
        // electric, crashed and hidden-VIN car's mid by +31 % (at 1.3), +51 % (1.5) and −24 % (0.75); in a make of
        // their own, eight new accounts by +5.6 %, established ones by +43 %. Now under 3 %; a rare body or a small
        // region (levels shrunk since the start) moved under 4 % before and after.
        expect(Math.abs(moved), detail).toBeLessThan(0.045);
      }
    }
  }, 120_000);

  it("a family off its make's centre is estimated from the stored coefficients as the daily run leaves it out", () => {
    const postings = sisterAttack(
      1.3,
      sisters(3, 16, (_, i) => `a${i % 8}`),
    ).postings as (MarketPosting & {
      price: number;
    })[];
    const inFit = fitMarket(postings, refYear);
    expect(Object.keys(inFit.coefficients.shares ?? {}).sort(), "the three sister families are off their make").toEqual(
      ["92", "93", "94"],
    );
    // A sister family's car and the thin family's car at the market, each fitted without itself.
    for (const id of [50_020, 60_001]) {
      const at = postings.findIndex((p) => p.id === id);
      const car = postings[at] as MarketPosting;
      const without = fitMarket(
        postings.filter((p) => p.id !== id),
        refYear,
      );
      // Within 1.5 %: the depreciation a family off its make borrows is a fixed offset in the last round, so leaving
      // one car out moves it by a second-order amount, times the car's age (decision 088, "Session 23").
      expect(Math.abs(predictLog(without.coefficients, car) - (inFit.looLog[at] ?? 0)), `car ${id}`).toBeLessThan(
        0.015,
      );
      expect(Math.abs(predictionSe(without.coefficients, car) / (inFit.looSe[at] ?? 1) - 1), `car ${id}`).toBeLessThan(
        0.1,
      );
    }
  });

  it("a dearer model off its make keeps its make's depreciation: its old cars are valued as in a family that is not off", () => {
    // A fresh make (9) whose cars lose `rate` a year (the market's lose 0.88): three families of sixteen cars from as
    // many sellers, and family 91, fifteen cars 2011–2025 from five sellers, priced `dearer` times the make's (1.4: a
    // better-equipped model, off its make's centre and measured from its own cars). Each car left out of its estimate.
    const meanError = (rate: number, dearer: number) => {
      let id = 80_000;
      const car = (i: number, modelId: number, over: number, sellerKey: string) => {
        const year = 2011 + (i % 15);
        const odometerKm = (refYear - year) * 14_000 + (i % 4) * 3_000;
        const facts = { makeId: 9, modelId, year, odometerKm, powerKw: 100 };
        const euros = fairEuros(facts) * (rate / 0.88) ** (refYear - year) * (0.96 + ((i * 7) % 9) / 100) * over;
        return { ...(market(1)[0] as MarketPosting), ...facts, id: id++, price: Math.round(euros) * 100, sellerKey };
      };
      const sisters = [92, 93, 94].flatMap((m) => Array.from({ length: 16 }, (_, i) => car(i, m, 1, `s${m}-${i}`)));
      const family = Array.from({ length: 15 }, (_, i) => car(i, 91, dearer, `f${i % 5}`));
      const postings = [...honest(450), ...sisters, ...family] as (MarketPosting & { price: number })[];
      const fit = fitMarket(postings, refYear);
      const error = (old: boolean) => {
        const errors = postings
          .map((p, i) => ({ p, e: (Math.exp(fit.looLog[i] ?? 0) * 100) / p.price - 1 }))
          .filter(({ p }) => p.modelId === 91 && refYear - p.year >= 10 === old)
          .map(({ e }) => e);
        return errors.reduce((s, e) => s + e, 0) / errors.length;
      };
      return { old: error(true), young: error(false), share: fit.coefficients.shares?.["91"] ?? 1 };
    };
    for (const rate of [0.82, 0.92]) {
      const control = meanError(rate, 1);
      const off = meanError(rate, 1.4);
      expect(control.share, `${rate}: the control's family is not off`).toBe(1);
      expect(off.share, `${rate}: the dearer family is off its make`).toBeLessThan(0.1);
      // With the market's depreciation only, the old cars' mean error was +30.8 % (0.82; control +2.9 %) and −14.2 %
      // (0.92; control +0.7 %), the young ones' −28.8 % and +17.7 %. Now within 3 points of the control's.
      const detail = `${rate}: off ${JSON.stringify(off)}; control ${JSON.stringify(control)}`;
      expect(Math.abs(off.old - control.old), detail).toBeLessThan(0.03);
      expect(Math.abs(off.young - control.young), detail).toBeLessThan(0.03);
    }
  }, 60_000);

  it("an honest market has no family off its make: it is fitted as before the make's cut", () => {
    for (const count of [600, 1500])
      expect(valuateMarket(honest(count), refYear).coefficients.shares, `${count} cars`).toBeUndefined();
  });

  it("two sellers' odd prices are left out of the fit but do not contest a family, nor a car's price its own rating", () => {
    // A thin family of seven cars, each its own seller's; two of them at a placeholder-like 45 % over (two sellers:
    // more than a quarter of the family's weight, fewer than three sellers).
    const postings = honest(600);
    const sizes = new Map<number, number>();
    for (const p of postings) sizes.set(p.modelId, (sizes.get(p.modelId) ?? 0) + 1);
    const thin = postings.slice(0, 200).filter((p) => p.modelId === 11);
    const family = [...postings.filter((p) => p.modelId !== 11), ...thin.slice(0, 7)];
    const odd = new Set(thin.slice(0, 2).map((p) => p.id));
    const market45 = family.map((p) => (odd.has(p.id) ? { ...p, price: Math.round((p.price ?? 0) * 1.45) } : p));
    const { coefficients, valuations } = valuateMarket(market45, refYear);
    expect(coefficients.contested ?? []).not.toContain(11);
    // A third such seller contests it.
    const third = new Set([...odd, (thin[2] as MarketPosting).id]);
    const contested = valuateMarket(
      family.map((p) => (third.has(p.id) ? { ...p, price: Math.round((p.price ?? 0) * 1.45) } : p)),
      refYear,
    );
    expect(contested.coefficients.contested ?? []).toContain(11);
    expect(
      valuations.filter((v) => odd.has(v.postingId)).every((v) => v.rating !== "NOT_ENOUGH_DATA" || v.comparables < 5),
    ).toBe(true);
  });

  it("one dealer's dearer model, far above its make, is Ni dovolj podatkov, not Previsoka cena", () => {
    // A family of make 1 that only one (or two) dealers sell, honestly priced 40 % over the make's other families (a
    // better-equipped model the features do not see). One or two sellers cannot tell a dearer model from accounts, so
    // its cars are not rated against the make, nor against their own seller's prices.
    const postings = honest(600);
    for (const dealers of [["d8"], ["d8", "d9"]]) {
      const dearer = Array.from({ length: 10 }, (_, i) => {
        const facts = { makeId: 1, modelId: 19, year: 2016 + (i % 6), powerKw: 110 };
        const odometerKm = (refYear - facts.year) * 14_000;
        return {
          ...(postings[0] as MarketPosting),
          ...facts,
          odometerKm,
          id: 70_000 + i,
          price: Math.round(fairEuros({ ...facts, odometerKm }) * 1.4 * (0.97 + (i % 4) / 50)) * 100,
          sellerKey: dealers[i % dealers.length] as string,
        };
      });
      const { coefficients, valuations } = valuateMarket([...postings, ...dearer], refYear);
      expect(coefficients.unsettled, `${dealers.length} sellers`).toContain(19);
      const rated = valuations.filter((v) => v.postingId >= 70_000).map((v) => v.rating);
      expect(rated, `${dealers.length} sellers`).toEqual(Array(10).fill("NOT_ENOUGH_DATA"));
    }
    // The make's other families are rated as before.
    expect(valuateMarket(postings, refYear).coefficients.unsettled).toBeUndefined();
  });

  it("measures each car from its family's median, which a minority of sellers cannot move", () => {
    const family = (modelId: number, residuals: number[]) =>
      residuals.map((_, i) => ({ ...(market(1)[0] as MarketPosting), id: modelId * 100 + i, modelId, price: 1 }));
    const honestResiduals = [-0.04, -0.02, 0, 0.01, 0.03, -0.01, 0.02];
    const attack = [0.3, 0.3, 0.3, 0.3, 0.3];
    const observations = [...family(1, honestResiduals), ...family(2, [...honestResiduals, ...attack])];
    const residual = [...honestResiduals, ...honestResiduals, ...attack];
    const apart = apartFromFamily(observations, residual, new Float64Array(residual.length).fill(1));
    // The honest cars of both families sit within a spread of their centre; the five accounts' cars many spreads off.
    for (let i = 0; i < 14; i++) expect(Math.abs(apart[i] ?? 0)).toBeLessThan(1.5);
    for (let i = 14; i < 19; i++) expect(apart[i] ?? 0).toBeGreaterThan(4);
    // The five weighed more than each honest car: the centre is still the honest cars' while they outweigh the five
    // together (the spread widens as the five near half the family's weight).
    const weights = Float64Array.from(residual, (_, i) => (i >= 14 ? 1 : 0.8));
    const weighed = apartFromFamily(observations, residual, weights);
    for (let i = 7; i < 14; i++) expect(Math.abs(weighed[i] ?? 0)).toBeLessThan(1.5);
    expect(weighed[14] ?? 0).toBeGreaterThan(2.5);
  });
});

describe("the seed's market, which the e2e runs use (decision 088, 'Session 24')", () => {
  it("rates its ordinary family: the wizard's 2018 Golf diesel gets a range, the Golfs on sale their ratings", () => {
    // The VW Golf (model 160): twenty cars from twelve sellers, the seed's noise (±7 %, special offers 4–10 % under,
    // old cars at a tenth of the new price) left out on both sides of the family's centre. Counted together, they sat
    // at the contested quarter (2.86 of 12.71 established weight; more than 3.18 contests it), and the level groups of
    // session 23 nudged one more car under the cut: the whole family "Ni dovolj podatkov", the wizard's too
    // (e2e/market-value-one-car.spec.ts).
    const postings = seedMarket();
    const golfs = new Set(postings.filter((p) => p.modelId === 160).map((p) => p.id));
    const { coefficients, references, valuations } = valuateMarket(postings, refYear);
    expect(coefficients.contested ?? []).not.toContain(160);
    const rated = valuations.filter((v) => golfs.has(v.postingId) && v.mid !== null);
    // Of its 20 valued cars, 15 rated before session 23 (the others: two crashed ones with too few of their make in the
    // state, a hidden VIN, a 2025 car and a station wagon with fewer than five comparables); none with its rule.
    expect(rated.length, JSON.stringify(valuations.filter((v) => golfs.has(v.postingId)))).toBeGreaterThanOrEqual(15);
    const draft: MarketPosting = {
      id: 1201,
      status: "DRAFT",
      condition: null,
      priceType: "NORMAL",
      price: 1_290_000,
      makeId: 12,
      modelId: 160,
      year: 2018,
      odometerKm: 110_000,
      powerKw: 85,
      fuel: "DIESEL",
      transmission: "M",
      body: "HATCHBACK",
      region: "LJUBLJANA",
      damage: null,
      hiddenVin: false,
      sellerKey: "u193",
    };
    const stored: StoredMarket = { coefficients, familyReferences: Object.fromEntries(references) };
    const wizard = estimateCar(stored, draft, draft.price, comparablesAmong(draft, postings));
    expect(wizard.comparables, JSON.stringify(wizard)).toBeGreaterThanOrEqual(5);
    expect(wizard.mid, JSON.stringify(wizard)).toBeGreaterThan(0);
    expect(wizard.low ?? 0).toBeLessThan(wizard.mid ?? 0);
    expect(wizard.high ?? 0).toBeGreaterThan(wizard.mid ?? 0);
    expect(wizard.rating).not.toBe("NOT_ENOUGH_DATA");
  });

  it("contests a family whose left-out cars are on one side of its centre, not one whose noise falls on both", () => {
    // Sixteen established cars of family 11, each its own seller's (weight 1): `out` of them left out above the
    // family's centre and `under` below (20 % off, biweight share 0), the rest near it.
    const contested = (out: number, under: number) => {
      const cars = Array.from({ length: 16 }, (_, i) => ({
        ...(market(1)[0] as MarketPosting),
        id: i + 1,
        modelId: 11,
        price: 1_000_000,
        sellerKey: `s${i}`,
        established: true,
      }));
      const off = cars.map((_, i) => (i < out ? 0.2 : i < out + under ? -0.2 : 0.01));
      const kept = off.map((o) => (Math.abs(o) > 0.1 ? 0 : 0.99));
      return contestedFamilies(cars, new Float64Array(16).fill(1), kept, Float64Array.from(off)).has(11);
    };
    // Five of sixteen on one side (31 %, five sellers): sellers who disagree (accounts, a dearer trim).
    expect(contested(5, 0)).toBe(true);
    expect(contested(0, 5)).toBe(true);
    // Three above and three below (19 % each, 38 % together): honest noise, contested before session 24.
    expect(contested(3, 3)).toBe(false);
    expect(contested(5, 3)).toBe(true);
  });
});
