/**
 * The market value in D1 (decision 088): the daily fit reads every posting that is market data and
 * writes the estimates back in chunks; the request path reads one posting's estimate and history.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { marketModels, postingPriceChanges } from "./schema/market";
import { postings } from "./schema/postings";
import type { MarketCoefficients } from "~/domain/market-value/fit";
import type { FamilyReference, MarketPosting, Valuation } from "~/domain/market-value/valuate";

/** Every posting that can be market data, as the fit reads it (one statement; 100,000 rows at the bench). */
export async function readMarketPostings(db: Db, now = new Date()): Promise<MarketPosting[]> {
  const since = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  const rows = await db
    .select({
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
    })
    .from(postings)
    .where(
      and(
        inArray(postings.status, ["PUBLISHED", "SOLD", "EXPIRED"]),
        // A posting a moderator hid is no market data (it may be a fake); sold and expired ones count for a year.
        eq(postings.hidePosting, false),
        sql`(${postings.status} = 'PUBLISHED' OR coalesce(${postings.soldAt}, ${postings.expiresAt}) >= ${since})`,
      ),
    );
  return rows.flatMap(({ modelYear, firstRegistration, makeId, modelId, odometerKm, userId, dealershipId, ...r }) => {
    const year = modelYear ?? Number(String(firstRegistration ?? "").slice(0, 4));
    if (!makeId || !modelId || !Number.isFinite(year) || year < 1900) return [];
    const sellerKey = dealershipId === null ? `u${userId}` : `d${dealershipId}`;
    return [{ ...r, makeId, modelId, year, odometerKm: odometerKm ?? 0, sellerKey }];
  });
}

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
  },
) {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < run.valuations.length; i += chunkSize) {
    const chunk = JSON.stringify(
      run.valuations
        .slice(i, i + chunkSize)
        .map((v) => [
          v.postingId,
          v.price,
          v.rating,
          v.deviationBp,
          v.low,
          v.mid,
          v.high,
          v.comparables,
          v.scope,
          v.yearFrom,
          v.yearTo,
          JSON.stringify(v.factors),
        ]),
    );
    statements.push(
      d1
        .prepare(
          `INSERT INTO posting_market_values (posting_id, low, mid, high, comparables, scope, year_from, year_to, factors, computed_at)
           SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[4]'), json_extract(j.value, '$[5]'),
                  json_extract(j.value, '$[6]'), json_extract(j.value, '$[7]'), json_extract(j.value, '$[8]'),
                  json_extract(j.value, '$[9]'), json_extract(j.value, '$[10]'), json_extract(j.value, '$[11]'), ?2
           FROM json_each(?1) j JOIN postings p ON p.id = json_extract(j.value, '$[0]')
             AND p.search_price = json_extract(j.value, '$[1]')
           WHERE true
           ON CONFLICT (posting_id) DO UPDATE SET low = excluded.low, mid = excluded.mid, high = excluded.high,
             comparables = excluded.comparables, scope = excluded.scope, year_from = excluded.year_from,
             year_to = excluded.year_to, factors = excluded.factors, computed_at = excluded.computed_at`,
        )
        .bind(chunk, run.computedAt),
      d1
        .prepare(
          `UPDATE postings SET price_rating = json_extract(j.value, '$[2]'), market_deviation_bp = json_extract(j.value, '$[3]')
           FROM json_each(?1) j
           WHERE postings.id = json_extract(j.value, '$[0]') AND postings.search_price = json_extract(j.value, '$[1]')`,
        )
        .bind(chunk),
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

/** The fitted market, or null before the first run. */
export async function readMarketModel(db: Db) {
  const [row] = await db.select().from(marketModels).where(eq(marketModels.id, 1));
  return row ?? null;
}
