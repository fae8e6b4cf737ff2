// Running-cost calculator: yearly fixed costs, fuel/energy and other costs of owning a car.
// Prices come from GET vehicle-costs/prices in cents per unit (decision 050; keyed by the names
// below); results are integer cents, each part rounded to the cent so the parts always add up
// exactly to the displayed totals.
import type { Fuel } from "./enums/vehicle";

export const runningCostPriceKeys = [
  "FUEL_PETROL",
  "FUEL_DIESEL",
  "FUEL_LPG",
  "ELECTRICITY_HOUSEHOLD",
  "VIGNETTE_YEAR",
  "TYRE_CHANGE",
  "TECHNICAL_INSPECTION",
  "REGISTRATION",
  "ROAD_LEVY_BASE",
  "ROAD_LEVY_PER_KW",
  "LIABILITY_INSURANCE_BASE",
  "LIABILITY_INSURANCE_PER_KW",
] as const;
export type RunningCostPriceKey = (typeof runningCostPriceKeys)[number];

export type RunningCostsInput = {
  /** Integer, 1..200 000. */
  yearlyKm: number;
  /** Integer, 1..20. */
  years: number;
  fuel: Fuel;
  powerKw: number | null;
  /** l/100 km, or kWh/100 km for ELECTRIC. */
  combinedConsumption: number | null;
  /** Cents per unit keyed by RunningCostPriceKey (GET vehicle-costs/prices, decision 050): 141.1 ct/l, 3500 ct. */
  prices: Record<string, number>;
  /**
   * Technical inspections due within the `years` years, by the 4/6/8-then-yearly schedule from the
   * car's first registration (inspectionsWithin in inspections.ts).
   */
  inspectionsInPeriod: number;
};

export type RunningCostsPerYear = {
  roadLevy: number;
  insurance: number;
  inspection: number;
  registration: number;
  /** null when the fuel price per km cannot be known (OTHER fuel or missing consumption). */
  fuel: number | null;
  vignette: number;
  tyres: number;
  /** Sum of all known yearly costs (fuel is left out when unknown). */
  total: number;
};

export type RunningCosts = {
  perYear: RunningCostsPerYear;
  /** Everything over the period: the yearly costs × years, with each inspection of the period counted once. */
  total: number;
  /** Technical inspections in the period. */
  inspections: number;
  /** perYear.total / yearlyKm. */
  perKm: number;
  fuelUnknown: boolean;
  /** True when powerKw is missing, so road levy and insurance hold only their base amounts. */
  powerUnknown: boolean;
};

/** Seasonal tyre changes per year: summer → winter and back. */
export const TYRE_CHANGES_PER_YEAR = 2;

/** Which price key gives the cost of one unit (l or kWh) of the car's fuel; null when unknown. */
export function fuelPriceKey(fuel: Fuel): RunningCostPriceKey | null {
  switch (fuel) {
    case "PETROL":
    case "HYBRID":
      return "FUEL_PETROL";
    case "DIESEL":
      return "FUEL_DIESEL";
    case "GAS":
      return "FUEL_LPG";
    case "ELECTRIC":
      return "ELECTRICITY_HOUSEHOLD";
    default:
      return null;
  }
}

function price(prices: Record<string, number>, key: RunningCostPriceKey): number {
  const value = Object.hasOwn(prices, key) ? prices[key] : undefined;
  if (value === undefined || !Number.isFinite(value))
    throw new RangeError(`missing or invalid running-cost price ${key}`);
  return value;
}

function assertIntegerInRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer ${min}..${max}, got ${value}`);
  }
}

/** A vehicle figure that is missing, zero, negative or not a number counts as unknown. */
function known(value: number | null): value is number {
  return value !== null && Number.isFinite(value) && value > 0;
}

/**
 * Yearly and total running costs. Fixed yearly costs are road levy and liability insurance
 * (base + per-kW amount each), the period's technical inspections by the schedule and one registration; fuel is
 * yearlyKm / 100 × consumption × unit price; other costs are the yearly vignette and two
 * tyre changes. Throws RangeError for yearlyKm outside 1..200 000, years outside 1..20
 * (integers only), or a missing price that the calculation needs.
 */
export function runningCosts(input: RunningCostsInput): RunningCosts {
  const { yearlyKm, years, fuel, powerKw, combinedConsumption, prices, inspectionsInPeriod } = input;
  assertIntegerInRange("yearlyKm", yearlyKm, 1, 200_000);
  assertIntegerInRange("years", years, 1, 20);
  assertIntegerInRange("inspectionsInPeriod", inspectionsInPeriod, 0, years);

  const powerUnknown = !known(powerKw);
  const kw = powerUnknown ? 0 : powerKw;

  const fuelKey = fuelPriceKey(fuel);
  const fuelUnknown = fuelKey === null || !known(combinedConsumption);
  const fuelCents = fuelUnknown ? null : Math.round((yearlyKm / 100) * combinedConsumption * price(prices, fuelKey));

  const cents = {
    roadLevy: Math.round(price(prices, "ROAD_LEVY_BASE") + price(prices, "ROAD_LEVY_PER_KW") * kw),
    insurance: Math.round(price(prices, "LIABILITY_INSURANCE_BASE") + price(prices, "LIABILITY_INSURANCE_PER_KW") * kw),
    // The period's inspections spread over its years (a 2-year-old car over 3 years: one inspection, a third a year).
    inspection: Math.round((Math.round(price(prices, "TECHNICAL_INSPECTION")) * inspectionsInPeriod) / years),
    registration: Math.round(price(prices, "REGISTRATION")),
    vignette: Math.round(price(prices, "VIGNETTE_YEAR")),
    tyres: Math.round(price(prices, "TYRE_CHANGE") * TYRE_CHANGES_PER_YEAR),
  };
  const yearCents =
    cents.roadLevy +
    cents.insurance +
    cents.inspection +
    cents.registration +
    cents.vignette +
    cents.tyres +
    (fuelCents ?? 0);
  // The period total counts each inspection once at its full price (the yearly share above is rounded).
  const periodCents =
    (yearCents - cents.inspection) * years + Math.round(price(prices, "TECHNICAL_INSPECTION")) * inspectionsInPeriod;

  return {
    perYear: {
      roadLevy: cents.roadLevy,
      insurance: cents.insurance,
      inspection: cents.inspection,
      registration: cents.registration,
      fuel: fuelCents,
      vignette: cents.vignette,
      tyres: cents.tyres,
      total: yearCents,
    },
    total: periodCents,
    inspections: inspectionsInPeriod,
    perKm: Math.round(yearCents / yearlyKm),
    fuelUnknown,
    powerUnknown,
  };
}
