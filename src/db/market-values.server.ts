/**
 * The market value in D1 (decision 088): the daily fit reads every posting that is market data and
 * writes the estimates back in chunks; the request path reads one posting's estimate and history.
 */
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { marketModels, postingMarketValues, postingPriceChanges } from "./schema/market";
import { postings } from "./schema/postings";
import type { MarketCoefficients } from "~/domain/market-value/fit";
import { specialState } from "~/domain/market-value/features";
import {
  comparableYears,
  type FamilyReference,
  type MarketPosting,
  stateYears,
  type Valuation,
} from "~/domain/market-value/valuate";

const marketColumns = {
  id: postings.id,
  status: postings.status,
  condition: postings.vehicleCondition,
  priceType: postings.priceType,
  price: postings.searchPrice,
  makeId: postings.manufacturerId,
  modelId: postings.baseModelId,
  modelYear: postings.modelYear,
  firstRegistration: postings.firstRegistration,
  odometerKm: postings.odometerKm,
  powerKw: postings.powerKw,
  fuel: postings.fuel,
  transmission: postings.transmission,
  body: postings.bodyType,
  region: postings.contactRegion,
  damage: postings.damage,
  hiddenVin: postings.hiddenVin,
  userId: postings.userId,
  dealershipId: postings.dealershipId,
};
type MarketRow = { [K in keyof typeof marketColumns]: (typeof marketColumns)[K]["_"]["data"] | null };

/**
 * The facts an estimate is made from, as SQLite writes them (one JSON array; `p` is the postings table or its alias):
 * stored with each estimate and read with the posting, so a save that changed none of them is told from one that did.
 */
const valuedFacts = (p: string) =>
  `json_array(${p}manufacturer_id, ${p}base_model_id, ${p}model_year, ${p}first_registration, ${p}odometer_km, ${p}power_kw, ${p}fuel, ${p}transmission, ${p}body_type, ${p}contact_region, ${p}damage, ${p}hidden_vin, ${p}vehicle_condition)`;

/** A posting row as the valuation sees it (the year: the model year, else that of first registration), or null. */
function toMarketPosting(row: MarketRow): MarketPosting | null {
  const { modelYear, firstRegistration, makeId, modelId, odometerKm, userId, dealershipId, ...r } = row;
  const year = modelYear ?? Number(String(firstRegistration ?? "").slice(0, 4));
  if (!makeId || !modelId || !Number.isFinite(year) || year < 1900) return null;
  const sellerKey = dealershipId === null ? `u${userId}` : `d${dealershipId}`;
  return { ...(r as Omit<MarketPosting, "year">), makeId, modelId, year, odometerKm: odometerKm ?? 0, sellerKey };
}

/** What is market data (with `isValued`): published, or sold or expired within a year; not hidden by a moderator. */
function marketData(now: Date) {
  const since = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  return and(
    inArray(postings.status, ["PUBLISHED", "SOLD", "EXPIRED"]),
    // A posting a moderator hid is no market data (it may be a fake); sold and expired ones count for a year.
    eq(postings.hidePosting, false),
    sql`(${postings.status} = 'PUBLISHED' OR coalesce(${postings.soldAt}, ${postings.expiresAt}) >= ${since})`,
  );
}

/**
 * How long a posting has been on sale before its price weighs fully in its family's centre and in the fit. Not the
 * account's age: most private sellers sign up to sell the car they post (session 21's review: a month's standing for
 * accounts misrated honest families of private sellers).
 */
export const establishedAfter = { postingDays: 7 } as const;

/**
 * Every posting that can be market data, as the fit reads it (one statement; 100,000 rows at the bench), each with
 * whether it is established (`establishedAfter`: a wave of new accounts or listings does not set where its family's
 * market is, decision 088 "many accounts").
 */
export async function readMarketPostings(db: Db, now = new Date()): Promise<MarketPosting[]> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const rows = await db
    .select({
      ...marketColumns,
      established: sql<number>`(${postings.publishedAt} <= ${daysAgo(establishedAfter.postingDays)})`,
    })
    .from(postings)
    .where(marketData(now));
  return rows.flatMap(({ established, ...row }) => {
    const car = toMarketPosting(row);
    return car ? [{ ...car, established: established === 1 }] : [];
  });
}

/**
 * One posting (any status) as the valuation sees it, with its last save and when its stored estimate was made (null:
 * none): null without make, model or year.
 */
export async function readMarketPosting(db: Db, code: string) {
  const row = await db
    .select({
      ...marketColumns,
      hidden: postings.hidePosting,
      updatedAt: postings.updatedAt,
      valuedAt: postingMarketValues.computedAt,
      facts: sql<string>`${sql.raw(valuedFacts('"postings".'))}`,
      valuedFacts: postingMarketValues.facts,
    })
    .from(postings)
    .leftJoin(postingMarketValues, eq(postingMarketValues.postingId, postings.id))
    .where(eq(postings.code, code))
    .get();
  if (!row) return null;
  const { hidden, updatedAt, valuedAt, facts, valuedFacts: asValued, ...rest } = row;
  const car = toMarketPosting(rest);
  // Whether its stored estimate was made from the facts it has now (null: no estimate, or one made before 0033).
  const sameFacts = valuedAt === null || asValued === null ? null : asValued === facts;
  return car && { car, hidden, updatedAt, valuedAt, sameFacts };
}

const yearOf = sql`coalesce(${postings.modelYear}, CAST(substr(${postings.firstRegistration}, 1, 4) AS INTEGER))`;
const yearsAround = (year: number, by: number) => sql`${yearOf} BETWEEN ${year - by} AND ${year + by}`;

/**
 * The market cars that can be a car's comparables or share its special state (a superset: `comparablesAmong`
 * counts them by the rules), one D1 round trip per step: its family's cars within three years and its state's cars
 * of the make ("family", each bounded by an index prefix); only when the family has fewer than five, the make's cars
 * of its body ("make", bounded by the make); only when those are fewer than five too, the body's cars of about its
 * power ("class": no index has the body first, so it reads the market's published rows; rare models only).
 */
export async function readComparableCandidates(
  db: Db,
  car: MarketPosting,
  tier: "family" | "make" | "class",
  now = new Date(),
): Promise<MarketPosting[]> {
  const queries = [];
  const where = (...conditions: (SQL | undefined)[]) =>
    db
      .select(marketColumns)
      .from(postings)
      .where(and(marketData(now), ...conditions));
  const body = car.body === null ? isNull(postings.bodyType) : eq(postings.bodyType, car.body as never);
  if (tier === "family") {
    queries.push(
      where(
        eq(postings.manufacturerId, car.makeId),
        eq(postings.baseModelId, car.modelId),
        yearsAround(car.year, comparableYears),
      ),
    );
    const state = specialState(car);
    if (state)
      queries.push(
        where(
          eq(postings.manufacturerId, car.makeId),
          state === "HIDDEN_VIN" ? eq(postings.hiddenVin, true) : eq(postings.damage, state as never),
          yearsAround(car.year, stateYears),
        ),
      );
  } else if (tier === "make") {
    queries.push(where(eq(postings.manufacturerId, car.makeId), body, yearsAround(car.year, comparableYears)));
  } else {
    const power = car.powerKw
      ? sql`(${postings.powerKw} IS NULL OR ${postings.powerKw} BETWEEN ${car.powerKw * 0.75} AND ${car.powerKw * 1.25})`
      : undefined;
    queries.push(where(body, yearsAround(car.year, comparableYears), power));
  }
  const [first, ...rest] = queries;
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  const byId = new Map<number, MarketPosting>();
  for (const rows of results)
    for (const row of rows) {
      const p = toMarketPosting(row);
      if (p) byId.set(p.id, p);
    }
  return [...byId.values()];
}

/**
 * Writes one car's valuation (the one-car valuation after a publish or an edit): its estimate and its rating
 * together, only while the posting is as it was read (the same price and last save: a later edit values
 * itself); bumps the search generation, as a rating is searchable.
 */
export async function writeOneValuation(
  db: Db,
  v: Valuation & { price: number | null },
  updatedAt: string,
  computedAt: string,
) {
  const d1 = db.$client;
  const unchanged = (p: string) => `${p}id = ?1 AND ${p}search_price IS ?2 AND ${p}updated_at = ?3`;
  const [estimate, rating] = await d1.batch<{ id: number }>([
    d1
      .prepare(
        `INSERT INTO posting_market_values (posting_id, low, mid, high, comparables, scope, year_from, year_to, factors, computed_at, facts)
         SELECT p.id, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ${valuedFacts("p.")} FROM postings p WHERE ${unchanged("p.")}
         ${upsertEstimate}`,
      )
      .bind(v.postingId, v.price, updatedAt, ...estimateValues(v), computedAt),
    d1
      .prepare(`UPDATE postings SET price_rating = ?4, market_deviation_bp = ?5 WHERE ${unchanged("")} RETURNING id`)
      .bind(v.postingId, v.price, updatedAt, v.rating, v.deviationBp),
    d1.prepare("UPDATE search_generation SET n = n + 1 WHERE id = 1").bind(),
  ]);
  return { written: (rating?.results.length ?? 0) > 0 && (estimate?.meta.changes ?? 0) > 0 };
}

/**
 * A posting that is no longer market data (now new, rental-only, "Po dogovoru", taken down or hidden) loses its rating
 * at once, while it is as it was read (a later edit decides for itself); a rating it no longer earns would otherwise
 * show on its card and match the `priceRating` filter until the next daily run. Its estimate is kept, unseen (a page
 * shows one only with a rating), with the facts it was made from: when the price shows again unchanged, the trigger of
 * migration 0035 rates it against the same estimate, so "Po dogovoru" and back cannot re-value a car with its own price
 * in the fit (decision 088). The next daily run drops the estimate of a posting that is still not market data.
 */
export async function clearOneValuation(db: Db, postingId: number, updatedAt: string) {
  const d1 = db.$client;
  const [rating] = await d1.batch<{ id: number }>([
    d1
      .prepare(
        `UPDATE postings SET price_rating = NULL, market_deviation_bp = NULL
         WHERE id = ?1 AND updated_at = ?2 AND price_rating IS NOT NULL RETURNING id`,
      )
      .bind(postingId, updatedAt),
    d1.prepare("UPDATE search_generation SET n = n + 1 WHERE id = 1 AND changes() > 0").bind(),
  ]);
  return { cleared: (rating?.results.length ?? 0) > 0 };
}

/** A posting's estimate in the column order of `posting_market_values` (low … factors). */
const estimateValues = (v: Omit<Valuation, "postingId">) => [
  v.low,
  v.mid,
  v.high,
  v.comparables,
  v.scope,
  v.yearFrom,
  v.yearTo,
  JSON.stringify(v.factors),
];
/** A posting's estimate replaces the one it had. */
const upsertEstimate = `ON CONFLICT (posting_id) DO UPDATE SET low = excluded.low, mid = excluded.mid, high = excluded.high,
  comparables = excluded.comparables, scope = excluded.scope, year_from = excluded.year_from,
  year_to = excluded.year_to, factors = excluded.factors, computed_at = excluded.computed_at, facts = excluded.facts`;

/** Rows per chunk: each is one JSON parameter (well under D1's 2 MB a value) and one statement per table. */
const chunkSize = 1_000;
/** Statements per D1 batch: each batch is one round trip and atomic. */
const statementsPerBatch = 40;

/**
 * Writes a run's estimates: a posting's rating and deviation only while its price is still the one
 * the fit valued (a price changed meanwhile keeps what the price trigger set); estimates of postings no
 * longer valued, and their ratings, are dropped; the fitted market replaces the last one.
 */
export async function writeMarketValues(
  db: Db,
  run: {
    valuations: readonly (Valuation & { price: number })[];
    coefficients: MarketCoefficients;
    references: Record<string, FamilyReference>;
    familyYears: Record<string, Record<string, number>>;
    medianErrorBp: number;
    computedAt: string;
    /** When the run began reading (the clock): a posting saved after it was valued by its own edit (decision 088). */
    readAt: string;
  },
) {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < run.valuations.length; i += chunkSize) {
    const chunk = JSON.stringify(
      run.valuations
        .slice(i, i + chunkSize)
        .map((v) => [v.postingId, v.price, v.rating, v.deviationBp, ...estimateValues(v)]),
    );
    statements.push(
      d1
        .prepare(
          `INSERT INTO posting_market_values (posting_id, low, mid, high, comparables, scope, year_from, year_to, factors, computed_at, facts)
           SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[4]'), json_extract(j.value, '$[5]'),
                  json_extract(j.value, '$[6]'), json_extract(j.value, '$[7]'), json_extract(j.value, '$[8]'),
                  json_extract(j.value, '$[9]'), json_extract(j.value, '$[10]'), json_extract(j.value, '$[11]'), ?2,
                  ${valuedFacts("p.")}
           FROM json_each(?1) j JOIN postings p ON p.id = json_extract(j.value, '$[0]')
             AND p.search_price = json_extract(j.value, '$[1]') AND p.updated_at <= ?3
           WHERE true
           ${upsertEstimate}`,
        )
        .bind(chunk, run.computedAt, run.readAt),
      d1
        .prepare(
          `UPDATE postings SET price_rating = json_extract(j.value, '$[2]'), market_deviation_bp = json_extract(j.value, '$[3]')
           FROM json_each(?1) j
           WHERE postings.id = json_extract(j.value, '$[0]') AND postings.search_price = json_extract(j.value, '$[1]')
             AND postings.updated_at <= ?2`,
        )
        .bind(chunk, run.readAt),
    );
  }
  statements.push(
    // A posting valued before but not now (sold long ago, removed, now rental-only or new) loses its estimate.
    d1
      .prepare(
        `DELETE FROM posting_market_values
         WHERE computed_at < ?1 AND posting_id NOT IN (SELECT value FROM json_each(?2))`,
      )
      .bind(run.computedAt, JSON.stringify(run.valuations.map((v) => v.postingId))),
    d1
      .prepare(
        `UPDATE postings SET price_rating = NULL, market_deviation_bp = NULL
         WHERE price_rating IS NOT NULL AND id NOT IN (SELECT posting_id FROM posting_market_values)`,
      )
      .bind(),
    d1
      .prepare(
        `INSERT INTO market_models (id, coefficients, family_references, family_years, valued, median_error_bp, computed_at)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (id) DO UPDATE SET coefficients = excluded.coefficients, family_references = excluded.family_references,
           family_years = excluded.family_years, valued = excluded.valued, median_error_bp = excluded.median_error_bp,
           computed_at = excluded.computed_at`,
      )
      .bind(
        JSON.stringify(run.coefficients),
        JSON.stringify(run.references),
        JSON.stringify(run.familyYears),
        run.valuations.length,
        run.medianErrorBp,
        run.computedAt,
      ),
    // Ratings are searchable: counts cached under the old generation must not survive them.
    d1.prepare("UPDATE search_generation SET n = n + 1 WHERE id = 1").bind(),
  );
  for (let i = 0; i < statements.length; i += statementsPerBatch) {
    await d1.batch(statements.slice(i, i + statementsPerBatch));
  }
  return { statements: statements.length, batches: Math.ceil(statements.length / statementsPerBatch) };
}

/** A posting's price changes, newest first. */
export async function readPriceHistory(db: Db, postingId: number, limit = 20) {
  return db
    .select({
      oldPrice: postingPriceChanges.oldPrice,
      newPrice: postingPriceChanges.newPrice,
      changedAt: postingPriceChanges.changedAt,
    })
    .from(postingPriceChanges)
    .where(eq(postingPriceChanges.postingId, postingId))
    .orderBy(desc(postingPriceChanges.changedAt), desc(postingPriceChanges.id))
    .limit(limit);
}

/** When the stored market was fitted (a few bytes), or null before the first run. */
export async function readMarketComputedAt(db: Db) {
  const row = await db
    .select({ computedAt: marketModels.computedAt })
    .from(marketModels)
    .where(eq(marketModels.id, 1))
    .get();
  return row?.computedAt ?? null;
}

type MarketModelRow = typeof marketModels.$inferSelect;
/**
 * This isolate's copy of the stored market (≈ 260 kB of JSON at 100,000 postings), kept by its `computed_at`: a
 * caller reads the few bytes of `computed_at` (with the posting it values, in parallel) and parses the whole row only
 * when a run has written a newer one since. Every run writes a new `computed_at`; the copy is never changed.
 */
let kept: MarketModelRow | null = null;

/** The fitted market, or null before the first run; `computedAt` (just read) lets this isolate's copy answer. */
export async function readMarketModel(db: Db, computedAt?: string | null) {
  if (computedAt === null) return null;
  if (computedAt !== undefined && kept?.computedAt === computedAt) return kept;
  const [row] = await db.select().from(marketModels).where(eq(marketModels.id, 1));
  if (row) kept = Object.freeze(row) as MarketModelRow;
  return row ?? null;
}
