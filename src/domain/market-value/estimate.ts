import { type MarketCar, specialState } from "./features";
import { type MarketCoefficients, predictLog } from "./fit";
import { rateOrNull } from "./rating";
import { comparableYears, type FamilyReference, explainEstimate, minComparables, type Valuation } from "./valuate";

/** The stored market (one row of `market_models`): what an estimate for a car not yet posted reads. */
export type StoredMarket = {
  coefficients: MarketCoefficients;
  familyReferences: Record<string, FamilyReference>;
  familyYears: Record<string, Record<string, number>>;
};

/** What the wizard shows: a valuation without a posting (no rating before a price is entered). */
export type MarketEstimate = Omit<Valuation, "postingId">;

const rangeZ = 0.8416;
const roundCents = (euros: number) => Math.round(euros * 100);

/**
 * The estimate for a car being entered (decision 088): the stored coefficients' prediction, no fit.
 * Comparables are its model family's valued cars within ±3 years; fewer than five, or a damaged car or
 * a hidden VIN (whose state-sharing comparables are not stored), is "Ni dovolj podatkov". `price` in
 * cents, or null before one is entered (then there is a range but no rating).
 */
export function estimateCar(market: StoredMarket, car: MarketCar, price: number | null): MarketEstimate {
  const yearFrom = car.year - comparableYears;
  const yearTo = car.year + comparableYears;
  const years = market.familyYears[String(car.modelId)] ?? {};
  let comparables = 0;
  for (let y = yearFrom; y <= yearTo; y++) comparables += years[String(y)] ?? 0;
  const base = { comparables, scope: "MODEL" as const, yearFrom, yearTo };
  if (comparables < minComparables || specialState(car)) {
    return { ...base, rating: "NOT_ENOUGH_DATA", low: null, mid: null, high: null, deviationBp: null, factors: [] };
  }
  const c = market.coefficients;
  const logMid = predictLog(c, car);
  const spread = rangeZ * c.sigma;
  const mid = roundCents(Math.exp(logMid));
  const deviation = price !== null && price > 0 ? price / 100 / Math.exp(logMid) - 1 : null;
  const reference = market.familyReferences[String(car.modelId)];
  return {
    ...base,
    rating: deviation === null ? null : rateOrNull(deviation),
    low: roundCents(Math.exp(logMid - spread)),
    mid,
    high: roundCents(Math.exp(logMid + spread)),
    deviationBp: deviation === null || rateOrNull(deviation) === null ? null : Math.round(deviation * 10_000),
    factors: reference ? explainEstimate(c, car, reference, mid) : [],
  };
}
