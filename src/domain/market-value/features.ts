/**
 * What a car's market value is estimated from (decision 088): the log of the asking price is a sum of
 * a shared part (age, mileage, power, fuel, gearbox, damage, hidden VIN) and levels that belong to the
 * car (its make, its model family, the make's own depreciation per year, its body, its region), each
 * level shrunk towards zero by its own penalty so that a thin model family borrows from its make.
 */

export type MarketCar = {
  makeId: number;
  modelId: number;
  /** Model year, or the year of first registration when there is no model year. */
  year: number;
  odometerKm: number;
  powerKw: number | null;
  fuel: string | null;
  transmission: string | null;
  body: string | null;
  region: string | null;
  damage: string | null;
  hiddenVin: boolean;
};

/** The shared (dense) features, in order. */
export const denseFeatures = [
  "intercept",
  "age",
  "ageSquared",
  "mileage",
  "mileageSquared",
  "logPower",
  "powerMissing",
  "fuelDiesel",
  "fuelElectric",
  "fuelHybrid",
  "fuelGas",
  "automatic",
  "damaged",
  "crashed",
  "malfunctioning",
  "hiddenVin",
] as const;
export type DenseFeature = (typeof denseFeatures)[number];

/** The per-level groups: each level of each group is one parameter. */
export const levelGroups = ["make", "model", "makeAge", "body", "region"] as const;
export type LevelGroup = (typeof levelGroups)[number];

/**
 * The shared features that are a group of cars, not a measure (a fuel, the gearbox, a damage state, a hidden VIN, a
 * missing power): each is set by the cars in it alone, so it is shrunk like a body (decision 088, "Session 23").
 */
export const indicatorFeatures: ReadonlySet<DenseFeature> = new Set([
  "powerMissing",
  "fuelDiesel",
  "fuelElectric",
  "fuelHybrid",
  "fuelGas",
  "automatic",
  "damaged",
  "crashed",
  "malfunctioning",
  "hiddenVin",
]);

/**
 * Ridge penalties, in pseudo-observations at zero: a level with n cars moves n / (n + λ) of the way to
 * what its cars say. The intercept is free; the measured shared features (age, mileage, power) are nearly free; a
 * group feature (`indicatorFeatures`) weighs eight cars at zero, as a body does: nearly free, a rare fuel or state
 * was whatever the few cars in it said, so accounts alone in it set it for every honest car of it (decision 088,
 * "Session 23").
 */
export const penalties: Record<LevelGroup, number> & { dense: number; indicator: number } = {
  dense: 1e-3,
  indicator: 8,
  make: 2,
  model: 3,
  makeAge: 40,
  body: 8,
  region: 25,
};

const fuelFeature: Record<string, DenseFeature> = {
  DIESEL: "fuelDiesel",
  ELECTRIC: "fuelElectric",
  HYBRID: "fuelHybrid",
  PLUGIN_HYBRID: "fuelHybrid",
  GAS: "fuelGas",
  LPG: "fuelGas",
  CNG: "fuelGas",
};
const damageFeature: Record<string, DenseFeature> = {
  DAMAGED: "damaged",
  CRASHED: "crashed",
  MALFUCTIONING: "malfunctioning",
};

/** Age in years at the reference year, never negative. */
export function ageAt(car: Pick<MarketCar, "year">, refYear: number): number {
  return Math.max(0, refYear - car.year);
}

/** The car's shared features by name (zeros left out). */
export function denseValues(car: MarketCar, refYear: number): Partial<Record<DenseFeature, number>> {
  const age = ageAt(car, refYear);
  const mileage = Math.max(0, car.odometerKm) / 100_000;
  const out: Partial<Record<DenseFeature, number>> = {
    intercept: 1,
    age,
    ageSquared: (age * age) / 10,
    mileage,
    mileageSquared: mileage * mileage,
  };
  if (car.powerKw && car.powerKw > 0) out.logPower = Math.log(car.powerKw / 100);
  else out.powerMissing = 1;
  const fuel = car.fuel ? fuelFeature[car.fuel] : undefined;
  if (fuel) out[fuel] = 1;
  if (car.transmission === "A" || car.transmission === "SEMI_A") out.automatic = 1;
  const damage = car.damage ? damageFeature[car.damage] : undefined;
  if (damage) out[damage] = 1;
  if (car.hiddenVin) out.hiddenVin = 1;
  return out;
}

/** The car's level in each group (the make's depreciation slope carries the age as its value). */
export type LevelValue = { group: LevelGroup; level: string; value: number };
export function levelValues(car: MarketCar, refYear: number): LevelValue[] {
  const out: LevelValue[] = [
    { group: "make", level: String(car.makeId), value: 1 },
    { group: "model", level: String(car.modelId), value: 1 },
    { group: "makeAge", level: String(car.makeId), value: ageAt(car, refYear) },
  ];
  if (car.body) out.push({ group: "body", level: car.body, value: 1 });
  if (car.region) out.push({ group: "region", level: car.region, value: 1 });
  return out;
}

/** The state a car must share with enough comparables to be rated (decision 088), or null when ordinary. */
export function specialState(car: Pick<MarketCar, "damage" | "hiddenVin">): string | null {
  if (car.damage && damageFeature[car.damage]) return car.damage;
  return car.hiddenVin ? "HIDDEN_VIN" : null;
}
