import { ageAt, type DenseFeature, type MarketCar, specialState } from "./features";
import { fitMarket, type MarketCoefficients, makeDepreciation, predictLog } from "./fit";
import { type PriceRating, rateOrNull } from "./rating";

/** A posting as the daily valuation reads it (decision 088). */
export type MarketPosting = MarketCar & {
  id: number;
  /** The asking price in cents (the special price where there is one); null when there is none. */
  price: number | null;
  status: string;
  condition: string | null;
  priceType: string | null;
  /** Who sells it (a dealership or a private seller): a seller's own cars are never its comparables. */
  sellerKey?: string;
  /** On sale a week (absent: counted as established). */
  established?: boolean;
};

/** What moves this car's estimate against the typical car of its model family. */
export const valueFactors = ["YEAR", "MILEAGE", "POWER", "FUEL", "GEARBOX", "BODY", "REGION", "DAMAGE", "VIN"] as const;
export type ValueFactor = (typeof valueFactors)[number];
/** A factor and what it adds to (or, negative, takes from) the estimate, in cents. */
export type FactorEffect = { factor: ValueFactor; cents: number };

/** The typical car of a model family: the reference the factors are measured from. */
export type FamilyReference = Pick<MarketCar, "fuel" | "transmission" | "body"> & {
  age: number;
  odometerKm: number;
  powerKw: number | null;
};

export type Valuation = {
  postingId: number;
  /** Null: the price is implausible for this car (rateOrNull), so it is not rated. */
  rating: PriceRating | null;
  /** Cents; null when there are not enough comparables. */
  low: number | null;
  mid: number | null;
  high: number | null;
  /** price / mid − 1 in basis points; null when not rated. */
  deviationBp: number | null;
  comparables: number;
  /**
   * Which cars the comparables are: MODEL, the same model family within three years; MAKE, the same
   * make and body, power ±25 %; CLASS, any make's cars of the same body, power ±20 % (all within three years).
   */
  scope: "MODEL" | "MAKE" | "CLASS";
  yearFrom: number;
  yearTo: number;
  factors: FactorEffect[];
};

/** The fewest comparables a rating may rest on, and the state-sharing ones a special car needs. */
export const minComparables = 5;
export const minSharingState = 3;
/** Years either side of the car that count as comparable. */
export const comparableYears = 3;
/** The widest standard error of the mid (log) that still gets a rating. */
export const maxStandardError = 0.08;
/** The share of comparable prices inside the shown range: the middle 60 %. */
const rangeZ = 0.8416;

const valuedStatuses = new Set(["PUBLISHED", "SOLD", "EXPIRED"]);

/**
 * Whether a posting's price is market data: used (not new), priced, not rental-only, and shown (a price
 * "Po dogovoru" is the seller's to keep: it is neither data nor rated).
 */
export function isValued(p: MarketPosting): p is MarketPosting & { price: number } {
  return (
    valuedStatuses.has(p.status) &&
    p.condition !== "BRAND_NEW" &&
    p.priceType !== "RENTAL_ONLY" &&
    p.priceType !== "NEGOTIABLE" &&
    p.price !== null &&
    p.price > 0
  );
}

const factorOf: Record<DenseFeature, ValueFactor | null> = {
  intercept: null,
  age: "YEAR",
  ageSquared: "YEAR",
  mileage: "MILEAGE",
  mileageSquared: "MILEAGE",
  logPower: "POWER",
  powerMissing: "POWER",
  fuelDiesel: "FUEL",
  fuelElectric: "FUEL",
  fuelHybrid: "FUEL",
  fuelGas: "FUEL",
  automatic: "GEARBOX",
  damaged: "DAMAGE",
  crashed: "DAMAGE",
  malfunctioning: "DAMAGE",
  hiddenVin: "VIN",
};

/** Log-price contribution of each factor for a car (the make and model levels are the family, not a factor). */
function contributions(c: MarketCoefficients, car: MarketCar): Map<ValueFactor, number> {
  const out = new Map<ValueFactor, number>();
  const add = (f: ValueFactor, v: number) => out.set(f, (out.get(f) ?? 0) + v);
  const only = (f: DenseFeature) => {
    const value = { ...car, makeId: -1, modelId: -1, body: null, region: null };
    return predictLog({ ...c, dense: { ...zeroDense(c), [f]: c.dense[f] }, levels: emptyLevels }, value);
  };
  for (const f of Object.keys(factorOf) as DenseFeature[]) {
    const factor = factorOf[f];
    if (factor) add(factor, only(f));
  }
  // A family off its make's centre takes its share of the make's depreciation and borrows the rest (decision 088,
  // "Session 22" and "Session 23").
  add("YEAR", makeDepreciation(c, car) * ageAt(car, c.refYear));
  if (car.body) add("BODY", c.levels.body[car.body] ?? 0);
  if (car.region) add("REGION", c.levels.region[car.region] ?? 0);
  return out;
}
const emptyLevels: MarketCoefficients["levels"] = { make: {}, model: {}, makeAge: {}, body: {}, region: {} };
const zeroDense = (c: MarketCoefficients) =>
  Object.fromEntries(Object.keys(c.dense).map((k) => [k, 0])) as Record<DenseFeature, number>;

/** The three factors that move this car's estimate most against its family's typical car, in cents. */
export function explainEstimate(
  c: MarketCoefficients,
  car: MarketCar,
  reference: FamilyReference,
  midCents: number,
): FactorEffect[] {
  const refCar: MarketCar = {
    ...car,
    year: c.refYear - reference.age,
    odometerKm: reference.odometerKm,
    powerKw: reference.powerKw,
    fuel: reference.fuel,
    transmission: reference.transmission,
    body: reference.body,
    region: null,
    damage: null,
    hiddenVin: false,
  };
  const mine = contributions(c, car);
  const theirs = contributions(c, refCar);
  const floor = Math.max(5_000, midCents * 0.005);
  // The words on the page follow the car ("novejši letnik" for a newer one): a factor whose effect runs
  // against its words (where a fitted curve turns, or a missing power) is left out rather than mis-said.
  const expected: Partial<Record<ValueFactor, number>> = {
    YEAR: Math.sign(reference.age - ageAt(car, c.refYear)),
    MILEAGE: Math.sign(reference.odometerKm - car.odometerKm),
    POWER: car.powerKw && reference.powerKw ? Math.sign(car.powerKw - reference.powerKw) : 0,
    GEARBOX: car.transmission === "A" || car.transmission === "SEMI_A" ? 1 : -1,
  };
  return [...mine]
    .map(([factor, v]) => ({
      factor,
      cents: Math.round((midCents * (1 - Math.exp(-(v - (theirs.get(factor) ?? 0))))) / 1000) * 1000,
    }))
    .filter((e) => !(e.factor in expected) || expected[e.factor] === Math.sign(e.cents))
    .filter((e) => Math.abs(e.cents) >= floor)
    .sort((a, b) => Math.abs(b.cents) - Math.abs(a.cents))
    .slice(0, 3);
}

const groupBy = <T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> => {
  const out = new Map<K, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = out.get(k);
    if (list) list.push(it);
    else out.set(k, [it]);
  }
  return out;
};

const mode = <T>(xs: T[]): T | null => {
  const counts = new Map<T, number>();
  let best: T | null = null;
  let bestN = 0;
  for (const x of xs) {
    const n = (counts.get(x) ?? 0) + 1;
    counts.set(x, n);
    if (n > bestN) [best, bestN] = [x, n];
  }
  return best;
};
const middle = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
};

/** The typical car of each group of cars (by model family): median age, mileage and power, the commonest kind. */
export function familyReferences(cars: readonly MarketCar[], refYear: number): Map<number, FamilyReference> {
  const byModel = groupBy(cars, (car) => car.modelId);
  const out = new Map<number, FamilyReference>();
  for (const [modelId, group] of byModel) {
    const powers = group.flatMap((g) => (g.powerKw ? [g.powerKw] : []));
    out.set(modelId, {
      age: middle(group.map((g) => ageAt(g, refYear))),
      odometerKm: middle(group.map((g) => g.odometerKm)),
      powerKw: powers.length ? middle(powers) : null,
      fuel: mode(group.map((g) => g.fuel)),
      transmission: mode(group.map((g) => g.transmission)),
      body: mode(group.map((g) => g.body)),
    });
  }
  return out;
}

export type Scope = Valuation["scope"];
/** Years either side within which a damaged or crashed car, or a hidden VIN, must find cars in its state. */
export const stateYears = 5;
const scopes: readonly Scope[] = ["MODEL", "MAKE", "CLASS"];

/**
 * Whether `q` is a comparable of `p` in a scope (decision 088): never the car itself or its seller's other cars,
 * within three years; MODEL, the same model family; MAKE, the same make and body, power ±25 %; CLASS, the same
 * body, power ±20 %. The daily run and the one-car valuation both count with it.
 */
export function isComparable(p: MarketPosting, q: MarketPosting, scope: Scope): boolean {
  if (q.id === p.id || (p.sellerKey !== undefined && q.sellerKey === p.sellerKey)) return false;
  if (Math.abs(q.year - p.year) > comparableYears) return false;
  if (scope === "MODEL") return q.modelId === p.modelId;
  if (q.body !== p.body || (scope === "MAKE" && q.makeId !== p.makeId)) return false;
  const share = scope === "MAKE" ? 0.25 : 0.2;
  return !p.powerKw || !q.powerKw || Math.abs(q.powerKw / p.powerKw - 1) <= share;
}

/**
 * Whether `q` shares `p`'s special state: the same make, within five years, damaged or hidden alike; never `p` or
 * its seller's other cars (a dealer's own damaged cars do not vouch for its damaged car).
 */
export function sharesState(p: MarketPosting, q: MarketPosting): boolean {
  const state = specialState(p);
  return (
    state !== null &&
    q.id !== p.id &&
    (p.sellerKey === undefined || q.sellerKey !== p.sellerKey) &&
    q.makeId === p.makeId &&
    Math.abs(q.year - p.year) <= stateYears &&
    specialState(q) === state
  );
}

/** The comparables a valuation rests on: the first scope with at least five, else the widest (CLASS). */
export function pickScope(count: (scope: Scope) => number): { scope: Scope; comparables: number } {
  let comparables = 0;
  for (const scope of scopes) {
    comparables = count(scope);
    if (comparables >= minComparables || scope === "CLASS") return { scope, comparables };
  }
  return { scope: "CLASS", comparables };
}

/**
 * The families of a stored market that are not rated (contested, or unsettled: decision 088) as a set, made once per
 * market (the daily run asks for every car).
 */
const unratedSets = new WeakMap<MarketCoefficients, ReadonlySet<number>>();
function unratedSet(c: MarketCoefficients): ReadonlySet<number> {
  let set = unratedSets.get(c);
  if (!set) {
    set = new Set([...(c.contested ?? []), ...(c.unsettled ?? [])]);
    unratedSets.set(c, set);
  }
  return set;
}

/**
 * From the comparables and the estimate (log mid and its standard error) to the valuation: fewer than five
 * comparables, fewer than three sharing a special state (`sharing`, null for an ordinary car), a standard
 * error over 8 % or a contested family (`MarketCoefficients.contested`) is "Ni dovolj podatkov"; else the range, the rating of `price` (cents; null: no rating) and the
 * three factors. The daily run (each car left out of the fit) and the one-car valuation (a car not in it) share it.
 */
export function finishValuation(
  c: MarketCoefficients,
  car: MarketCar,
  price: number | null,
  { scope, comparables }: { scope: Scope; comparables: number },
  sharing: number | null,
  { logMid, se }: { logMid: number; se: number },
  reference: FamilyReference | undefined,
): Omit<Valuation, "postingId"> {
  const base = { comparables, scope, yearFrom: car.year - comparableYears, yearTo: car.year + comparableYears };
  if (
    unratedSet(c).has(car.modelId) ||
    comparables < minComparables ||
    (sharing !== null && sharing < minSharingState) ||
    !(se <= maxStandardError)
  ) {
    return { ...base, rating: "NOT_ENOUGH_DATA", low: null, mid: null, high: null, deviationBp: null, factors: [] };
  }
  const spread = rangeZ * Math.sqrt(c.sigma * c.sigma + se * se);
  // Exact cents: the price trigger rates against this mid; pages round it to 100 € for display.
  const cents = (log: number) => Math.round(Math.exp(log) * 100);
  const mid = cents(logMid);
  const deviation = price !== null && price > 0 ? price / Math.exp(logMid) / 100 - 1 : null;
  const rating = deviation === null ? null : rateOrNull(deviation);
  return {
    ...base,
    rating,
    low: cents(logMid - spread),
    mid,
    high: cents(logMid + spread),
    deviationBp: rating === null || deviation === null ? null : Math.round(deviation * 10_000),
    factors: reference ? explainEstimate(c, car, reference, mid) : [],
  };
}

/** Sorted years per key, to count comparables within ± n years by binary search. */
function yearIndex<T>(items: readonly T[], key: (t: T) => string | null, year: (t: T) => number) {
  const map = new Map<string, number[]>();
  for (const it of items) {
    const k = key(it);
    if (k === null) continue;
    const list = map.get(k) ?? [];
    list.push(year(it));
    map.set(k, list);
  }
  for (const list of map.values()) list.sort((a, b) => a - b);
  const below = (list: number[], y: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] ?? 0) < y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return (k: string, from: number, to: number) => {
    const list = map.get(k) ?? [];
    return below(list, to + 1) - below(list, from);
  };
}

/**
 * For a whole market at once: how many of its cars share a car's special state (`sharesState`: the make's cars in
 * the state within five years, less the seller's own, this one included), by binary search; null for an ordinary
 * car. Its tests compare it with `comparablesAmong`, the one-car valuation's count.
 */
export function stateSharing(valued: readonly MarketPosting[]): (p: MarketPosting) => number | null {
  const key = (p: MarketPosting, seller: boolean) => {
    const state = specialState(p);
    if (!state || (seller && p.sellerKey === undefined)) return null;
    return seller ? `${p.sellerKey}:${p.makeId}:${state}` : `${p.makeId}:${state}`;
  };
  const inState = yearIndex(
    valued,
    (p) => key(p, false),
    (p) => p.year,
  );
  const inSellerState = yearIndex(
    valued,
    (p) => key(p, true),
    (p) => p.year,
  );
  return (p) => {
    const all = key(p, false);
    if (all === null) return null;
    const own = key(p, true);
    const [from, to] = [p.year - stateYears, p.year + stateYears];
    return inState(all, from, to) - (own === null ? 1 : inSellerState(own, from, to));
  };
}

/**
 * Values every posting of a market at once: one fit, every valued posting's own estimate left out of
 * it, comparables counted, special states checked, the range, the rating and the three factors.
 */
export function valuateMarket(
  postings: readonly MarketPosting[],
  refYear: number,
): {
  coefficients: MarketCoefficients;
  references: Map<number, FamilyReference>;
  valuations: (Valuation & { price: number })[];
  /** The median of |price / own-left-out estimate − 1| over every valued posting, rated or not. */
  medianError: number;
} {
  const valued = postings.filter(isValued);
  const fit = fitMarket(valued, refYear);
  const c = fit.coefficients;
  const references = familyReferences(valued, refYear);
  const inModel = yearIndex(
    valued,
    (p) => String(p.modelId),
    (p) => p.year,
  );
  const inSellerModel = yearIndex(
    valued,
    (p) => (p.sellerKey === undefined ? null : `${p.sellerKey}:${p.modelId}`),
    (p) => p.year,
  );
  const sharingOf = stateSharing(valued);
  const byMakeBody = groupBy(valued, (p) => `${p.makeId}:${p.body}`);
  const byBody = groupBy(valued, (p) => p.body);
  const valuations = valued.map((p, i): Valuation & { price: number } => {
    const count = (scope: Scope) => {
      if (scope !== "MODEL") {
        const pool = scope === "MAKE" ? byMakeBody.get(`${p.makeId}:${p.body}`) : byBody.get(p.body);
        return (pool ?? []).filter((q) => isComparable(p, q, scope)).length;
      }
      // isComparable's MODEL rule by binary search (the same count: its tests compare the two): the family's cars
      // within the years, less the seller's own (this one included).
      const own =
        p.sellerKey === undefined
          ? 1
          : inSellerModel(`${p.sellerKey}:${p.modelId}`, p.year - comparableYears, p.year + comparableYears);
      return inModel(String(p.modelId), p.year - comparableYears, p.year + comparableYears) - own;
    };
    const sharing = sharingOf(p);
    const estimate = { logMid: fit.looLog[i] ?? 0, se: fit.looSe[i] ?? Number.POSITIVE_INFINITY };
    const v = finishValuation(c, p, p.price, pickScope(count), sharing, estimate, references.get(p.modelId));
    return { ...v, postingId: p.id, price: p.price };
  });
  const errors = valued.map((p, i) => Math.abs(p.price / 100 / Math.exp(fit.looLog[i] ?? 0) - 1)).sort((a, b) => a - b);
  return { coefficients: c, references, valuations, medianError: errors[errors.length >> 1] ?? 0 };
}

/**
 * A car's comparables among candidate market cars (any superset of them: what is not market data or not
 * comparable is not counted), and how many share its special state (null for an ordinary car).
 */
export function comparablesAmong(p: MarketPosting, candidates: readonly MarketPosting[]) {
  const valued = candidates.filter(isValued);
  const picked = pickScope((scope) => valued.filter((q) => isComparable(p, q, scope)).length);
  return { ...picked, sharing: specialState(p) ? valued.filter((q) => sharesState(p, q)).length : null };
}
