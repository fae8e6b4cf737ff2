import {
  and,
  asc,
  Column,
  desc,
  eq,
  gt,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SearchFilters, SearchSort } from "~/domain/search-filters";
import type { Db } from "./client.server";
import { type SessionRow, sessionStatement } from "./users.server";
import { hotQuery } from "./hot-sql.server";
import { byCodeOrId, coverKey } from "./posting-columns.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { dealerships } from "./schema/dealerships";
import { favorites } from "./schema/engagement";
import { postings } from "./schema/postings";
import {
  featuredIndex,
  filterConditions,
  postingsIndexedBy,
  type SearchContext,
  searchIndex,
  sortKeys,
  toMinute,
} from "./search-conditions.server";
import {
  countSearch,
  countWhere,
  generationQuery,
  lastSeenGeneration,
  liveCount,
  peekCount,
  peekLiveCount,
  peekSearchTotal,
  sawGeneration,
  searchGenerationOf,
} from "./search-counts.server";

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
  priceRating: postings.priceRating,
  lastPriceChange: postings.lastPriceChange,
  lastPriceChangeAt: postings.lastPriceChangeAt,
  coverKey,
} as const;

export type PostingCardRow = Awaited<ReturnType<ReturnType<typeof selectCards>["all"]>>[number];

/**
 * The card's columns for a statement of a D1 batch (decision 089). A batch answers rows as objects keyed by column
 * name, and the card's joined tables share names (code, name: decision 086), so every column goes under an alias of
 * its own; drizzle maps them back by position with the columns' own mappers.
 */
const aliasedCardColumns = Object.fromEntries(
  Object.entries(cardColumns).map(([key, column]) => [
    key,
    (is(column, Column) ? sql`${column}`.mapWith(column) : sql`${column}`).as(`card_${key}`),
  ]),
) as unknown as typeof cardColumns;

/**
 * A signed-in page's search (issue 27, decision 089): the session's statement (`sessionStatement`, with `GET me`'s
 * profile, at the exact instant `now`) goes first in the search's first D1 round trip, and `settle` takes its row
 * before anything else is read.
 */
export type SessionFirst = { hash: string; now: string; settle: (row: SessionRow | undefined) => void };

/** Runs `query` (aliased for a batch) after the session's statement in one batch, and settles the session. */
async function afterSession<T>(db: Db, first: SessionFirst, query: SQLiteSelectBatchable<T>): Promise<T[]> {
  const [session, rows] = await db.batch([sessionStatement(db, first.hash, first.now, true), query]);
  first.settle(session[0]);
  return rows as T[];
}

type SQLiteSelectBatchable<T> = BatchItem<"sqlite"> & { all(): Promise<T[]> };

/** The data generation, read in the same statement as a page of cards (one snapshot). */
const generationColumn = sql<number | null>`(SELECT n FROM search_generation WHERE id = 1)`;

function selectCards(db: Db) {
  return db
    .select(cardColumns)
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId));
}

/** Published, visible postings' cards by code (a signed-out visitor's favourites kept in the browser). */
export function findPublishedCardsByCodes(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return selectCards(db)
    .where(and(inArray(postings.code, [...codes]), eq(postings.status, "PUBLISHED"), eq(postings.hidePosting, false)))
    .all();
}

/** One posting's card whatever its status: the seller's preview of a draft shows the card buyers will see. */
export function findPostingCardById(db: Db, id: number) {
  return selectCards(db).where(eq(postings.id, id)).get();
}

// Walking the sort index costs about (rows wanted) / (share of postings that match) row reads;
// past this many, seeking the matches with the covering index and sorting them is cheaper.
const maxSortIndexWalk = 4000;

/**
 * One page of matching postings: featured ones first (not in the best-price sort), then the rest in the chosen sort, and
 * postings without a value for the sort key (e.g. rental-only without a price) last. Each
 * segment is read in index order with its own LIMIT, so no query sorts the whole result.
 */
export async function searchPostings(
  db: Db,
  f: SearchFilters,
  ctxIn: SearchContext,
  page: { offset: number; limit: number; sort: SearchSort },
  sessionFirst?: SessionFirst,
) {
  // The session's statement rides in whichever read comes first (decision 089), once.
  let first = sessionFirst;
  const take = () => {
    const taken = first;
    first = undefined;
    return taken;
  };
  // Minute precision is plenty for "featured until" and posting age, and lets counts be cached.
  const ctx = { ...ctxIn, now: toMinute(ctxIn.now) };
  const base = filterConditions(f, ctx);
  const nowIso = ctx.now.toISOString();
  const key = sortKeys[page.sort];
  const order = [key.direction === "asc" ? asc(key.column) : desc(key.column), desc(postings.id)];
  const newestFirst = [desc(postings.publishedAt), desc(postings.id)];
  const featured = gt(postings.featuredUntil, nowIso);
  // Paid featuring buys the first places in every sort but "Najboljša cena glede na trg": there the order is the
  // rating's alone, featured cars in their place by price (issue 28, "nobody can pay for a rating"; decision 088).
  const paidFirst = page.sort !== "bestPrice";
  const notFeatured = paidFirst ? or(isNull(postings.featuredUntil), lte(postings.featuredUntil, nowIso)) : undefined;
  const segments: { where: SQL | undefined; orderBy: SQL[] }[] = [
    { where: and(...base, featured), orderBy: order },
    { where: and(...base, notFeatured, isNotNull(key.column)), orderBy: order },
    { where: and(...base, notFeatured, isNull(key.column)), orderBy: newestFirst },
  ];
  // One broad count (a scan of the covering search index); the featured and key-less segments are
  // small and counted through their own indexes; the middle segment is the difference.
  // Featured postings are few: their own index finds them faster than any filter index.
  // Favourites are one user's: their counts are never cached.
  const where = { all: and(...base), featured: segments[0]?.where, keyless: segments[2]?.where };
  const now = Date.now();
  // The bet (decision 080): with the counts of the generation this isolate saw last still cached, the page is
  // read in one round trip with the generation; it stands if the generation did not move (a batch is one snapshot).
  const bet = f.favorites ? null : lastSeenGeneration();
  if (bet !== null) {
    const total = peekSearchTotal(db, f, where.all, bet, now);
    const featuredCount = paidFirst ? peekCount(db, where.featured, bet, featuredIndex, now) : 0;
    const keylessCount = key.nullable === false ? 0 : peekCount(db, where.keyless, bet, undefined, now);
    const live = peekLiveCount(bet, ctx.now.getTime());
    if (total !== null && featuredCount !== null && keylessCount !== null && live !== null) {
      // The generation rides in the page's own statement (a D1 batch would map joined columns by name).
      const counts = { total, featuredCount, keylessCount, live };
      const session = take();
      const query = pageQuery(db, segments, page, key, counts, true, session !== undefined);
      const rows = query ? await (session ? afterSession(db, session, query) : query.all()) : [];
      // No row, no generation: the page past the end (or emptied by a write) is read the long way.
      const generation = query ? (rows[0]?.generation ?? null) : await generationOf(db, session);
      if (query && generation !== null) sawGeneration(generation);
      if (generation === bet) return { rows: rows.map(({ generation: _, ...card }) => card), total };
    }
  }
  const generation = f.favorites ? null : await generationOf(db, take());
  const [total, featuredCount, keylessCount, live] = await Promise.all([
    countSearch(db, f, where.all, generation),
    paidFirst ? countWhere(db, where.featured, generation, featuredIndex) : 0,
    key.nullable === false ? 0 : countWhere(db, where.keyless, generation),
    liveCount(db, ctx.now.getTime(), generation),
  ]);
  const query = pageQuery(db, segments, page, key, { total, featuredCount, keylessCount, live });
  const rows = query ? await query.all() : [];
  return { rows: rows.map(({ generation: _, ...card }) => card), total };
}

/** The data generation (`searchGenerationOf`); with `session`, read after the session's statement in one batch. */
async function generationOf(db: Db, session: SessionFirst | undefined) {
  if (!session) return searchGenerationOf(db);
  const [row] = await afterSession(db, session, generationQuery(db));
  const generation = row?.n ?? null;
  sawGeneration(generation);
  return generation;
}

/**
 * The page as one query: each segment's slice of ids (read through its own index, limited), concatenated in
 * segment order and joined to the card columns; null when the page is past the end.
 */
function pageQuery(
  db: Db,
  segments: { where: SQL | undefined; orderBy: SQL[] }[],
  page: { offset: number; limit: number },
  key: (typeof sortKeys)[SearchSort],
  n: { total: number; featuredCount: number; keylessCount: number; live: number },
  withGeneration = false,
  forBatch = false,
) {
  const walk = ((page.offset + page.limit) * n.live) / Math.max(1, n.total);
  const middleIndex = walk <= maxSortIndexWalk ? key.index : searchIndex;
  const counts = [n.featuredCount, Math.max(0, n.total - n.featuredCount - n.keylessCount), n.keylessCount];
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
  if (parts.length === 0) return null;
  const generation = withGeneration ? generationColumn : sql<null>`NULL`;
  return db
    .select(
      forBatch
        ? { ...aliasedCardColumns, generation: generation.as("card_generation") }
        : { ...cardColumns, generation },
    )
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .innerJoin(sql`(${sql.join(parts, sql` UNION ALL `)}) AS page`, sql`page.id = ${postings.id}`)
    .orderBy(sql`page.seg`, sql`page.r`);
}

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

type SimilarVariant = `${"id" | "code"}/${"all" | "dealer"}`;
type SimilarValues = { origin: SQLWrapper; dealerCode: SQLWrapper; limit: SQLWrapper };

/**
 * The similar vehicles' statement (issue 27): the origin's make, model, price and year are read by scalar
 * subqueries (SQLite evaluates each once), same-model cars first, then same-make ones. Under UNION ALL with one
 * LIMIT SQLite stops after the first arm when it gives enough, as the two queries this replaced did. Its SQL is
 * built once per isolate for each shape (origin by id or code, with or without a dealership: decision 089).
 * This is the similar cars' ids, ranked (`page.seg`, `page.r`), as the subquery the cards are joined to.
 */
function similarPage(p: SimilarValues, variant: SimilarVariant) {
  const [by, scope] = variant.split("/");
  const origin = (column: string) =>
    sql`(SELECT ${sql.raw(column)} FROM ${postings} WHERE ${sql.raw(by === "id" ? "id" : "code")} = ${p.origin})`;
  const [make, model] = [origin("manufacturer_id"), origin("base_model_id")];
  // By the listed price: a "Po dogovoru" car's kept amount must not steer the order (migration 0039); where either car
  // shows no price, only the year counts.
  const closeness = sql`coalesce(abs(${postings.listedPrice} - ${origin("listed_price")}), 0) / 100000.0 + abs(coalesce(${postings.modelYear}, 0) - coalesce(${origin("model_year")}, 0))`;
  const dealerCondition =
    scope === "dealer"
      ? sql` AND ${postings.dealershipId} = (SELECT id FROM ${dealerships} WHERE code = ${p.dealerCode})`
      : sql``;
  // The make is implied by the model, but naming it lets SQLite seek postings_search on
  // (status, hide_posting, manufacturer_id, base_model_id) instead of walking every visible posting.
  const common = sql`${postings.status} = 'PUBLISHED' AND ${postings.hidePosting} = 0 AND ${postings.id} != ${origin("id")} AND ${postings.manufacturerId} = ${make}${dealerCondition}`;
  const arm = (tier: number, where: SQL) =>
    sql`SELECT id, ${sql.raw(String(tier))} AS seg, row_number() OVER () AS r FROM (SELECT "postings"."id" AS id FROM ${postings} WHERE ${common} AND ${where} ORDER BY ${closeness} LIMIT ${p.limit})`;
  return sql`(SELECT * FROM (${arm(0, sql`${postings.baseModelId} = ${model}`)}) UNION ALL SELECT * FROM (${arm(1, sql`(${model} IS NULL OR ${postings.baseModelId} != ${model})`)}) LIMIT ${p.limit}) AS page`;
}

const similarQuery = hotQuery(["origin", "dealerCode", "limit"], (db, p, variant: SimilarVariant) =>
  selectCards(db).innerJoin(similarPage(p, variant), sql`page.id = ${postings.id}`).orderBy(sql`page.seg`, sql`page.r`),
);

/**
 * The same cards as one statement of a D1 batch (the posting page's, decision 089). A batch answers rows as
 * objects keyed by column name, and the card's joined tables share names (code, name: decision 086), so every
 * column goes under an alias of its own; drizzle maps them back by position with the columns' own mappers.
 */
export function similarCardsStatement(db: Db, p: SimilarValues, by: "id" | "code") {
  return db
    .select(aliasedCardColumns)
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .innerJoin(similarPage(p, `${by}/all`), sql`page.id = ${postings.id}`)
    .orderBy(sql`page.seg`, sql`page.r`);
}

/** How many similar cars a posting page's carousel (and `GET marketplace/similar-vehicles`) shows at most. */
export const similarShown = 12;

/** Similar vehicles: same model (else same make), price and year close, most similar first. */
export async function findSimilar(db: Db, postingCode: string, options: { dealerCode: string | null; limit: number }) {
  const byId = /^\d{1,12}$/.test(postingCode);
  const rows = await similarQuery(db, `${byId ? "id" : "code"}/${options.dealerCode ? "dealer" : "all"}`, {
    origin: byId ? Number(postingCode) : postingCode,
    dealerCode: options.dealerCode,
    limit: options.limit,
  });
  if (rows.length > 0) return rows;
  // No similar cars: whether the posting exists decides between [] and 404.
  const exists = await db.select({ id: postings.id }).from(postings).where(byCodeOrId(postingCode)).get();
  return exists ? [] : null;
}

/** Published after `since` (and, for the alert job, by `until`: what its mark covers). */
const publishedBetween = (since: string, until?: string) =>
  until === undefined
    ? [gt(postings.publishedAt, since)]
    : [gt(postings.publishedAt, since), lte(postings.publishedAt, until)];

/** Matches published after `since` (new results of a saved search); not cached: it is per user. */
export async function countNewMatches(db: Db, f: SearchFilters, since: string, ctx: SearchContext, until?: string) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(postingsIndexedBy(searchIndex))
    .where(and(...filterConditions(f, { ...ctx, now: toMinute(ctx.now) }), ...publishedBetween(since, until)))
    .get();
  return row?.n ?? 0;
}

/** The newest matches published after `since` (by `until`), for the alert e-mail. */
export async function newestMatches(
  db: Db,
  f: SearchFilters,
  window: { since: string; until: string },
  limit: number,
  ctx: SearchContext,
) {
  return selectCards(db)
    .where(
      and(...filterConditions(f, { ...ctx, now: toMinute(ctx.now) }), ...publishedBetween(window.since, window.until)),
    )
    .orderBy(desc(postings.publishedAt))
    .limit(limit)
    .all();
}

/** A posting a buyer can see whose last price change is a reduction (the card's drop mark, decision 088). */
const droppedNow = () => [
  eq(postings.status, "PUBLISHED"),
  eq(postings.hidePosting, false),
  ne(postings.priceType, "NEGOTIABLE"),
  lt(postings.lastPriceChange, 0),
];

/**
 * A drop worth a saved search's e-mail: at least 1 % under the lowest price of the 30 days before (decision 088). The
 * card marks every reduction; a digest of cars the buyer did not single out leaves out cuts of a few euros.
 */
const worthTelling = () =>
  sql`-${postings.lastPriceChange} * 100 >= ${postings.searchPrice} - ${postings.lastPriceChange}`;

/**
 * Postings whose price dropped after `after` (decision 088: under the lowest price of the 30 days before, by at least
 * 1 %), still published, visible and with a price: the candidates of the saved-search alerts, read once per run.
 */
export function recentPriceDrops(db: Db, after: string) {
  return db
    .select({ id: postings.id, publishedAt: postings.publishedAt, changedAt: postings.lastPriceChangeAt })
    .from(postings)
    .where(and(...droppedNow(), worthTelling(), gt(postings.lastPriceChangeAt, after)))
    .all();
}

/**
 * Which of the dropped postings `ids` match a saved search (its own filters, published only), the largest drop
 * first, with how many match in all. The ids are looked up by rowid (NOT INDEXED): the cost is the number of
 * drops, whatever the search's breadth.
 */
export async function droppedMatches(
  db: Db,
  f: SearchFilters,
  drops: { ids: readonly number[]; publishedBy: string; after: string; until: string },
  limit: number,
  ctx: SearchContext,
) {
  if (drops.ids.length === 0) return { total: 0, rows: [] };
  const where = and(
    sql`${postings.id} IN (SELECT value FROM json_each(${JSON.stringify(drops.ids)}))`,
    ...filterConditions(f, { ...ctx, now: toMinute(ctx.now) }),
    // Checked again: the price may have moved since the candidates were read.
    ...droppedNow(),
    worthTelling(),
    gt(postings.lastPriceChangeAt, drops.after),
    lte(postings.lastPriceChangeAt, drops.until),
    lte(postings.publishedAt, drops.publishedBy),
  );
  const rows = await db
    .select({ ...cardColumns, searchPrice: postings.searchPrice, total: sql<number>`hit.total` })
    .from(postings)
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .innerJoin(
      sql`(SELECT "postings"."id" AS id, count(*) OVER () AS total FROM ${postings} NOT INDEXED WHERE ${where}) AS hit`,
      sql`hit.id = ${postings.id}`,
    )
    .orderBy(asc(postings.lastPriceChange), desc(postings.id))
    .limit(limit)
    .all();
  return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _, ...card }) => card) };
}

/** The user's liked postings (newest like first) with the price they had when liked. */
export function findFavoriteCards(db: Db, userId: number) {
  return db
    .select({
      card: cardColumns,
      priceAtLike: favorites.priceAtLike,
      priceAlert: favorites.priceAlert,
      searchPrice: postings.searchPrice,
      shownPrice: postings.shownPrice,
    })
    .from(favorites)
    .innerJoin(postings, eq(postings.id, favorites.postingId))
    .leftJoin(manufacturers, eq(manufacturers.id, postings.manufacturerId))
    .leftJoin(baseModels, eq(baseModels.id, postings.baseModelId))
    .where(and(eq(favorites.userId, userId), ne(postings.status, "DRAFT")))
    .orderBy(desc(favorites.createdAt))
    .all();
}
