/**
 * The daily market valuation (issue 28, decision 088): read every posting that is market data, fit,
 * value each posting without itself, write the estimates and ratings back. Runs in the cron; the
 * request path only reads what it wrote.
 */
import type { Db } from "~/db/client.server";
import {
  readComparableCandidates,
  readMarketModel,
  readMarketPosting,
  readMarketPostings,
  readMarketComputedAt,
  writeMarketValues,
  clearOneValuation,
  writeOneValuation,
} from "~/db/market-values.server";
import { estimateCar, type MarketEstimate, type StoredMarket } from "~/domain/market-value/estimate";
import type { SessionUser } from "~/domain/session";
import { ownDraft } from "./drafts.server";
import { ljubljanaParts } from "~/domain/ljubljana-time";
import { comparablesAmong, isValued, type MarketPosting, valuateMarket } from "~/domain/market-value/valuate";

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
  const readAt = new Date(t0).toISOString();
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
    readAt,
  });
  return {
    valued: valuations.length,
    rated: valuations.filter((v) => v.rating !== null && v.rating !== "NOT_ENOUGH_DATA").length,
    medianErrorBp,
    statements,
    ms: { read: t1 - t0, fit: t2 - t1, write: Date.now() - t2 },
  };
}

/** One car's comparables from D1 and its estimate from the stored market (no fit): the wizard's and a new posting's. */
async function valueOneCar(
  db: Db,
  market: StoredMarket,
  car: MarketPosting,
  price: number | null,
  now: Date,
): Promise<MarketEstimate & { rowsRead: number }> {
  const candidates = await readComparableCandidates(db, car, "family", now);
  let counted = comparablesAmong(car, candidates);
  let rowsRead = candidates.length;
  // Its model family has fewer than five: the make's cars of its body, and only if those are fewer than five too, the
  // body's cars (pickScope; each wider read is a superset of its scope's comparables, so the answer is the same as
  // reading both at once).
  const known = new Set(candidates.map((q) => q.id));
  for (const tier of ["make", "class"] as const) {
    if (counted.scope === "MODEL" || (tier === "class" && counted.scope === "MAKE")) break;
    const wider = await readComparableCandidates(db, car, tier, now);
    for (const q of wider) {
      if (known.has(q.id)) continue;
      known.add(q.id);
      candidates.push(q);
    }
    counted = comparablesAmong(car, candidates);
    rowsRead += wider.length;
  }
  return { ...estimateCar(market, car, price, counted), rowsRead };
}

/**
 * `GET draft/{code}/market-value`: the estimate for the car as entered so far and, with a price, its rating
 * (the drafts' own guard: the seller, their dealership, editors and admins): the one-car valuation, so the
 * wizard says what the posting page will once it is published. Before the first daily run, or without make,
 * model and year, "Ni dovolj podatkov".
 */
export async function draftMarketEstimate(
  db: Db,
  user: SessionUser,
  code: string,
  now = new Date(),
): Promise<MarketEstimate> {
  const { posting: p } = await ownDraft(db, user, code);
  const year = p.modelYear ?? Number(String(p.firstRegistration ?? "").slice(0, 4));
  const [computedAt, read] = await Promise.all([readMarketComputedAt(db), readMarketPosting(db, p.code)]);
  const market = await readMarketModel(db, computedAt);
  // New cars and rental-only postings are not rated (rating null, no range); nothing to go on is "Ni dovolj podatkov".
  const unrated = p.vehicleCondition === "BRAND_NEW" || p.priceType === "RENTAL_ONLY";
  if (unrated || !market || !read) {
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
  // A price "Po dogovoru" is the seller's to keep: a range, no rating (as on the page, where it is not rated).
  const price = p.priceType === "NEGOTIABLE" ? null : read.car.price;
  const { rowsRead: _, ...estimate } = await valueOneCar(db, market, read.car, price, now);
  return estimate;
}

/** What an owner's edit may send that moves a car's value (decision 088: the model's features and the price). */
export const pricedFacts = new Set([
  "manufacturer",
  "model",
  "trimId",
  "modelYear",
  "firstRegistration",
  "odometerKm",
  "powerKw",
  "fuel",
  "transmission",
  "bodyType",
  "damage",
  "hiddenVin",
  "contactRegion",
  "condition",
  "price",
  "specialPrice",
  "priceType",
]);

/**
 * The one-car valuation of a posting after its publish, re-publish or an owner's edit of a priced fact
 * or a moderator's correction (after the response): its estimate and rating written together, while the posting is
 * as read. A posting whose facts are those its stored estimate was made from keeps it: valued again now, its own
 * facts and price as the last run saw them would weigh in its estimate, so a save that changed nothing could move its
 * rating (the price trigger re-rates a price change against the stored estimate). A real change of a fact (a
 * corrected year or mileage) is valued at once. No longer market data (hidden, new, rental-only, "Po dogovoru"): its
 * rating and estimate go at once.
 */
export async function valuePosting(db: Db, code: string, now = new Date(), bench?: { evenIfInRun: true }) {
  const [computedAt, read] = await Promise.all([readMarketComputedAt(db), readMarketPosting(db, code)]);
  if (!read) return { written: false, rowsRead: 0 };
  const postingId = read.car.id;
  if (read.hidden || !isValued(read.car)) {
    await clearOneValuation(db, postingId, read.updatedAt);
    return { written: false, rowsRead: 0 };
  }
  if (!computedAt) return { written: false, rowsRead: 0 };
  // Decided before the market is even read. (`bench:value` times the valuation of cars the run valued, as if new.)
  // A car whose stored estimate was made from the facts it has now keeps it (a re-save, or a save while a run was
  // reading, may not better a rating; its price is rated against it by the price trigger); a real change of a fact is
  // valued at once. (An estimate from before migration 0033: the run's own is kept, as before.)
  const keep = read.sameFacts ?? read.valuedAt === computedAt;
  if (!bench?.evenIfInRun && keep) return { written: false, rowsRead: 0 };
  const market = await readMarketModel(db, computedAt);
  if (!market) return { written: false, rowsRead: 0 };
  const { rowsRead, ...v } = await valueOneCar(db, market, read.car, read.car.price, now);
  const { written } = await writeOneValuation(
    db,
    { ...v, postingId, price: read.car.price },
    read.updatedAt,
    now.toISOString(),
  );
  return { written, rowsRead };
}
