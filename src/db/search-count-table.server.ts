import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { toCents } from "~/domain/money";
import { emptyFilters, type SearchFilters } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { searchCounts, searchGeneration } from "./schema/system";

/**
 * Broad searches read their total from the counts kept by the triggers of migrations 0028 and 0030
 * (decisions 082, 087): a few rows instead of a walk of the search index. Covered: no filter, or ONE of
 * one make, one model, one fuel, one body, regions, one seller kind, a year range, a price range, a mileage
 * range — and nothing else (sold postings, favourites, any other filter or a pair fall back to count(*)).
 */
export type CoveredCount = {
  dimension: string;
  /** The kept rows summed: one value, a list of values, or a band range (whole bands, by number). */
  value?: SQL | string;
  values?: readonly string[];
  bands?: { from: number | null; to: number | null };
  /** The rows of the partial bands at a range's unaligned edges, counted exactly through their index. */
  edges?: SQL;
};

/** Fields that never change which postings match. */
const neutral = { page: 0, sort: null, results: null, from: null, searchSource: null, ai: null } as const;
const empty = emptyFilters();
const emptyKey = JSON.stringify({ ...empty, ...neutral });
const sameAsEmpty = (f: SearchFilters) => JSON.stringify({ ...f, ...neutral }) === emptyKey;
/** Only `key` differs from no filter at all. */
const onlyFilter = (f: SearchFilters, key: keyof SearchFilters) =>
  sameAsEmpty({ ...f, [key]: empty[key] } as SearchFilters);

/** The banded dimensions of migration 0030: column, band width in the column's unit, index, URL unit → column. */
export const bandedDimensions = {
  year: { dimension: "year", column: "model_year", width: 1, index: "postings_status_year", scale: (n: number) => n },
  price: { dimension: "price", column: "search_price", width: 50_000, index: "postings_status_price", scale: toCents },
  odo: {
    dimension: "odo",
    column: "odometer_km",
    width: 5_000,
    index: "postings_status_odometer",
    scale: (n: number) => n,
  },
} as const;

/**
 * A range as whole kept bands plus its edges: the column is an integer, so [lo, hi] holds the bands
 * ceil(lo/w) .. floor((hi+1)/w) − 1 whole, and the rows of the partial bands at either end are counted exactly.
 */
export function bandedRange(key: keyof typeof bandedDimensions, r: { min: number | null; max: number | null }) {
  const d = bandedDimensions[key];
  const lo = r.min === null ? null : Math.ceil(d.scale(r.min));
  const hi = r.max === null ? null : Math.floor(d.scale(r.max));
  const col = sql.raw(`"postings"."${d.column}"`);
  const visible = sql`"postings"."status" = 'PUBLISHED' AND "postings"."hide_posting" = 0`;
  const edgeCount = (a: number, b: number) =>
    sql`(SELECT count(*) FROM "postings" INDEXED BY ${sql.raw(d.index)} WHERE ${visible} AND ${col} BETWEEN ${a} AND ${b})`;
  const from = lo === null ? null : Math.ceil(lo / d.width);
  const to = hi === null ? null : Math.floor((hi + 1) / d.width) - 1;
  // Inside fewer than two bands: the whole range is an edge.
  if (lo !== null && hi !== null && from !== null && to !== null && from > to)
    return { dimension: d.dimension, edges: lo > hi ? sql`0` : edgeCount(lo, hi) };
  const edges: SQL[] = [];
  if (lo !== null && from !== null && lo < from * d.width) edges.push(edgeCount(lo, from * d.width - 1));
  if (hi !== null && to !== null && hi >= (to + 1) * d.width) edges.push(edgeCount((to + 1) * d.width, hi));
  return { dimension: d.dimension, bands: { from, to }, edges: edges.length ? sql.join(edges, sql` + `) : undefined };
}

/** The one dimension a search's filters are covered by, or null when they must be counted exactly. */
export function coveredCount(f: SearchFilters): CoveredCount | null {
  if (sameAsEmpty(f)) return { dimension: "all", value: "" };
  if (f.model.length === 1 && onlyFilter(f, "model")) {
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
  if (f.fuel.length === 1 && f.fuel[0] && onlyFilter(f, "fuel")) return { dimension: "fuel", value: f.fuel[0] };
  if (f.body.length === 1 && f.body[0] && onlyFilter(f, "body")) return { dimension: "body", value: f.body[0] };
  if (f.region.length > 0 && onlyFilter(f, "region")) return { dimension: "region", values: f.region };
  if (f.seller.length === 1 && f.seller[0] && onlyFilter(f, "seller"))
    return { dimension: "seller", value: f.seller[0] };
  for (const key of Object.keys(bandedDimensions) as (keyof typeof bandedDimensions)[]) {
    const r = f[key];
    if (r && (r.min !== null || r.max !== null) && onlyFilter(f, key)) return bandedRange(key, r);
  }
  return null;
}

/** The sum of the kept rows a covered count reads (0 when it reads none). */
function keptSum(covered: CoveredCount): SQL {
  const { dimension, value, values, bands } = covered;
  const rows: SQL[] = [eq(searchCounts.dimension, dimension)];
  if (value !== undefined) rows.push(sql`${searchCounts.value} = ${value}`);
  else if (values) rows.push(inArray(searchCounts.value, [...values]));
  else if (bands) {
    // The '' row holds the postings without a value: no range matches them.
    rows.push(sql`${searchCounts.value} <> ''`);
    if (bands.from !== null) rows.push(sql`CAST(${searchCounts.value} AS INTEGER) >= ${bands.from}`);
    if (bands.to !== null) rows.push(sql`CAST(${searchCounts.value} AS INTEGER) <= ${bands.to}`);
  } else return sql`0`;
  return sql`(SELECT coalesce(sum(${searchCounts.n}), 0) FROM ${searchCounts} WHERE ${and(...rows)})`;
}

/**
 * The statement reading a covered count AND the data generation it belongs to: one statement is one
 * snapshot, also on a read replica (decision 087), so the count is cached under the generation it was read at.
 */
export function coveredCountQuery(db: Db, covered: CoveredCount) {
  const n = covered.edges ? sql<number>`${keptSum(covered)} + ${covered.edges}` : sql<number>`${keptSum(covered)}`;
  return db
    .select({ n, generation: sql<number | null>`${searchGeneration.n}` })
    .from(searchGeneration)
    .where(eq(searchGeneration.id, 1));
}

/** Facets whose values are a kept dimension, and that dimension's name. */
const keptFacets: Record<string, string> = { fuel: "fuel", body: "body", region: "region", seller: "seller" };

/**
 * Facet counts for fuel, body, region, seller kind and make when no other filter applies: the maintained
 * rows of that dimension, most frequent first (decisions 082, 087). null: the facet must be counted from the index.
 */
export async function coveredFacet(db: Db, facet: string, f: SearchFilters) {
  const dimension = keptFacets[facet];
  if (dimension) {
    if (!onlyFilter(f, facet as keyof SearchFilters)) return null;
    return db
      .select({ value: searchCounts.value, count: searchCounts.n })
      .from(searchCounts)
      .where(and(eq(searchCounts.dimension, dimension), sql`${searchCounts.value} <> ''`, sql`${searchCounts.n} > 0`))
      .orderBy(sql`${searchCounts.n} DESC`)
      .all();
  }
  if (facet === "manufacturer") {
    if (!onlyFilter(f, "model")) return null;
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
