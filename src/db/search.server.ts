import { toCents } from "~/domain/money";
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { chunks, maxBoundIds } from "~/lib/chunks";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { FacetName, SearchFilters, SearchSort } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { dealerships } from "./schema/dealerships";
import { favorites } from "./schema/engagement";
import { postings } from "./schema/postings";
import { searchGeneration } from "./schema/system";
import { startOfLjubljanaDay } from "~/domain/ljubljana-time";

export type SearchContext = { now: Date; userId: number | null };

const cardColumns = {
  id: postings.id,
  code: postings.code,
  status: postings.status,
  manufacturerCode: manufacturers.code,
  manufacturerName: manufacturers.name,
  baseModelCode: baseModels.code,
  baseModelName: baseModels.name,
  trimName: postings.trimName,
  priceType: postings.priceType,
  price: postings.price,
  specialPrice: postings.specialPrice,
  rentalPrices: postings.rentalPrices,
  modelYear: postings.modelYear,
  firstRegistration: postings.firstRegistration,
  odometerKm: postings.odometerKm,
  fuel: postings.fuel,
  powerKw: postings.powerKw,
  transmission: postings.transmission,
  contactRegion: postings.contactRegion,
  vehicleCondition: postings.vehicleCondition,
  arrivalState: postings.arrivalState,
  badgePromising: postings.badgePromising,
  badgeVerified: postings.badgeVerified,
  badgeGoodBuy: postings.badgeGoodBuy,
  badgeFinancing: postings.badgeFinancing,
  featuredUntil: postings.featuredUntil,
  featuredPackage: postings.featuredPackage,
  dealershipId: postings.dealershipId,
  publishedAt: postings.publishedAt,
  coverKey: sql<
    string | null
  >`(SELECT pf.object_key FROM posting_files pf WHERE pf.posting_id = ${postings.id} AND pf.mime_type LIKE 'image/%' ORDER BY pf.sort_order, pf.id LIMIT 1)`,
} as const;

/** Sort key column and its (status, key) index per sort; ties go to the newest id. */
const sortKeys: Record<
  SearchSort,
  { column: SQLiteColumn; direction: "asc" | "desc"; index: string; nullable?: false }
> = {
  newest: { column: postings.publishedAt, direction: "desc", index: "postings_status_published", nullable: false },
  priceAsc: { column: postings.searchPrice, direction: "asc", index: "postings_status_price" },
  priceDesc: { column: postings.searchPrice, direction: "desc", index: "postings_status_price" },
  mileageAsc: { column: postings.odometerKm, direction: "asc", index: "postings_status_odometer" },
  mileageDesc: { column: postings.odometerKm, direction: "desc", index: "postings_status_odometer" },
  yearDesc: { column: postings.modelYear, direction: "desc", index: "postings_status_year" },
  yearAsc: { column: postings.modelYear, direction: "asc", index: "postings_status_year" },
  powerDesc: { column: postings.powerKw, direction: "desc", index: "postings_status_power" },
  popular: { column: postings.viewsTotal, direction: "desc", index: "postings_status_views", nullable: false },
};

/** The covering index of migrations/0001: every count is answered from it alone. */
const searchIndex = "postings_search";
const featuredIndex = "postings_status_featured";
const postingsIndexedBy = (index: string) => sql`${postings} INDEXED BY ${sql.raw(index)}`;

const toMinute = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000);

function range(
  column: SQLiteColumn,
  r: { min: number | null; max: number | null } | null,
  scale: (n: number) => number = (n) => n,
): SQL[] {
  if (!r) return [];
  const out: SQL[] = [];
  if (r.min !== null) out.push(gte(column, scale(r.min)));
  if (r.max !== null) out.push(lte(column, scale(r.max)));
  return out;
}

const list = <T extends string>(column: SQLiteColumn, values: readonly T[]) =>
  values.length > 0 ? [inArray(column, [...values])] : [];

/** Every filter as SQL conditions on postings (spec section 3); keys in `without` are left out (facets). */
export function filterConditions(
  f: SearchFilters,
  ctx: SearchContext,
  without: ReadonlySet<string> = new Set(),
): SQL[] {
  const use = (key: string) => !without.has(key);
  const c: SQL[] = [
    f.includeSold ? inArray(postings.status, ["PUBLISHED", "SOLD"]) : eq(postings.status, "PUBLISHED"),
    eq(postings.hidePosting, false),
  ];

  if (use("model") && f.model.length > 0) {
    const makes = f.model.filter((m) => m.model === null).map((m) => m.manufacturer);
    const alternatives: SQL[] = [];
    if (makes.length > 0)
      alternatives.push(sql`${postings.manufacturerId} IN (SELECT id FROM manufacturers WHERE code IN ${makes})`);
    for (const m of f.model.filter((x) => x.model !== null)) {
      // The make condition is redundant but lets the search index seek (make, then model).
      alternatives.push(
        sql`(${postings.manufacturerId} = (SELECT id FROM manufacturers WHERE code = ${m.manufacturer}) AND ${postings.baseModelId} = (SELECT bm.id FROM base_models bm JOIN manufacturers mk ON mk.id = bm.manufacturer_id WHERE mk.code = ${m.manufacturer} AND bm.code = ${m.model}))`,
      );
    }
    const any = or(...alternatives);
    if (any) c.push(any);
  }
  if (f.dealerCode) c.push(sql`${postings.dealershipId} = (SELECT id FROM dealerships WHERE code = ${f.dealerCode})`);
  if (use("source")) c.push(...list(postings.vehicleCondition, f.source));
  if (use("region")) c.push(...list(postings.contactRegion, f.region));
  if (use("roof")) c.push(...list(postings.roofType, f.roof));
  if (use("fuel")) c.push(...list(postings.fuel, f.fuel));
  if (use("color")) c.push(...list(postings.color, f.color));
  if (use("damage")) c.push(...list(postings.damage, f.damage));
  if (use("interiorColor")) c.push(...list(postings.interiorColor, f.interiorColor));
  if (use("interior")) c.push(...list(postings.interiorMaterial, f.interior));
  if (use("transmission")) c.push(...list(postings.transmission, f.transmission));
  if (use("body")) c.push(...list(postings.bodyType, f.body));
  if (use("euro")) c.push(...list(postings.euroStandard, f.euro));
  if (use("driveWheels")) c.push(...list(postings.driveWheels, f.driveWheels));
  if (use("priceType")) c.push(...list(postings.priceType, f.priceType));
  if (use("postingSource")) c.push(...list(postings.postingSource, f.postingSource));

  // The URL's price range is euros people read and share (decision 050); the column is cents.
  c.push(...range(postings.searchPrice, f.price, toCents));
  c.push(...range(postings.modelYear, f.year));
  c.push(...range(postings.odometerKm, f.odo));
  c.push(...range(postings.powerKw, f.power));
  c.push(...range(postings.batteryKwh, f.battery));
  c.push(...range(postings.displacementCcm, f.ccm));
  c.push(...range(postings.seats, f.seats));
  c.push(...range(postings.doors, f.doors));
  c.push(...range(postings.previousOwners, f.owners));
  c.push(...range(postings.consumptionCity, f.cityConsumption));
  c.push(...range(postings.consumptionHighway, f.highwayConsumption));
  c.push(...range(postings.consumptionCombined, f.combinedConsumption));
  // First registration is stored as 'YYYY-MM': whole years compare as text.
  if (f.firstReg?.min != null) c.push(gte(postings.firstRegistration, String(f.firstReg.min)));
  if (f.firstReg?.max != null) c.push(lt(postings.firstRegistration, String(f.firstReg.max + 1)));

  if (f.safetyScore !== null) c.push(gte(postings.safetyScore, f.safetyScore));
  if (f.score !== null) c.push(gte(postings.score, f.score));
  if (f.financing) c.push(eq(postings.badgeFinancing, true));
  if (f.slo) c.push(eq(postings.slovenianVehicle, true));
  if (f.hideArriving) c.push(or(isNull(postings.arrivalState), ne(postings.arrivalState, "ARRIVING")) ?? sql`1`);
  if (f.favorites)
    c.push(
      ctx.userId === null
        ? sql`0`
        : sql`${postings.id} IN (SELECT posting_id FROM favorites WHERE user_id = ${ctx.userId})`,
    );
  if (f.dealer) c.push(isNotNull(postings.dealershipId));
  if (use("seller") && f.seller.length === 1)
    c.push(f.seller[0] === "dealer" ? isNotNull(postings.dealershipId) : isNull(postings.dealershipId));
  if (use("badge") && f.badge.length > 0) {
    const columns = {
      PROMISING: postings.badgePromising,
      VERIFIED: postings.badgeVerified,
      GOOD_BUY: postings.badgeGoodBuy,
      FINANCING: postings.badgeFinancing,
    };
    const any = or(...f.badge.map((b) => eq(columns[b], true)));
    if (any) c.push(any);
  }
  if (f.swap) c.push(eq(postings.swap, true));
  if (f.serviceBook) c.push(eq(postings.serviceBook, true));
  if (f.metallic) c.push(eq(postings.metallic, true));
  if (f.hasRentalOptions) c.push(eq(postings.hasRentalOptions, true));
  if (f.hiddenVin) c.push(eq(postings.hiddenVin, false));
  if (f.postingAge) {
    const since =
      f.postingAge === "TODAY"
        ? startOfLjubljanaDay(ctx.now)
        : new Date(ctx.now.getTime() - Number(f.postingAge.slice(1, -1)) * 86_400_000);
    c.push(gte(postings.publishedAt, since.toISOString()));
  }
  // Equipment narrows: a posting must have every chosen item. IN (list) is built once per query,
  // where EXISTS would probe the equipment index once per candidate row.
  if (use("eq"))
    for (const code of f.eq)
      c.push(sql`${postings.id} IN (SELECT posting_id FROM posting_equipment WHERE code = ${code})`);
  return c;
}

export type PostingCardRow = Awaited<ReturnType<ReturnType<typeof selectCards>["all"]>>[number];

function selectCards(db: Db) {
  return db
    .select(cardColumns)
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId));
}

const countCache = new Map<string, { at: number; value: unknown }>();
let liveCountCache: { at: number; n: number; generation: number } | null = null;
const countCacheTtlMs = 60_000;
const countCacheSize = 1000;

/**
 * The generation of the searchable data (migration 0018): SQLite triggers bump it on every write a
 * search can count, whatever the path and whichever isolate made it. null: unknown, so nothing is cached.
 */
export async function searchGenerationOf(db: Db): Promise<number | null> {
  const row = await db.select({ n: searchGeneration.n }).from(searchGeneration).where(eq(searchGeneration.id, 1)).get();
  return row?.n ?? null;
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
  key = `${generation}|${key}`;
  const hit = countCache.get(key);
  if (hit && now - hit.at < countCacheTtlMs) return hit.value as T;
  const value = await compute();
  if (countCache.size >= countCacheSize) countCache.delete(countCache.keys().next().value ?? "");
  countCache.set(key, { at: now, value });
  return value;
}

/** Drops this isolate's cached counts, after a change that moves many postings between filters at once (model mapping). */
export function forgetCachedCounts() {
  countCache.clear();
  liveCountCache = null;
}

/** count(*) for a WHERE clause, cached by its SQL and parameters within one data generation. */
async function countWhere(
  db: Db,
  where: SQL | undefined,
  generation: number | null,
  index?: string,
  now = Date.now(),
): Promise<number> {
  const query = db
    .select({ n: sql<number>`count(*)` })
    .from(index ? postingsIndexedBy(index) : postings)
    .where(where);
  const built = query.toSQL();
  const key = `${built.sql}|${JSON.stringify(built.params)}`;
  return cachedCount(key, now, async () => (await query.get())?.n ?? 0, generation);
}

/** Visible published postings (cached a minute per isolate: it only steers the query plan). */
async function liveCount(db: Db, now: number, generation: number | null): Promise<number> {
  if (
    liveCountCache &&
    generation !== null &&
    liveCountCache.generation === generation &&
    now - liveCountCache.at < 60_000
  )
    return liveCountCache.n;
  const n = await countWhere(
    db,
    and(eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false)),
    generation,
    searchIndex,
  );
  if (generation !== null) liveCountCache = { at: now, n, generation };
  return n;
}

// Walking the sort index costs about (rows wanted) / (share of postings that match) row reads;
// past this many, seeking the matches with the covering index and sorting them is cheaper.
const maxSortIndexWalk = 4000;

/**
 * One page of matching postings: featured ones first, then the rest in the chosen sort, and
 * postings without a value for the sort key (e.g. rental-only without a price) last. Each
 * segment is read in index order with its own LIMIT, so no query sorts the whole result.
 */
export async function searchPostings(
  db: Db,
  f: SearchFilters,
  ctxIn: SearchContext,
  page: { offset: number; limit: number; sort: SearchSort },
) {
  // Minute precision is plenty for "featured until" and posting age, and lets counts be cached.
  const ctx = { ...ctxIn, now: toMinute(ctxIn.now) };
  const base = filterConditions(f, ctx);
  const nowIso = ctx.now.toISOString();
  const key = sortKeys[page.sort];
  const order = [key.direction === "asc" ? asc(key.column) : desc(key.column), desc(postings.id)];
  const newestFirst = [desc(postings.publishedAt), desc(postings.id)];
  const featured = gt(postings.featuredUntil, nowIso);
  const notFeatured = or(isNull(postings.featuredUntil), lte(postings.featuredUntil, nowIso));
  const segments: { where: SQL | undefined; orderBy: SQL[] }[] = [
    { where: and(...base, featured), orderBy: order },
    { where: and(...base, notFeatured, isNotNull(key.column)), orderBy: order },
    { where: and(...base, notFeatured, isNull(key.column)), orderBy: newestFirst },
  ];
  // One broad count (a scan of the covering search index); the featured and key-less segments are
  // small and counted through their own indexes; the middle segment is the difference.
  // Featured postings are few: their own index finds them faster than any filter index.
  // Favourites are one user's: their counts are never cached.
  const generation = f.favorites ? null : await searchGenerationOf(db);
  const [total, featuredCount, keylessCount, live] = await Promise.all([
    countWhere(db, and(...base), generation, searchIndex),
    countWhere(db, segments[0]?.where, generation, featuredIndex),
    key.nullable === false ? 0 : countWhere(db, segments[2]?.where, generation),
    liveCount(db, ctx.now.getTime(), generation),
  ]);
  const walk = ((page.offset + page.limit) * live) / Math.max(1, total);
  const middleIndex = walk <= maxSortIndexWalk ? key.index : searchIndex;
  const counts = [featuredCount, Math.max(0, total - featuredCount - keylessCount), keylessCount];
  // The page is one query: each segment's slice of ids (read through its own index, limited),
  // concatenated in segment order and joined to the card columns.
  const parts: SQL[] = [];
  let start = 0;
  for (const [i, segment] of segments.entries()) {
    const size = counts[i] ?? 0;
    const from = Math.max(page.offset, start);
    const to = Math.min(page.offset + page.limit, start + size);
    if (from < to) {
      const index = i === 0 ? featuredIndex : i === 1 ? middleIndex : undefined;
      const source = index ? postingsIndexedBy(index) : sql`${postings}`;
      parts.push(
        sql`SELECT id, ${i} AS seg, row_number() OVER () AS r FROM (SELECT "postings"."id" AS id FROM ${source} WHERE ${segment.where} ORDER BY ${sql.join(segment.orderBy, sql`, `)} LIMIT ${to - from} OFFSET ${from - start})`,
      );
    }
    start += size;
  }
  if (parts.length === 0) return { rows: [], total };
  const rows = await selectCards(db)
    .innerJoin(sql`(${sql.join(parts, sql` UNION ALL `)}) AS page`, sql`page.id = ${postings.id}`)
    .orderBy(sql`page.seg`, sql`page.r`)
    .all();
  return { rows, total };
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
  const ownKey = facet === "manufacturer" || facet === "model" ? "model" : facet;
  const where = and(...filterConditions(f, ctx, new Set([ownKey])));
  const n = sql<number>`count(*)`;
  const column = facetColumns[facet];
  if (column) {
    const col = sql.raw(`"postings"."${column.name}"`);
    const rows = await db
      .select({ value: sql<string>`${col}`, count: n })
      .from(column.covered ? postingsIndexedBy(searchIndex) : postings)
      .where(and(where, sql`${col} IS NOT NULL`))
      .groupBy(col)
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
  return rows;
}

/** Similar vehicles: same model (else same make), price and year close, most similar first. */
/**
 * The most viewed visible postings, by views descending (ties: newest id first), featured or not:
 * the error pages' carousel (spec section 2: five popular vehicles by popularity descending).
 */
export function findPopular(db: Db, limit: number) {
  return selectCards(db)
    .where(and(eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false)))
    .orderBy(desc(postings.viewsTotal), desc(postings.id))
    .limit(limit)
    .all();
}

/**
 * One page of the vehicle feed for partner ad networks, in id order after `afterId` (keyset): published,
 * listed postings with a price a buyer pays. A hidden VIN keeps a posting out (spec section 5: "not shown
 * on partner ad networks"), whatever else it has.
 */
export function findAdFeedPostings(db: Db, afterId: number, limit: number) {
  return selectCards(db)
    .where(
      and(
        eq(postings.status, "PUBLISHED"),
        eq(postings.hidePosting, false),
        or(isNull(postings.hiddenVin), eq(postings.hiddenVin, false)),
        isNotNull(postings.searchPrice),
        gt(postings.id, afterId),
      ),
    )
    .orderBy(asc(postings.id))
    .limit(limit)
    .all();
}

export async function findSimilar(db: Db, postingCode: string, options: { dealerCode: string | null; limit: number }) {
  const origin = await db
    .select({
      id: postings.id,
      manufacturerId: postings.manufacturerId,
      baseModelId: postings.baseModelId,
      searchPrice: postings.searchPrice,
      modelYear: postings.modelYear,
    })
    .from(postings)
    // Page URLs carry the numeric id (the 410 page asks by id), API paths the code.
    .where(/^\d{1,12}$/.test(postingCode) ? eq(postings.id, Number(postingCode)) : eq(postings.code, postingCode))
    .get();
  if (!origin) return null;
  const price = origin.searchPrice ?? 0;
  const closeness = sql`abs(coalesce(${postings.searchPrice}, 0) - ${price}) / 100000.0 + abs(coalesce(${postings.modelYear}, 0) - ${origin.modelYear ?? 0})`;
  const dealerCondition = options.dealerCode
    ? sql`${postings.dealershipId} = (SELECT id FROM ${dealerships} WHERE code = ${options.dealerCode})`
    : undefined;
  const common = and(
    eq(postings.status, "PUBLISHED"),
    eq(postings.hidePosting, false),
    ne(postings.id, origin.id),
    dealerCondition,
  );
  // The make is implied by the model, but naming it lets SQLite seek postings_search on
  // (status, hide_posting, manufacturer_id, base_model_id) instead of walking every visible posting.
  const sameMakeCondition =
    origin.manufacturerId === null ? undefined : eq(postings.manufacturerId, origin.manufacturerId);
  const sameModel =
    origin.baseModelId === null
      ? []
      : await selectCards(db)
          .where(and(common, sameMakeCondition, eq(postings.baseModelId, origin.baseModelId)))
          .orderBy(closeness)
          .limit(options.limit)
          .all();
  if (sameModel.length >= options.limit || origin.manufacturerId === null) return sameModel;
  const sameMake = await selectCards(db)
    .where(
      and(
        common,
        eq(postings.manufacturerId, origin.manufacturerId),
        origin.baseModelId === null ? undefined : ne(postings.baseModelId, origin.baseModelId),
      ),
    )
    .orderBy(closeness)
    .limit(options.limit - sameModel.length)
    .all();
  return [...sameModel, ...sameMake];
}

/** Matches published after `since` (new results of a saved search); not cached: it is per user. */
export async function countNewMatches(db: Db, f: SearchFilters, since: string, ctx: SearchContext) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(postingsIndexedBy(searchIndex))
    .where(and(...filterConditions(f, { ...ctx, now: toMinute(ctx.now) }), gt(postings.publishedAt, since)))
    .get();
  return row?.n ?? 0;
}

/** The newest matches published after `since`, for the alert e-mail. */
export async function newestMatches(db: Db, f: SearchFilters, since: string, limit: number, ctx: SearchContext) {
  return selectCards(db)
    .where(and(...filterConditions(f, { ...ctx, now: toMinute(ctx.now) }), gt(postings.publishedAt, since)))
    .orderBy(desc(postings.publishedAt))
    .limit(limit)
    .all();
}

/** The user's liked postings (newest like first) with the price they had when liked. */
export function findFavoriteCards(db: Db, userId: number) {
  return db
    .select({ card: cardColumns, priceAtLike: favorites.priceAtLike, searchPrice: postings.searchPrice })
    .from(favorites)
    .innerJoin(postings, eq(postings.id, favorites.postingId))
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .where(and(eq(favorites.userId, userId), ne(postings.status, "DRAFT")))
    .orderBy(desc(favorites.createdAt))
    .all();
}
