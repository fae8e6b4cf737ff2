import { describe, expect, it } from "vitest";
import { fuelPriceKey, runningCostPriceKeys, runningCosts, type RunningCostsInput } from "./running-costs";

// The seeded vehicle_cost_prices (scripts/data/texts.json).
const prices: Record<string, number> = {
  FUEL_PETROL: 141.1,
  FUEL_DIESEL: 144.1,
  FUEL_LPG: 85,
  ELECTRICITY_HOUSEHOLD: 22,
  VIGNETTE_YEAR: 11750,
  TYRE_CHANGE: 3500,
  TECHNICAL_INSPECTION: 3990,
  REGISTRATION: 1500,
  ROAD_LEVY_BASE: 3500,
  ROAD_LEVY_PER_KW: 80,
  LIABILITY_INSURANCE_BASE: 15000,
  LIABILITY_INSURANCE_PER_KW: 120,
};

// An older car (inspected every year): five inspections in five years.
const golf: RunningCostsInput = {
  yearlyKm: 15_000,
  years: 5,
  fuel: "PETROL",
  powerKw: 110,
  combinedConsumption: 6,
  prices,
  inspectionsInPeriod: 5,
};

describe("runningCosts", () => {
  it("counts inspections by the schedule, not one a year: a new car over 5 years pays one (at 4 years)", () => {
    const r = runningCosts({ ...golf, inspectionsInPeriod: 1 });
    expect(r.inspections).toBe(1);
    expect(r.perYear.inspection).toBe(798); // 39,90 € / 5
    // Everything else as for the older car; the period holds exactly one inspection at full price.
    expect(r.total).toBe(958_650 - 4 * 3990);
  });

  it("a 2-year-old car over 3 years: one inspection (at 4 years), a third of its price a year", () => {
    const r = runningCosts({ ...golf, years: 3, inspectionsInPeriod: 1 });
    expect(r.perYear.inspection).toBe(1330);
    expect(r.total).toBe((191_730 - 3990) * 3 + 3990);
  });

  it("petrol 110 kW, 6 l/100 km, 15 000 km a year for 5 years", () => {
    expect(runningCosts(golf)).toEqual({
      perYear: {
        roadLevy: 12_300, // 35 + 0,8 × 110 €
        insurance: 28_200, // 150 + 1,2 × 110 €
        inspection: 3990,
        registration: 1500,
        fuel: 126_990, // 150 × 6 × 1,411 €
        vignette: 11_750,
        tyres: 7000, // 2 × 35 €
        total: 191_730,
      },
      total: 958_650,
      inspections: 5,
      perKm: 13, // 1917,30 € / 15 000 = 0,1278 €
      fuelUnknown: false,
      powerUnknown: false,
    });
  });

  it("diesel 85 kW, 5 l/100 km, 20 000 km a year", () => {
    const r = runningCosts({
      ...golf,
      fuel: "DIESEL",
      powerKw: 85,
      combinedConsumption: 5,
      yearlyKm: 20_000,
      years: 1,
      inspectionsInPeriod: 1,
    });
    expect(r.perYear).toMatchObject({ roadLevy: 10_300, insurance: 25_200, fuel: 144_100 });
    expect(r.perYear.total).toBe(203_840);
    expect(r.total).toBe(203_840);
    expect(r.perKm).toBe(10);
  });

  it("electric uses household electricity per kWh", () => {
    const r = runningCosts({
      ...golf,
      fuel: "ELECTRIC",
      powerKw: 150,
      combinedConsumption: 16,
      yearlyKm: 12_000,
      years: 8,
      inspectionsInPeriod: 8,
    });
    expect(r.perYear.fuel).toBe(42_240); // 120 × 16 × 0,22 €
    expect(r.perYear.total).toBe(114_980);
    expect(r.total).toBe(919_840);
  });

  it("gas uses LPG and hybrid uses petrol", () => {
    expect(runningCosts({ ...golf, fuel: "GAS", combinedConsumption: 8, yearlyKm: 10_000 }).perYear.fuel).toBe(68_000);
    expect(runningCosts({ ...golf, fuel: "HYBRID", combinedConsumption: 4.4 }).perYear.fuel).toBe(93_126);
  });

  it.each([
    ["OTHER fuel", { fuel: "OTHER" as const }],
    ["missing consumption", { combinedConsumption: null }],
    ["zero consumption", { combinedConsumption: 0 }],
  ])("%s leaves fuel out of the totals and flags it", (_name, patch) => {
    const r = runningCosts({ ...golf, ...patch });
    expect(r.fuelUnknown).toBe(true);
    expect(r.perYear.fuel).toBeNull();
    expect(r.perYear.total).toBe(64_740); // 1917,30 − 1269,90 €
    expect(r.total).toBe(323_700);
  });

  it("missing power keeps only the base road levy and insurance", () => {
    const r = runningCosts({ ...golf, powerKw: null });
    expect(r.powerUnknown).toBe(true);
    expect(r.perYear.roadLevy).toBe(3500);
    expect(r.perYear.insurance).toBe(15_000);
  });

  it("answers integer cents whose parts always add up to the total", () => {
    const r = runningCosts({
      ...golf,
      powerKw: 77.3,
      combinedConsumption: 5.7,
      yearlyKm: 13_333,
      years: 7,
      inspectionsInPeriod: 7,
    });
    const { total, fuel, ...rest } = r.perYear;
    const sumCents = Object.values(rest).reduce((a, b) => a + b, fuel ?? 0);
    expect(total).toBe(sumCents);
    expect(r.total).toBe(sumCents * 7);
    for (const v of [...Object.values(r.perYear), r.total, r.perKm]) expect(Number.isSafeInteger(v ?? 0)).toBe(true);
  });

  it.each([
    ["yearlyKm 0", { yearlyKm: 0 }],
    ["yearlyKm above 200 000", { yearlyKm: 200_001 }],
    ["fractional yearlyKm", { yearlyKm: 1000.5 }],
    ["years 0", { years: 0 }],
    ["years 21", { years: 21 }],
    ["fractional years", { years: 2.5 }],
    ["NaN years", { years: Number.NaN }],
    ["more inspections than years", { years: 2, inspectionsInPeriod: 3 }],
    ["fractional inspections", { inspectionsInPeriod: 1.5 }],
  ])("throws RangeError for %s", (_name, patch) => {
    expect(() => runningCosts({ ...golf, ...patch })).toThrow(RangeError);
  });

  it("accepts the range limits", () => {
    expect(() => runningCosts({ ...golf, yearlyKm: 1, years: 1, inspectionsInPeriod: 0 })).not.toThrow();
    expect(() => runningCosts({ ...golf, yearlyKm: 200_000, years: 20, inspectionsInPeriod: 20 })).not.toThrow();
  });

  it("throws RangeError when a needed price is missing", () => {
    const { REGISTRATION: _r, ...withoutRegistration } = prices;
    expect(() => runningCosts({ ...golf, prices: withoutRegistration })).toThrow(/REGISTRATION/);
    const { FUEL_DIESEL: _d, ...withoutDiesel } = prices;
    expect(() => runningCosts({ ...golf, fuel: "DIESEL", prices: withoutDiesel })).toThrow(RangeError);
    // A petrol car does not need the diesel price.
    expect(() => runningCosts({ ...golf, prices: withoutDiesel })).not.toThrow();
  });
});

describe("fuelPriceKey", () => {
  it("maps every fuel to a known price key or null", () => {
    expect(fuelPriceKey("PETROL")).toBe("FUEL_PETROL");
    expect(fuelPriceKey("HYBRID")).toBe("FUEL_PETROL");
    expect(fuelPriceKey("DIESEL")).toBe("FUEL_DIESEL");
    expect(fuelPriceKey("GAS")).toBe("FUEL_LPG");
    expect(fuelPriceKey("ELECTRIC")).toBe("ELECTRICITY_HOUSEHOLD");
    expect(fuelPriceKey("OTHER")).toBeNull();
    expect(Object.keys(prices).sort()).toEqual([...runningCostPriceKeys].sort());
  });
});
