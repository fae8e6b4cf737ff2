import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { FacetName, SearchFilters, SearchSort } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { baseModels, dealerships, manufacturers, postings } from "./schema";

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
  dealershipId: postings.dealershipId,
  publishedAt: postings.publishedAt,
  coverKey: sql<string | null>`(SELECT pf.object_key FROM posting_files pf WHERE pf.posting_id = ${postings.id} AND pf.mime_type LIKE 'image/%' ORDER BY pf.sort_order, pf.id LIMIT 1)`,
} as const;



/** Sort key column per sort; every sort ends with the newest first as a tie-breaker. */
const sortKeys: Record<SearchSort, { column: SQLiteColumn; direction: "asc" | "desc" }> = {
  newest: { column: postings.publishedAt, direction: "desc" },
  priceAsc: { column: postings.searchPrice, direction: "asc" },
  priceDesc: { column: postings.searchPrice, direction: "desc" },
  mileageAsc: { column: postings.odometerKm, direction: "asc" },
  mileageDesc: { column: postings.odometerKm, direction: "desc" },
  yearDesc: { column: postings.modelYear, direction: "desc" },
  yearAsc: { column: postings.modelYear, direction: "asc" },
  powerDesc: { column: postings.powerKw, direction: "desc" },
  popular: { column: postings.viewsTotal, direction: "desc" },
};

const euroCents = (euros: number) => Math.round(euros * 100);

function range(column: SQLiteColumn, r: { min: number | null; max: number | null } | null, scale: (n: number) => number = (n) => n): SQL[] {
  if (!r) return [];
  const out: SQL[] = [];
  if (r.min !== null) out.push(gte(column, scale(r.min)));
  if (r.max !== null) out.push(lte(column, scale(r.max)));
  return out;
}

const list = <T extends string>(column: SQLiteColumn, values: readonly T[]) => (values.length > 0 ? [inArray(column, [...values])] : []);

/** Start of "today" in Ljubljana as an ISO instant (posting age TODAY). */
export function startOfLjubljanaDay(now: Date): Date {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Ljubljana", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const sinceMidnightMs = ((get("hour") * 60 + get("minute")) * 60 + get("second")) * 1000 + now.getUTCMilliseconds();
  return new Date(now.getTime() - sinceMidnightMs);
}

/** Every filter as SQL conditions on postings (spec section 3); keys in `without` are left out (facets). */
export function filterConditions(f: SearchFilters, ctx: SearchContext, without: ReadonlySet<string> = new Set()): SQL[] {
  const use = (key: string) => !without.has(key);
  const c: SQL[] = [f.includeSold ? inArray(postings.status, ["PUBLISHED", "SOLD"]) : eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false)];

  if (use("model") && f.model.length > 0) {
    const makes = f.model.filter((m) => m.model === null).map((m) => m.manufacturer);
    const alternatives: SQL[] = [];
    if (makes.length > 0) alternatives.push(sql`${postings.manufacturerId} IN (SELECT id FROM manufacturers WHERE code IN ${makes})`);
    for (const m of f.model.filter((x) => x.model !== null)) {
      alternatives.push(
        sql`${postings.baseModelId} = (SELECT bm.id FROM base_models bm JOIN manufacturers mk ON mk.id = bm.manufacturer_id WHERE mk.code = ${m.manufacturer} AND bm.code = ${m.model})`,
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

  c.push(...range(postings.searchPrice, f.price, euroCents));
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
  if (f.favorites) c.push(ctx.userId === null ? sql`0` : sql`${postings.id} IN (SELECT posting_id FROM favorites WHERE user_id = ${ctx.userId})`);
  if (f.dealer) c.push(isNotNull(postings.dealershipId));
  if (use("seller") && f.seller.length === 1) c.push(f.seller[0] === "dealer" ? isNotNull(postings.dealershipId) : isNull(postings.dealershipId));
  if (use("badge") && f.badge.length > 0) {
    const columns = { PROMISING: postings.badgePromising, VERIFIED: postings.badgeVerified, GOOD_BUY: postings.badgeGoodBuy, FINANCING: postings.badgeFinancing };
    const any = or(...f.badge.map((b) => eq(columns[b], true)));
    if (any) c.push(any);
  }
  if (f.swap) c.push(eq(postings.swap, true));
  if (f.serviceBook) c.push(eq(postings.serviceBook, true));
  if (f.metallic) c.push(eq(postings.metallic, true));
  if (f.hasRentalOptions) c.push(eq(postings.hasRentalOptions, true));
  if (f.hiddenVin) c.push(eq(postings.hiddenVin, false));
  if (f.postingAge) {
    const since = f.postingAge === "TODAY" ? startOfLjubljanaDay(ctx.now) : new Date(ctx.now.getTime() - Number(f.postingAge.slice(1, -1)) * 86_400_000);
    c.push(gte(postings.publishedAt, since.toISOString()));
  }
  // Equipment narrows: a posting must have every chosen item.
  if (use("eq")) for (const code of f.eq) c.push(sql`EXISTS (SELECT 1 FROM posting_equipment pe WHERE pe.posting_id = ${postings.id} AND pe.code = ${code})`);
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

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(postings).where(where).get();
  return row?.n ?? 0;
}

/**
 * One page of matching postings: featured ones first, then the rest in the chosen sort, and
 * postings without a value for the sort key (e.g. rental-only without a price) last. Each
 * segment is read in index order with its own LIMIT, so no query sorts the whole result.
 */
export async function searchPostings(db: Db, f: SearchFilters, ctx: SearchContext, page: { offset: number; limit: number; sort: SearchSort }) {
  const base = filterConditions(f, ctx);
  const nowIso = ctx.now.toISOString();
  const key = sortKeys[page.sort];
  const order = [key.direction === "asc" ? asc(key.column) : desc(key.column), desc(postings.id)];
  const newestFirst = [desc(postings.publishedAt), desc(postings.id)];
  const segments: { where: SQL | undefined; orderBy: SQL[] }[] = [
    { where: and(...base, gt(postings.featuredUntil, nowIso)), orderBy: order },
    { where: and(...base, or(isNull(postings.featuredUntil), lte(postings.featuredUntil, nowIso)), isNotNull(key.column)), orderBy: order },
    { where: and(...base, or(isNull(postings.featuredUntil), lte(postings.featuredUntil, nowIso)), isNull(key.column)), orderBy: newestFirst },
  ];
  const counts = await Promise.all(segments.map((s) => countWhere(db, s.where)));
  const reads: Promise<PostingCardRow[]>[] = [];
  let start = 0;
  for (const [i, segment] of segments.entries()) {
    const size = counts[i] ?? 0;
    const from = Math.max(page.offset, start);
    const to = Math.min(page.offset + page.limit, start + size);
    if (from < to) {
      reads.push(
        selectCards(db)
          .where(segment.where)
          .orderBy(...segment.orderBy)
          .limit(to - from)
          .offset(from - start)
          .all(),
      );
    }
    start += size;
  }
  const rows = (await Promise.all(reads)).flat();
  return { rows, total: counts.reduce((a, b) => a + b, 0) };
}



const facetColumns: Partial<Record<FacetName, SQLiteColumn>> = {
  fuel: postings.fuel,
  body: postings.bodyType,
  color: postings.color,
  region: postings.contactRegion,
  transmission: postings.transmission,
  driveWheels: postings.driveWheels,
  damage: postings.damage,
  source: postings.vehicleCondition,
  euro: postings.euroStandard,
  interiorColor: postings.interiorColor,
  interior: postings.interiorMaterial,
  roof: postings.roofType,
  priceType: postings.priceType,
  postingSource: postings.postingSource,
};

export type FacetCount = { value: string; label?: string; count: number };

/** Counts per value of one facet (spec: marketplace/count-by/{spreadParamName}), most frequent first. */
export async function countByFacet(db: Db, facet: FacetName, f: SearchFilters, ctx: SearchContext): Promise<FacetCount[]> {
  const ownKey = facet === "manufacturer" || facet === "model" ? "model" : facet;
  const where = and(...filterConditions(f, ctx, new Set([ownKey])));
  const n = sql<number>`count(*)`;
  const column = facetColumns[facet];
  if (column) {
    const rows = await db.select({ value: column, count: n }).from(postings).where(and(where, isNotNull(column))).groupBy(column).orderBy(desc(n)).all();
    return rows.map((r) => ({ value: String(r.value), count: r.count }));
  }
  if (facet === "manufacturer") {
    const rows = await db
      .select({ value: manufacturers.code, label: manufacturers.name, count: n })
      .from(postings)
      .innerJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
      .where(where)
      .groupBy(manufacturers.id)
      .orderBy(desc(n))
      .all();
    return rows;
  }
  if (facet === "model") {
    // Models of the chosen makes only (all makes when none is chosen), the make filter applied.
    const makes = [...new Set(f.model.map((m) => m.manufacturer))];
    const rows = await db
      .select({ make: manufacturers.code, value: baseModels.code, label: baseModels.name, count: n })
      .from(postings)
      .innerJoin(baseModels, eq(baseModels.id, postings.baseModelId))
      .innerJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
      .where(and(where, makes.length > 0 ? inArray(manufacturers.code, makes) : undefined))
      .groupBy(baseModels.id)
      .orderBy(desc(n))
      .all();
    return rows.map((r) => ({ value: `${r.make}(${r.value})`, label: r.label, count: r.count }));
  }
  if (facet === "seller") {
    const kind = sql<string>`CASE WHEN ${postings.dealershipId} IS NULL THEN 'person' ELSE 'dealer' END`;
    return db.select({ value: kind, count: n }).from(postings).where(where).groupBy(kind).orderBy(desc(n)).all();
  }
  if (facet === "badge") {
    const row = await db
      .select({
        PROMISING: sql<number>`coalesce(sum(${postings.badgePromising}), 0)`,
        VERIFIED: sql<number>`coalesce(sum(${postings.badgeVerified}), 0)`,
        GOOD_BUY: sql<number>`coalesce(sum(${postings.badgeGoodBuy}), 0)`,
        FINANCING: sql<number>`coalesce(sum(${postings.badgeFinancing}), 0)`,
      })
      .from(postings)
      .where(where)
      .get();
    return Object.entries(row ?? {}).map(([value, count]) => ({ value, count: Number(count) })).filter((r) => r.count > 0);
  }
  // eq: how many matching postings have each equipment item.
  const rows = await db
    .select({ value: sql<string>`pe.code`, count: n })
    .from(postings)
    .innerJoin(sql`posting_equipment pe`, sql`pe.posting_id = ${postings.id}`)
    .where(where)
    .groupBy(sql`pe.code`)
    .orderBy(desc(n))
    .all();
  return rows;
}

/** Similar vehicles: same model (else same make), price and year close, most similar first. */
export async function findSimilar(db: Db, postingCode: string, options: { dealerCode: string | null; limit: number; now: Date }) {
  const origin = await db
    .select({ id: postings.id, manufacturerId: postings.manufacturerId, baseModelId: postings.baseModelId, searchPrice: postings.searchPrice, modelYear: postings.modelYear })
    .from(postings)
    .where(eq(postings.code, postingCode))
    .get();
  if (!origin) return null;
  const price = origin.searchPrice ?? 0;
  const closeness = sql`abs(coalesce(${postings.searchPrice}, 0) - ${price}) / 100000.0 + abs(coalesce(${postings.modelYear}, 0) - ${origin.modelYear ?? 0})`;
  const dealerCondition = options.dealerCode ? sql`${postings.dealershipId} = (SELECT id FROM ${dealerships} WHERE code = ${options.dealerCode})` : undefined;
  const common = and(eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false), ne(postings.id, origin.id), dealerCondition);
  const sameModel = origin.baseModelId === null ? [] : await selectCards(db).where(and(common, eq(postings.baseModelId, origin.baseModelId))).orderBy(closeness).limit(options.limit).all();
  if (sameModel.length >= options.limit || origin.manufacturerId === null) return sameModel;
  const sameMake = await selectCards(db)
    .where(and(common, eq(postings.manufacturerId, origin.manufacturerId), origin.baseModelId === null ? undefined : ne(postings.baseModelId, origin.baseModelId)))
    .orderBy(closeness)
    .limit(options.limit - sameModel.length)
    .all();
  return [...sameModel, ...sameMake];
}
