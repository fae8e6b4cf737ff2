import { and, eq, type SQL, sql } from "drizzle-orm";
import { emptyFilters, type SearchFilters } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { searchCounts } from "./schema/system";

/**
 * Broad searches read their total from the counts kept by migration 0028's triggers (decision 082):
 * one row instead of a walk of the search index. Covered: no filter, one make, one model, one fuel
 * or one body — and nothing else (sold postings, favourites, any other filter fall back to count(*)).
 */
export type CoveredCount = { dimension: "all" | "make" | "model" | "fuel" | "body"; value: SQL | string };

/** Fields that never change which postings match. */
const neutral = { page: 0, sort: null, results: null, from: null, searchSource: null, ai: null } as const;
const emptyKey = JSON.stringify({ ...emptyFilters(), ...neutral });
const sameAsEmpty = (f: SearchFilters) => JSON.stringify({ ...f, ...neutral }) === emptyKey;

/** The one dimension a search's filters are covered by, or null when they must be counted exactly. */
export function coveredCount(f: SearchFilters): CoveredCount | null {
  if (sameAsEmpty(f)) return { dimension: "all", value: "" };
  if (f.model.length === 1 && sameAsEmpty({ ...f, model: [] })) {
    const m = f.model[0];
    if (!m) return null;
    if (m.model === null)
      return {
        dimension: "make",
        value: sql`(SELECT CAST(id AS TEXT) FROM manufacturers WHERE code = ${m.manufacturer})`,
      };
    return {
      dimension: "model",
      value: sql`(SELECT CAST(bm.id AS TEXT) FROM base_models bm JOIN manufacturers mk ON mk.id = bm.manufacturer_id WHERE mk.code = ${m.manufacturer} AND bm.code = ${m.model})`,
    };
  }
  if (f.fuel.length === 1 && f.fuel[0] && sameAsEmpty({ ...f, fuel: [] }))
    return { dimension: "fuel", value: f.fuel[0] };
  if (f.body.length === 1 && f.body[0] && sameAsEmpty({ ...f, body: [] }))
    return { dimension: "body", value: f.body[0] };
  return null;
}

/** The statement reading a covered count: one row of search_counts (none: 0). */
export function coveredCountQuery(db: Db, covered: CoveredCount) {
  return db
    .select({ n: sql<number>`coalesce(sum(${searchCounts.n}), 0)` })
    .from(searchCounts)
    .where(and(eq(searchCounts.dimension, covered.dimension), sql`${searchCounts.value} = ${covered.value}`));
}

/**
 * Facet counts for fuel, body and make when no other filter applies: the maintained rows of that
 * dimension, most frequent first (decision 082). null: the facet must be counted from the index.
 */
export async function coveredFacet(db: Db, facet: string, f: SearchFilters) {
  if (facet === "fuel" || facet === "body") {
    if (!sameAsEmpty({ ...f, [facet]: [] })) return null;
    return db
      .select({ value: searchCounts.value, count: searchCounts.n })
      .from(searchCounts)
      .where(and(eq(searchCounts.dimension, facet), sql`${searchCounts.value} <> ''`, sql`${searchCounts.n} > 0`))
      .orderBy(sql`${searchCounts.n} DESC`)
      .all();
  }
  if (facet === "manufacturer") {
    if (!sameAsEmpty({ ...f, model: [] })) return null;
    return db
      .select({ value: sql<string>`mk.code`, label: sql<string>`mk.name`, count: searchCounts.n })
      .from(searchCounts)
      .innerJoin(sql`manufacturers mk`, sql`CAST(mk.id AS TEXT) = ${searchCounts.value}`)
      .where(and(eq(searchCounts.dimension, "make"), sql`${searchCounts.n} > 0`))
      .orderBy(sql`${searchCounts.n} DESC`)
      .all();
  }
  return null;
}
