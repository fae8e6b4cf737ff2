import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { chunks, maxBoundIds } from "~/lib/chunks";
import type { FacetName, SearchFilters } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { postings } from "./schema/postings";
import { searchGeneration } from "./schema/system";
import { allCount, coveredCount, coveredCountQuery, coveredFacet } from "./search-count-table.server";
import {
  filterConditions,
  postingsIndexedBy,
  type SearchContext,
  searchIndex,
  toMinute,
} from "./search-conditions.server";

const countCache = new Map<string, { at: number; value: unknown }>();
let liveCountCache: { at: number; n: number; generation: number } | null = null;
const countCacheTtlMs = 60_000;
const countCacheSize = 1000;

/**
 * The generation of the searchable data (migration 0018): SQLite triggers bump it on every write a
 * search can count, whatever the path and whichever isolate made it. null: unknown, so nothing is cached.
 */
export async function searchGenerationOf(db: Db): Promise<number | null> {
  const row = await generationQuery(db).get();
  lastGeneration = row?.n ?? null;
  return lastGeneration;
}

/** The generation's one-row read (alone in `searchGenerationOf`, or in a signed-in search's batch: decision 089). */
export const generationQuery = (db: Db) =>
  db.select({ n: searchGeneration.n }).from(searchGeneration).where(eq(searchGeneration.id, 1));

let lastGeneration: number | null = null;

/**
 * The generation this isolate read last (null: none yet). A search may bet that it still holds and read the
 * generation in its page's own statement: if the bet lost, the page is read again (decision 080).
 */
export const lastSeenGeneration = () => lastGeneration;

/** Takes the generation a page's statement read: the next search bets on it. */
export function sawGeneration(n: number | null): void {
  lastGeneration = n;
}

/**
 * Counts are cached per isolate only within one generation of the data (issue 21): a publish, a
 * price change, a sale or a removal moves the generation, so the very next search counts afresh
 * and `total` always matches the rows the pages deliver. `generation` null computes without caching.
 */
async function cachedCount<T>(
  key: string,
  now: number,
  compute: () => Promise<T>,
  generation: number | null,
): Promise<T> {
  if (generation === null) return compute();
  const hit = countCache.get(`${generation}|${key}`);
  if (hit && now - hit.at < countCacheTtlMs) return hit.value as T;
  const value = await compute();
  remember(key, generation, now, value);
  return value;
}

function remember(key: string, generation: number, now: number, value: unknown) {
  if (countCache.size >= countCacheSize) countCache.delete(countCache.keys().next().value ?? "");
  countCache.set(`${generation}|${key}`, { at: now, value });
}

/**
 * A count read in one statement with the generation (decision 087): a replica's snapshot holds both, so the
 * count is cached under the generation it was read at — never under one read earlier in another statement.
 */
async function cachedCountOf(
  query: { get(): Promise<{ n: number; generation: number | null } | undefined>; toSQL(): Built },
  generation: number | null,
  now: number,
): Promise<number> {
  const key = countKey(query);
  if (generation !== null) {
    const hit = peekCached(key, generation, now);
    if (hit !== null) return hit;
  }
  const row = await query.get();
  const n = row?.n ?? 0;
  if (generation !== null && row?.generation != null) remember(key, row.generation, now, n);
  return n;
}

/** Drops this isolate's cached counts, after a change that moves many postings between filters at once (model mapping). */
export function forgetCachedCounts() {
  countCache.clear();
  liveCountCache = null;
}

/** A search's total: from the maintained counts when its filters are covered (decision 082), else count(*). */
export async function countSearch(db: Db, f: SearchFilters, where: SQL | undefined, generation: number | null) {
  const covered = coveredCount(f);
  if (!covered) return countWhere(db, where, generation, searchIndex);
  // Kept per data generation like any count (decision 080): the counts table changes only with writes that bump it.
  return cachedCountOf(coveredCountQuery(db, covered), generation, Date.now());
}

/** What `countSearch` would answer from this isolate's cache for this generation, or null when it would count. */
export function peekSearchTotal(db: Db, f: SearchFilters, where: SQL | undefined, generation: number, now: number) {
  const covered = coveredCount(f);
  if (!covered) return peekCount(db, where, generation, searchIndex, now);
  return peekCached(countKey(coveredCountQuery(db, covered)), generation, now);
}

function peekCached(key: string, generation: number, now: number): number | null {
  const hit = countCache.get(`${generation}|${key}`);
  return hit && now - hit.at < countCacheTtlMs ? (hit.value as number) : null;
}

/** count(*) for a WHERE clause, cached by its SQL and parameters within one data generation. */
export async function countWhere(
  db: Db,
  where: SQL | undefined,
  generation: number | null,
  index?: string,
  now = Date.now(),
): Promise<number> {
  return cachedCountOf(countQuery(db, where, index), generation, now);
}

/** count(*) for a WHERE clause, through an index when named: the one form `countWhere` and `peekCount` key on. */
const countQuery = (db: Db, where: SQL | undefined, index?: string) =>
  db
    .select({ n: sql<number>`count(*)`, generation: generationOfStatement })
    .from(index ? postingsIndexedBy(index) : postings)
    .where(where);

/** The data generation as a column of a count's own statement (one snapshot). */
const generationOfStatement = sql<number | null>`(SELECT n FROM search_generation WHERE id = 1)`;

type Built = { sql: string; params: unknown[] };
const countKey = (query: { toSQL(): Built }) => {
  const built = query.toSQL();
  return `${built.sql}|${JSON.stringify(built.params)}`;
};

/** What `countWhere` would answer from this isolate's cache for this generation, or null when it would count. */
export function peekCount(db: Db, where: SQL | undefined, generation: number, index?: string, now = Date.now()) {
  return peekCached(countKey(countQuery(db, where, index)), generation, now);
}

/** `liveCount` from the cache only, or null. */
export function peekLiveCount(generation: number, now: number): number | null {
  return liveCountCache && liveCountCache.generation === generation && now - liveCountCache.at < countCacheTtlMs
    ? liveCountCache.n
    : null;
}

/**
 * count(*) for several searches, each cached as `countWhere` caches it; the ones not cached are
 * counted in one D1 batch (one round trip however many there are). Favourites are never cached.
 */
export async function countEach(
  db: Db,
  searches: readonly SearchFilters[],
  ctxIn: SearchContext,
  now = Date.now(),
): Promise<number[]> {
  const ctx = { ...ctxIn, now: toMinute(ctxIn.now) };
  const generation = searches.some((f) => f.favorites) ? null : await searchGenerationOf(db);
  const queries = searches.map((f) => countQuery(db, and(...filterConditions(f, ctx)), searchIndex));
  const keys = queries.map(countKey);
  const counts = keys.map((key) => (generation === null ? null : peekCached(key, generation, now)));
  const missing = counts.flatMap((n, i) => (n === null ? [i] : []));
  const [first, ...rest] = missing.map((i) => queries[i]).filter((q) => q !== undefined);
  if (!first) return counts.map((n) => n ?? 0);
  const answers = await db.batch([first, ...rest]);
  missing.forEach((i, k) => {
    const row = answers[k]?.[0];
    const n = row?.n ?? 0;
    counts[i] = n;
    const key = keys[i];
    // Cached under the generation its own statement read (decision 087).
    if (generation !== null && key !== undefined && row?.generation != null) remember(key, row.generation, now, n);
  });
  return counts.map((n) => n ?? 0);
}

/** Visible published postings (cached a minute per isolate: it only steers the query plan). */
export async function liveCount(db: Db, now: number, generation: number | null): Promise<number> {
  const cached = generation === null ? null : peekLiveCount(generation, now);
  if (cached !== null) return cached;
  // Kept exact by migration 0028's triggers: one row, not a walk of the index.
  const row = await coveredCountQuery(db, allCount).get();
  const n = row?.n ?? 0;
  if (generation !== null && row?.generation != null) liveCountCache = { at: now, n, generation: row.generation };
  return n;
}

/** Facet → column name; `covered` columns are in the search index, so grouping never reads the table. */
const facetColumns: Partial<Record<FacetName, { name: string; covered: boolean }>> = {
  fuel: { name: "fuel", covered: true },
  body: { name: "body_type", covered: true },
  color: { name: "color", covered: true },
  region: { name: "contact_region", covered: true },
  transmission: { name: "transmission", covered: true },
  driveWheels: { name: "drive_wheels", covered: true },
  source: { name: "vehicle_condition", covered: true },
  priceType: { name: "price_type", covered: true },
  damage: { name: "damage", covered: false },
  euro: { name: "euro_standard", covered: false },
  interiorColor: { name: "interior_color", covered: false },
  interior: { name: "interior_material", covered: false },
  roof: { name: "roof_type", covered: false },
  postingSource: { name: "posting_source", covered: false },
};

export type FacetCount = { value: string; label?: string; count: number };

/** Counts per value of one facet (spec: marketplace/count-by/{spreadParamName}), most frequent first. */
export async function countByFacet(
  db: Db,
  facet: FacetName,
  f: SearchFilters,
  ctxIn: SearchContext,
): Promise<FacetCount[]> {
  const ctx = { ...ctxIn, now: toMinute(ctxIn.now) };
  const key = `facet:${facet}|${ctx.userId ?? ""}|${ctx.now.getTime()}|${JSON.stringify({ ...f, page: 0, sort: null, results: null, from: null })}`;
  const generation = f.favorites ? null : await searchGenerationOf(db);
  return cachedCount(key, ctxIn.now.getTime(), () => computeFacet(db, facet, f, ctx), generation);
}

async function computeFacet(db: Db, facet: FacetName, f: SearchFilters, ctx: SearchContext): Promise<FacetCount[]> {
  if (!f.includeSold && !f.favorites) {
    const covered = await coveredFacet(db, facet, f);
    if (covered) return covered;
  }
  const ownKey = facet === "manufacturer" || facet === "model" ? "model" : facet;
  const where = and(...filterConditions(f, ctx, new Set([ownKey])));
  const n = sql<number>`count(*)`;
  const column = facetColumns[facet];
  if (column) {
    const col = sql.raw(`"postings"."${column.name}"`);
    // "Rabljeno" also finds a car whose condition is not given (filterConditions): its count includes them.
    const value = facet === "source" ? sql`coalesce(${col}, 'USED')` : col;
    const rows = await db
      .select({ value: sql<string>`${value}`, count: n })
      .from(column.covered ? postingsIndexedBy(searchIndex) : postings)
      .where(and(where, facet === "source" ? undefined : sql`${col} IS NOT NULL`))
      .groupBy(value)
      .orderBy(desc(n))
      .all();
    return rows.map((r) => ({ value: String(r.value), count: r.count }));
  }
  if (facet === "manufacturer" || facet === "model") {
    // Group on the index by id; names come from the small catalog tables afterwards.
    const makes = [...new Set(f.model.map((m) => m.manufacturer))];
    const idColumn = sql.raw(facet === "manufacturer" ? `"postings"."manufacturer_id"` : `"postings"."base_model_id"`);
    const makeScope =
      facet === "model" && makes.length > 0
        ? sql`"postings"."manufacturer_id" IN (SELECT id FROM manufacturers WHERE code IN ${makes})`
        : undefined;
    const grouped = await db
      .select({ id: sql<number>`${idColumn}`, count: n })
      .from(postingsIndexedBy(searchIndex))
      .where(and(where, makeScope, sql`${idColumn} IS NOT NULL`))
      .groupBy(idColumn)
      .orderBy(desc(n))
      .all();
    const ids = grouped.map((g) => g.id);
    if (ids.length === 0) return [];
    if (facet === "manufacturer") {
      const names = (
        await Promise.all(
          chunks(ids, maxBoundIds).map((part) =>
            db
              .select({ id: manufacturers.id, code: manufacturers.code, name: manufacturers.name })
              .from(manufacturers)
              .where(inArray(manufacturers.id, part))
              .all(),
          ),
        )
      ).flat();
      const byId = new Map(names.map((x) => [x.id, x]));
      return grouped.flatMap((g) => {
        const mk = byId.get(g.id);
        return mk ? [{ value: mk.code, label: mk.name, count: g.count }] : [];
      });
    }
    // Without a make filter there can be hundreds of models: D1 binds at most 100 parameters.
    const names = (
      await Promise.all(
        chunks(ids, maxBoundIds).map((part) =>
          db
            .select({ id: baseModels.id, code: baseModels.code, name: baseModels.name, make: manufacturers.code })
            .from(baseModels)
            .innerJoin(manufacturers, eq(manufacturers.id, baseModels.manufacturerId))
            .where(inArray(baseModels.id, part))
            .all(),
        ),
      )
    ).flat();
    const byId = new Map(names.map((x) => [x.id, x]));
    return grouped.flatMap((g) => {
      const md = byId.get(g.id);
      return md ? [{ value: `${md.make}(${md.code})`, label: md.name, count: g.count }] : [];
    });
  }
  if (facet === "seller") {
    const kind = sql<string>`CASE WHEN "postings"."dealership_id" IS NULL THEN 'person' ELSE 'dealer' END`;
    return db
      .select({ value: kind, count: n })
      .from(postingsIndexedBy(searchIndex))
      .where(where)
      .groupBy(kind)
      .orderBy(desc(n))
      .all();
  }
  if (facet === "badge") {
    const row = await db
      .select({
        PROMISING: sql<number>`coalesce(sum("postings"."badge_promising"), 0)`,
        VERIFIED: sql<number>`coalesce(sum("postings"."badge_verified"), 0)`,
        GOOD_BUY: sql<number>`coalesce(sum("postings"."badge_good_buy"), 0)`,
        FINANCING: sql<number>`coalesce(sum("postings"."badge_financing"), 0)`,
      })
      .from(postingsIndexedBy(searchIndex))
      .where(where)
      .get();
    return Object.entries(row ?? {})
      .map(([value, count]) => ({ value, count: Number(count) }))
      .filter((r) => r.count > 0);
  }
  // eq: how many matching postings have each equipment item.
  const matching = db.select({ id: sql<number>`"postings"."id"` }).from(postingsIndexedBy(searchIndex)).where(where);
  const rows = await db
    .select({ value: sql<string>`pe.code`, count: n })
    .from(sql`posting_equipment pe`)
    .where(sql`pe.posting_id IN ${matching}`)
    .groupBy(sql`pe.code`)
    .orderBy(desc(n))
    .all();
  // 4×4 and alloy rims are fields, not ticks (issue 23, decision 060): counted from their columns.
  const asFields = await db
    .select({
      OTHER_4X4: sql<number>`coalesce(sum("postings"."drive_wheels" = 'BOTH'), 0)`,
      OTHER_ALLOY_WHEELS: sql<number>`coalesce(sum("postings"."id" IN (SELECT posting_id FROM posting_details WHERE rims_material = 'ALU')), 0)`,
    })
    .from(postingsIndexedBy(searchIndex))
    .where(where)
    .get();
  const fieldRows = Object.entries(asFields ?? {})
    .map(([value, count]) => ({ value, count: Number(count) }))
    .filter((r) => r.count > 0);
  return [...rows, ...fieldRows].sort((a, b) => b.count - a.count);
}
