import type { MarketCar } from "./features";
import { type MarketCoefficients, predictionSe, predictLog } from "./fit";
import { type FamilyReference, finishValuation, type Scope, type Valuation } from "./valuate";

/** The stored market (one row of `market_models`): what an estimate for a car not in the fit reads. */
export type StoredMarket = {
  coefficients: MarketCoefficients;
  familyReferences: Record<string, FamilyReference>;
};

/** What the wizard shows: a valuation without a posting (no rating before a price is entered). */
export type MarketEstimate = Omit<Valuation, "postingId">;

/**
 * The estimate for one car that is not in the fit (decision 088): a car being entered, or a posting just
 * published or edited. The stored coefficients' prediction and its standard error, no fit; its comparables
 * and the cars sharing its special state (`comparablesAmong`, counted by the caller from D1) gate it
 * exactly as the daily run does. `price` in cents, or null (then a range but no rating).
 */
export function estimateCar(
  market: StoredMarket,
  car: MarketCar,
  price: number | null,
  counted: { scope: Scope; comparables: number; sharing: number | null },
): MarketEstimate {
  const c = market.coefficients;
  const estimate = { logMid: predictLog(c, car), se: predictionSe(c, car) };
  const reference = market.familyReferences[String(car.modelId)];
  return finishValuation(c, car, price, counted, counted.sharing, estimate, reference);
}
