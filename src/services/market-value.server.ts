/**
 * The daily market valuation (issue 28, decision 088): read every posting that is market data, fit,
 * value each posting without itself, write the estimates and ratings back. Runs in the cron; the
 * request path only reads what it wrote.
 */
import type { Db } from "~/db/client.server";
import { readMarketModel, readMarketPostings, writeMarketValues } from "~/db/market-values.server";
import { estimateCar, type MarketEstimate } from "~/domain/market-value/estimate";
import type { SessionUser } from "~/domain/session";
import { ownDraft } from "./drafts.server";
import { ljubljanaParts } from "~/domain/ljubljana-time";
import { isValued, valuateMarket } from "~/domain/market-value/valuate";

export type MarketRun = {
  valued: number;
  rated: number;
  medianErrorBp: number;
  statements: number;
  /** Wall time of each step, in ms (in a Worker the clock moves only across I/O, so the fit shows as 0 there). */
  ms: { read: number; fit: number; write: number };
};

/** Values the whole market at `now` and stores the result. */
export async function recomputeMarketValues(db: Db, now = new Date()): Promise<MarketRun> {
  const t0 = Date.now();
  const market = await readMarketPostings(db, now);
  const t1 = Date.now();
  const { coefficients, references, valuations, medianError } = valuateMarket(market, ljubljanaParts(now).year);
  const familyYears: Record<string, Record<string, number>> = {};
  for (const p of market.filter(isValued)) {
    const years = familyYears[p.modelId] ?? {};
    years[p.year] = (years[p.year] ?? 0) + 1;
    familyYears[p.modelId] = years;
  }
  const t2 = Date.now();
  const medianErrorBp = Math.round(medianError * 10_000);
  const { statements } = await writeMarketValues(db, {
    valuations,
    coefficients,
    references: Object.fromEntries(references),
    familyYears,
    medianErrorBp,
    computedAt: now.toISOString(),
  });
  return {
    valued: valuations.length,
    rated: valuations.filter((v) => v.rating !== null && v.rating !== "NOT_ENOUGH_DATA").length,
    medianErrorBp,
    statements,
    ms: { read: t1 - t0, fit: t2 - t1, write: Date.now() - t2 },
  };
}

/**
 * `GET draft/{code}/market-value`: the estimate for the car as entered so far and, with a price, its rating
 * (the drafts' own guard: the seller, their dealership, editors and admins). Before the first daily run,
 * or without make, model and year, "Ni dovolj podatkov".
 */
export async function draftMarketEstimate(db: Db, user: SessionUser, code: string): Promise<MarketEstimate> {
  const { posting: p } = await ownDraft(db, user, code);
  const year = p.modelYear ?? Number(String(p.firstRegistration ?? "").slice(0, 4));
  const market = await readMarketModel(db);
  // New cars and rental-only postings are not rated (rating null, no range); nothing to go on is "Ni dovolj podatkov".
  const unrated = p.vehicleCondition === "BRAND_NEW" || p.priceType === "RENTAL_ONLY";
  if (unrated || !market || !p.manufacturerId || !p.baseModelId || !Number.isFinite(year) || year < 1900) {
    const y = Number.isFinite(year) ? year : 0;
    return {
      rating: unrated ? null : "NOT_ENOUGH_DATA",
      low: null,
      mid: null,
      high: null,
      deviationBp: null,
      comparables: 0,
      scope: "MODEL",
      yearFrom: y - 3,
      yearTo: y + 3,
      factors: [],
    };
  }
  const car = {
    makeId: p.manufacturerId,
    modelId: p.baseModelId,
    year,
    odometerKm: p.odometerKm ?? 0,
    powerKw: p.powerKw,
    fuel: p.fuel,
    transmission: p.transmission,
    body: p.bodyType,
    region: p.contactRegion,
    damage: p.damage,
    hiddenVin: p.hiddenVin,
  };
  return estimateCar(market, car, p.searchPrice);
}
